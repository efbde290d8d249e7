import { randomBytes } from 'node:crypto';
import type { ChatEvent } from '@bible-qa/contract';
import type { DatabaseHandle } from '../db/client.ts';
import { createAuthSessionRepository } from '../features/auth/auth-session.repository.ts';
import { hashToken } from '../features/auth/auth-session.service.ts';
import { createMemberRepository } from '../features/member/member.repository.ts';

/** A user with a live session, made directly in the database (tests of features other than login). */
export async function createTestUser(database: DatabaseHandle, name = 'tester', now = new Date()) {
  const user = await createMemberRepository(database.db).insert({ name });
  const token = randomBytes(32).toString('base64url');
  await createAuthSessionRepository(database.db).insert({
    userId: user.id,
    accessTokenHash: hashToken(token),
    userTokenHash: hashToken(`${token}-user`),
    loginMode: 'test',
    accessExpiresAt: new Date(now.getTime() + 24 * 3_600_000),
    userTokenExpiresAt: new Date(now.getTime() + 48 * 3_600_000),
  });
  return { userId: user.id, token, headers: { authorization: `Bearer ${token}` } };
}

/** A chat event as a test reads it: the contract's union, with any field readable. */
export type SseEventLike = ChatEvent & Record<string, unknown>;

/** The events of a whole SSE body. */
export function parseSse(body: string): SseEventLike[] {
  return body
    .split('\n\n')
    .map(sseEvent)
    .filter((event): event is SseEventLike => event !== undefined);
}

/** The event of one SSE block (its `data:` line; `id:` and comment lines aside), or undefined for a comment. */
export function sseEvent(block: string): SseEventLike | undefined {
  const line = block.split('\n').find((l) => l.startsWith('data: '));
  return line ? (JSON.parse(line.slice(6)) as SseEventLike) : undefined;
}
