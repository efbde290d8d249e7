import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import {
  EXTERNAL_ACCESS_WINDOW_MS,
  externalAccessSigningString,
  type Locale,
  type LoginResult,
} from '@bible-qa/contract';
import { AppError } from '../../http/app-error.ts';
import type { MemberRepository } from '../member/member.repository.ts';
import type { Clock } from './auth-session.service.ts';
import type { IdentityRepository } from './identity.repository.ts';
import type { LoginCompletion } from './login-completion.ts';
import type { OneTimeRepository } from './one-time.repository.ts';

/** A partner's signature over appId, timestamp and identity: lower-case hex HMAC-SHA256. */
export function signExternalAccess(secret: string, appId: string, timestamp: string | number, identity: string) {
  return createHmac('sha256', secret)
    .update(externalAccessSigningString(appId, timestamp, identity))
    .digest('hex');
}

/** Milliseconds from a 13-digit (ms) or 10-digit (s) timestamp; anything else is no timestamp. */
function readTimestamp(value: string | number): number | undefined {
  const text = String(value).trim();
  if (!/^\d{10}$|^\d{13}$/.test(text)) return undefined;
  return text.length === 10 ? Number(text) * 1000 : Number(text);
}

/**
 * External access (spec §3, §4): a partner platform links a user in. appId picks the partner and its secret
 * (EXTERNAL_PARTNERS); the token is the HMAC over the other fields, compared in constant time; the timestamp must
 * be within 5 minutes either way; a link works once (replays refused across servers). The partner's identity is
 * namespaced by appId, so it can never become a native account or another partner's user. Every failure answers
 * the same external_access_invalid.
 */
export function createExternalAccessService({
  oneTime,
  identities,
  members,
  completion,
  clock,
  partners,
}: {
  oneTime: OneTimeRepository;
  identities: IdentityRepository;
  members: MemberRepository;
  completion: LoginCompletion;
  clock: Clock;
  partners: Readonly<Record<string, string>>;
}) {
  return {
    async login(
      input: { appId: string | undefined; timestamp: string | number; identity: string; token: string },
      ctx: { locale: Locale },
    ): Promise<LoginResult> {
      const invalid = () => new AppError('external_access_invalid');
      const appId = input.appId ?? '';
      const secret = Object.hasOwn(partners, appId) ? partners[appId] : undefined;
      if (!secret) throw invalid();
      const now = clock.now();
      const at = readTimestamp(input.timestamp);
      if (at === undefined || Math.abs(now.getTime() - at) > EXTERNAL_ACCESS_WINDOW_MS) throw invalid();
      const expected = Buffer.from(signExternalAccess(secret, appId, input.timestamp, input.identity), 'hex');
      const given = /^[0-9a-f]{64}$/.test(input.token) ? Buffer.from(input.token, 'hex') : Buffer.alloc(0);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid();
      const nonce = createHash('sha256')
        .update(`${appId}:${expected.toString('hex')}`)
        .digest('hex');
      const keepUntil = new Date(at + EXTERNAL_ACCESS_WINDOW_MS + 60_000);
      if (!(await oneTime.claimNonce('external', nonce, keepUntil, now))) throw invalid();

      const provider = `partner:${appId}`;
      let userId = await identities.findUserId(provider, input.identity);
      if (!userId) {
        const created = await members.insert({ language: ctx.locale });
        userId = await identities.link(provider, input.identity, created.id, now);
        if (userId !== created.id) await members.delete(created.id);
      }
      const user = await members.findById(userId);
      if (!user) throw invalid();
      return completion.complete(user, { mode: 'external' });
    },
  };
}
export type ExternalAccessService = ReturnType<typeof createExternalAccessService>;
