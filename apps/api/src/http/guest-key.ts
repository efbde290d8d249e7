import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { GUEST_KEY_HEADER, guestKeySchema } from '@bible-qa/contract';
import { AppError } from './app-error.ts';

/**
 * The guest key the client holds (the Guest-Key header), as the server keeps it: a SHA-256 digest, so the key a
 * client sends never lands in Redis, the database or a log. Undefined when the header is absent; a malformed one
 * is refused.
 */
export function guestKeyOf(request: FastifyRequest): string | undefined {
  const raw = request.headers[GUEST_KEY_HEADER.toLowerCase()];
  if (raw === undefined) return undefined;
  const parsed = guestKeySchema.safeParse(raw);
  if (!parsed.success) throw new AppError('invalid_request');
  return digest(parsed.data);
}

/** The same digest where a malformed key is no key (the request scope, read by a login that adopts the guest). */
export function validGuestKeyOf(request: FastifyRequest): string | undefined {
  const parsed = guestKeySchema.safeParse(request.headers[GUEST_KEY_HEADER.toLowerCase()]);
  return parsed.success ? digest(parsed.data) : undefined;
}

const digest = (key: string) => createHash('sha256').update(key).digest('base64url');
