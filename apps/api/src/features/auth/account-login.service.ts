import type { AccountMode, Locale, LoginResult } from '@bible-qa/contract';
import { AppError } from '../../http/app-error.ts';
import { maskAddress } from '../../messaging/mask.ts';
import type { AuditRecorder } from '../audit/audit.service.ts';
import type { MemberRepository } from '../member/member.repository.ts';
import type { AttemptLimiter } from './attempt-limiter.ts';
import type { AuthSessionService, Clock } from './auth-session.service.ts';
import type { LoginCompletion } from './login-completion.ts';
import { newPasswordError, type PasswordHasher } from './password.ts';
import type { VerificationCodeService } from './verification-code.service.ts';

/** How recent a login must be to stand for the owner, for an account with no password, phone or address. */
const FRESH_LOGIN_MS = 10 * 60_000;

export interface LoginRequestContext {
  ip: string;
  locale: Locale;
  rememberMe?: boolean;
}

/**
 * Phone and e-mail accounts (spec §1, §4, §5): code logins (a new phone or address makes an account), password
 * logins, and setting or resetting the password with a code. A password login answers wrong_password whether the
 * account exists, has no password or the password is wrong, after the same argon2 work.
 */
export function createAccountLoginService({
  codes,
  limiter,
  members,
  hasher,
  completion,
  sessions,
  clock,
  audit,
}: {
  audit: AuditRecorder;
  codes: VerificationCodeService;
  limiter: AttemptLimiter;
  members: MemberRepository;
  hasher: PasswordHasher;
  completion: LoginCompletion;
  sessions: AuthSessionService;
  clock: Clock;
}) {
  function assertNewPassword(password: string, repeat: string) {
    const error = newPasswordError(password, repeat);
    if (error) throw new AppError(error);
  }

  return {
    async loginWithCode(
      channel: AccountMode,
      account: string,
      code: string,
      ctx: LoginRequestContext,
    ): Promise<LoginResult> {
      const identifier = codes.normalize(channel, account);
      await codes.verify({ channel, identifier, purpose: 'login', code, ip: ctx.ip });
      const user = await members.findOrCreateByAccount(channel, identifier, { language: ctx.locale });
      return completion.complete(user, {
        mode: channel === 'mobile' ? 'mobile_code' : 'mail_code',
        rememberMe: ctx.rememberMe,
        agreed: true,
        account: { channel, identifier },
      });
    },

    async loginWithPassword(
      channel: AccountMode,
      account: string,
      password: string,
      ctx: LoginRequestContext,
    ): Promise<LoginResult> {
      const identifier = codes.normalize(channel, account);
      const user = await limiter.attempt({ channel, identifier, ip: ctx.ip, path: 'password' }, async () => {
        const found = await members.findByAccount(channel, identifier);
        const right = await hasher.verify(found?.passwordHash ?? null, password);
        if (!found || !right) throw new AppError('wrong_password');
        return found;
      });
      return completion.complete(user, {
        mode: channel === 'mobile' ? 'mobile_password' : 'mail_password',
        rememberMe: ctx.rememberMe,
        agreed: true,
        account: { channel, identifier },
      });
    },

    /**
     * Shows the logged-in caller is the account's owner before something that cannot be undone (deletion): its
     * password, or a deregister code sent to its own phone or address; guesses of either count towards the login
     * lock. An account with neither (Google, a partner's) has only its login to show: a login of the last
     * FRESH_LOGIN_MS. Throws reauth_required when nothing was given, wrong_password or code_invalid when wrong.
     */
    async confirmIdentity(
      userId: string,
      proof: { password?: string | undefined; mode?: AccountMode | undefined; code?: string | undefined },
      ctx: { ip: string; loginStartedAt: Date },
    ): Promise<void> {
      const user = await members.findById(userId);
      if (!user) throw new AppError('unauthorized');
      const contact = user.phone
        ? ({ channel: 'mobile', identifier: user.phone } as const)
        : user.email
          ? ({ channel: 'mail', identifier: user.email } as const)
          : undefined;
      if (proof.password && contact) {
        await limiter.attempt({ ...contact, ip: ctx.ip, path: 'password' }, async () => {
          if (!(await hasher.verify(user.passwordHash, proof.password!))) throw new AppError('wrong_password');
        });
        return;
      }
      if (proof.code && proof.mode) {
        const identifier = proof.mode === 'mobile' ? user.phone : user.email;
        if (!identifier) throw new AppError('contact_missing');
        await codes.verify({ channel: proof.mode, identifier, purpose: 'deregister', code: proof.code, ip: ctx.ip });
        return;
      }
      const nothingToCheck = !user.passwordHash && !contact;
      if (nothingToCheck && clock.now().getTime() - ctx.loginStartedAt.getTime() <= FRESH_LOGIN_MS) return;
      throw new AppError('reauth_required');
    },

    /** Which of the caller's own channels can receive the set_password code. */
    async preCheckSetPassword(userId: string) {
      const user = await members.findById(userId);
      if (!user) throw new AppError('unauthorized');
      return {
        hasPassword: user.passwordHash !== null,
        mobile: user.phone ? maskAddress(user.phone) : null,
        email: user.email ? maskAddress(user.email) : null,
      };
    },

    /** A set_password code to the caller's own phone or address; every session ends, this device logs in anew. */
    async setPassword(
      userId: string,
      input: { mode: AccountMode; code: string; password: string; repeatPassword: string },
      ctx: LoginRequestContext,
    ): Promise<LoginResult> {
      const user = await members.findById(userId);
      if (!user) throw new AppError('unauthorized');
      const identifier = input.mode === 'mobile' ? user.phone : user.email;
      if (!identifier) throw new AppError('contact_missing');
      assertNewPassword(input.password, input.repeatPassword);
      await codes.verify({ channel: input.mode, identifier, purpose: 'set_password', code: input.code, ip: ctx.ip });
      const passwordHash = await hasher.hash(input.password);
      const updated = await members.update(userId, { passwordHash, updatedAt: clock.now() });
      await sessions.revokeAll(userId);
      await audit.record({ kind: 'password_changed', actorId: userId, targetUserId: userId, ip: ctx.ip });
      return completion.complete(updated ?? user, { mode: 'set_password', rememberMe: ctx.rememberMe });
    },

    /** Forgot password: a reset_password code; every session of the account ends. */
    async resetPassword(
      input: { channel: AccountMode; account: string; code: string; password: string; repeatPassword: string },
      ctx: LoginRequestContext,
    ): Promise<void> {
      const identifier = codes.normalize(input.channel, input.account);
      assertNewPassword(input.password, input.repeatPassword);
      await codes.verify({
        channel: input.channel,
        identifier,
        purpose: 'reset_password',
        code: input.code,
        ip: ctx.ip,
      });
      const user = await members.findByAccount(input.channel, identifier);
      if (!user) throw new AppError('code_invalid');
      await members.update(user.id, { passwordHash: await hasher.hash(input.password), updatedAt: clock.now() });
      await sessions.revokeAll(user.id);
      await audit.record({
        kind: 'password_reset',
        targetUserId: user.id,
        account: { channel: input.channel, identifier },
        ip: ctx.ip,
      });
    },
  };
}
export type AccountLoginService = ReturnType<typeof createAccountLoginService>;

/**
 * POST /portal/auth/login carries either the phone code login (mobile + code) or, with no credentials, the
 * automatic login with the stored user token (grantType social). Credentials win when both are present.
 */
export function createMobileLoginVerb(
  accounts: AccountLoginService,
  completion: LoginCompletion,
  readToken: (value: string | undefined) => string | undefined,
) {
  return async (
    body: { mobile?: string; code?: string; agree?: boolean; userToken?: string },
    ctx: LoginRequestContext,
  ): Promise<LoginResult> => {
    const mobile = body.mobile?.trim();
    const code = body.code?.trim() ? body.code : undefined;
    const userToken = readToken(body.userToken);
    if (!mobile && !code && userToken) return completion.relogin(userToken);
    if (!mobile) throw new AppError('phone_required');
    if (!code) throw new AppError('sms_code_required');
    if (body.agree !== true) throw new AppError('agreement_required');
    return accounts.loginWithCode('mobile', mobile, code, ctx);
  };
}
