import { createHash } from 'node:crypto';
import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { stripBidiControls, type AuthOptions, type LoginResult } from '@bible-qa/contract';
import { AppError } from '../../http/app-error.ts';
import type { MemberRepository } from '../member/member.repository.ts';
import type { Clock } from './auth-session.service.ts';
import { googleNonce, type CaptchaService } from './captcha.service.ts';
import type { IdentityRepository } from './identity.repository.ts';
import type { LoginCompletion } from './login-completion.ts';
import type { OneTimeRepository } from './one-time.repository.ts';

const GOOGLE_ISSUERS = ['https://accounts.google.com', 'accounts.google.com'];
/** The digest of a verified JWS's decoded signature bytes. */
const signatureDigest = (jws: string) =>
  createHash('sha256')
    .update(Buffer.from(jws.split('.')[2] ?? '', 'base64url'))
    .digest('hex');

/**
 * Google login (spec §3, §7, §8): first GET captcha/googleCaptcha (a key, the captcha and the attempt's nonce), then
 * the ID token with the captcha's key and answer. The token is verified against Google's key set (RS256 only):
 * issuer, audience = our client id, expiry, email_verified, and the nonce of this key's attempt. A token is
 * accepted once. The account is the Google subject (user_identities), never matched to another account by e-mail.
 */
export function createGoogleLoginService({
  oneTime,
  captchas,
  identities,
  members,
  completion,
  clock,
  clientId,
  jwksUrl,
  keys,
}: {
  oneTime: OneTimeRepository;
  captchas: CaptchaService;
  identities: IdentityRepository;
  members: MemberRepository;
  completion: LoginCompletion;
  clock: Clock;
  clientId: string | undefined;
  jwksUrl: string;
  /** Google's keys; fetched from jwksUrl (cached, refreshed on an unknown kid) unless given. */
  keys?: JWTVerifyGetKey;
}) {
  const keySet = keys ?? createRemoteJWKSet(new URL(jwksUrl), { timeoutDuration: 5_000, cooldownDuration: 30_000 });

  async function verifyIdToken(credential: string, nonce: string) {
    if (!clientId) throw new AppError('google_unavailable');
    try {
      const { payload } = await jwtVerify(credential, keySet, {
        issuer: GOOGLE_ISSUERS,
        audience: clientId,
        algorithms: ['RS256'],
        currentDate: clock.now(),
        requiredClaims: ['sub', 'exp', 'iat'],
      });
      if (payload.email_verified !== true || typeof payload.sub !== 'string' || !payload.exp)
        throw new Error('unverified');
      // Issued for this attempt: a token captured elsewhere, or asked for without our nonce, serves nothing.
      if (payload.nonce !== nonce) throw new Error('not this attempt');
      return { sub: payload.sub, exp: payload.exp, name: typeof payload.name === 'string' ? payload.name : '' };
    } catch (cause) {
      throw new AppError('google_token_invalid', [], { cause });
    }
  }

  return {
    /** The client id the web page needs for Google Identity Services, or null when Google is off. */
    options: (): AuthOptions => ({ googleClientId: clientId ?? null }),

    async login(
      input: { key: string; captcha: string; credential: string },
      ctx: { rememberMe?: boolean; locale: LoginResult['user']['language']; ip: string },
    ): Promise<LoginResult> {
      if (!clientId) throw new AppError('google_unavailable');
      await captchas.pass('google', input.key, input.captcha, ctx.ip);
      const claims = await verifyIdToken(input.credential, googleNonce(input.key));
      const now = clock.now();
      // Keyed on the signature's bytes, not its text: base64url leaves spare low bits, so one signature has
      // several spellings that all verify.
      const fresh = await oneTime.claimNonce(
        'google',
        signatureDigest(input.credential),
        new Date(claims.exp * 1000),
        now,
      );
      if (!fresh) throw new AppError('google_token_invalid');

      let userId = await identities.findUserId('google', claims.sub);
      if (!userId) {
        const created = await members.insert({
          name: stripBidiControls(claims.name).slice(0, 64),
          language: ctx.locale,
        });
        userId = await identities.link('google', claims.sub, created.id, now);
        if (userId !== created.id) await members.delete(created.id);
      }
      const user = await members.findById(userId);
      if (!user) throw new AppError('google_token_invalid');
      return completion.complete(user, { mode: 'google', rememberMe: ctx.rememberMe, agreed: true });
    },
  };
}
export type GoogleLoginService = ReturnType<typeof createGoogleLoginService>;
