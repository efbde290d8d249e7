import { USER_AGREEMENT_VERSION, type AccountMode, type LoginResult } from '@bible-qa/contract';
import { AppError } from '../../http/app-error.ts';
import { currentRequest } from '../../http/request-scope.ts';
import type { MeasuresRepository } from '../admin/measures.repository.ts';
import type { AuditRecorder } from '../audit/audit.service.ts';
import type { MemberRepository, UserRow } from '../member/member.repository.ts';
import { toUserInfo } from '../member/member.service.ts';
import type { AuthSessionService, Clock, LoginMode, Tokens } from './auth-session.service.ts';

/**
 * The one door every login path goes through (code, password, Google, QR, external, token re-login): it refuses a
 * suspended, locked or deleted account, records agreement consent, grants the admin role to ADMIN_ACCOUNTS, starts
 * the session, lets what the browser kept as a guest become the account's (the request's guest key; decision
 * 0040) and shapes the login result (spec §3, §7). One door means no path forgets a check, or the guest's history.
 */
export function createLoginCompletion({
  members,
  measures,
  sessions,
  clock,
  adminAccounts,
  audit,
}: {
  members: MemberRepository;
  measures: MeasuresRepository;
  sessions: AuthSessionService;
  clock: Clock;
  /** Normalised phone numbers and e-mail addresses. */
  adminAccounts: ReadonlySet<string>;
  /** Every login, whatever its path, is written to the audit log (with its address, from the request). */
  audit: AuditRecorder;
}) {
  /** Called with the account and the request's guest key digest once a login is decided (onLogin). */
  const loginListeners: ((userId: string, guestKey: string | undefined) => Promise<void>)[] = [];
  const loggedIn = async (userId: string) => {
    const guestKey = currentRequest()?.guestKey;
    for (const listener of loginListeners) await listener(userId, guestKey);
  };

  async function assertCanLogin(userId: string): Promise<void> {
    const [blocking] = await measures.inForce(userId, ['deletion', 'lock', 'suspension'], clock.now());
    if (!blocking) return;
    throw new AppError(blocking.kind === 'suspension' ? 'account_suspended' : 'account_locked');
  }

  async function result(user: UserRow, tokens: Tokens): Promise<LoginResult> {
    const now = clock.now();
    const limited = (await measures.inForce(user.id, ['limitation'], now)).length > 0;
    return {
      access_token: tokens.accessToken,
      user_token: tokens.userToken,
      expires_in: tokens.expiresIn,
      user: toUserInfo(user, { now, limited }),
    };
  }

  return {
    assertCanLogin,

    /** Features that keep a guest's things (guests.service.ts) take them over for the account here. */
    onLogin(listener: (userId: string, guestKey: string | undefined) => Promise<void>): void {
      loginListeners.push(listener);
    },

    async complete(
      user: UserRow,
      {
        mode,
        rememberMe = false,
        agreed = false,
        account,
      }: {
        mode: LoginMode;
        rememberMe?: boolean;
        agreed?: boolean;
        /** The phone or address logged in with, for the audit log's digest. */
        account?: { channel: AccountMode; identifier: string };
      },
    ): Promise<LoginResult> {
      await assertCanLogin(user.id);
      const now = clock.now();
      const admin = [user.phone, user.email].some((v) => v !== null && adminAccounts.has(v));
      const updated =
        (await members.update(user.id, {
          lastLoginAt: now,
          ...(agreed ? { agreementVersion: USER_AGREEMENT_VERSION, agreedAt: now } : {}),
        })) ?? user;
      if (admin && updated.role !== 'admin') {
        await members.setRole(user.id, 'admin');
        updated.role = 'admin';
      }
      const tokens = await sessions.issue({ userId: user.id, mode, rememberMe });
      await loggedIn(user.id);
      await audit.record({
        kind: 'login',
        actorId: user.id,
        targetUserId: user.id,
        account,
        detail: { mode, rememberMe },
      });
      return result(updated, tokens);
    },

    /** POST /portal/auth/login with a user token: the same checks, new tokens for the same login. */
    async relogin(userToken: string): Promise<LoginResult> {
      const refreshed = await sessions.refresh(userToken);
      if (!refreshed) throw new AppError('unauthorized');
      const user = await members.findById(refreshed.userId);
      if (!user) throw new AppError('unauthorized');
      await assertCanLogin(user.id);
      await loggedIn(user.id);
      await audit.record({ kind: 'login', actorId: user.id, targetUserId: user.id, detail: { mode: 'user_token' } });
      return result(user, refreshed);
    },
  };
}
export type LoginCompletion = ReturnType<typeof createLoginCompletion>;
