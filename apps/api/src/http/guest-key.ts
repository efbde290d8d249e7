import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { GUEST_KEY_HEADER, guestKeyHeaderSchema } from '@bible-qa/contract';
import { AppError } from './app-error.ts';

/**
 * Guest keys the server issues (decision 0022): `<id>.<mac>`, 128 random bits and their HMAC-SHA256 under the
 * deployment's secret, so a guest is a key this server handed out (at a rate per address), never any string a client
 * makes up. The server keeps only a SHA-256 digest of the id, so a key never lands in Redis, the database or a log.
 */
export function createGuestKeys(secret: string) {
  const mac = (id: string) => createHmac('sha256', secret).update(`guest-key:${id}`).digest();

  /** The digest a key stands for when this deployment issued it; undefined for any other string. */
  function verify(key: string | undefined): string | undefined {
    const match = key ? /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/.exec(key) : null;
    if (!match) return undefined;
    const given = Buffer.from(match[2]!, 'base64url');
    const expected = mac(match[1]!);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    return createHash('sha256').update(match[1]!).digest('base64url');
  }

  return {
    issue(): string {
      const id = randomBytes(16).toString('base64url');
      return `${id}.${mac(id).toString('base64url')}`;
    },
    verify,
    /** The key the request's Guest-Key header carries, when this deployment issued it. */
    presented(request: FastifyRequest): string | undefined {
      const raw = request.headers[GUEST_KEY_HEADER.toLowerCase()];
      return typeof raw === 'string' ? raw : undefined;
    },
    /**
     * The guest a request is, as the server keeps it: the digest of a key it issued; undefined when the header is
     * absent, or holds a key it did not issue (an older client's own, or a forged one): such a guest is known by its
     * address, as one without a key. A header that is no key at all is refused.
     */
    of(request: FastifyRequest): string | undefined {
      const raw = request.headers[GUEST_KEY_HEADER.toLowerCase()];
      if (raw === undefined) return undefined;
      if (!guestKeyHeaderSchema.safeParse(raw).success) throw new AppError('invalid_request');
      return verify(raw as string);
    },
  };
}
export type GuestKeys = ReturnType<typeof createGuestKeys>;
