import {
  ADULT_AGE,
  USER_AGREEMENT_VERSION,
  type AccountMode,
  type CodeRequests,
  type Expression,
  type Interest,
  type ModifyMemberRequest,
  type UserInfo,
} from '@bible-qa/contract';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../auth/auth-session.service.ts';
import type { MeasuresRepository } from '../admin/measures.repository.ts';
import type { MemberRepository, UserRow, UserPatch } from './member.repository.ts';

const CODE_REQUESTS_LOOKBACK_MS = 7 * 24 * 3_600_000;

/** Whole years between a YYYY-MM-DD birth date and now (UTC). */
export function ageOn(birthDate: string, now: Date): number {
  const [y, m, d] = birthDate.split('-').map(Number) as [number, number, number];
  let age = now.getUTCFullYear() - y;
  if (now.getUTCMonth() + 1 < m || (now.getUTCMonth() + 1 === m && now.getUTCDate() < d)) age -= 1;
  return age;
}

export function toUserInfo(row: UserRow, { now, limited = false }: { now: Date; limited?: boolean }): UserInfo {
  return {
    id: row.id,
    name: row.name,
    sex: row.sex,
    role: row.role,
    themeColor: row.themeColor,
    darkMode: row.darkMode,
    language: row.language,
    expression: row.expression,
    phone: row.phone,
    email: row.email,
    pseudonym: row.pseudonym,
    avatar: row.avatar,
    profile: row.profile,
    interests: row.interests as Interest[],
    hasPassword: row.passwordHash !== null,
    agreementVersion: row.agreementVersion,
    agreedAt: row.agreedAt?.toISOString() ?? null,
    birthDate: row.birthDate,
    minor: row.birthDate !== null && ageOn(row.birthDate, now) < ADULT_AGE,
    guardianConsentAt: row.guardianConsentAt?.toISOString() ?? null,
    limited,
  };
}

/**
 * The member's own settings and consents (spec §1, §3, §5). Every verb acts on the caller's own account only: the
 * user id comes from the session, never from the request.
 */
export function createMemberService({
  members,
  measures,
  clock,
  eraseAccountTraces = async () => undefined,
  eraseUserData = async () => undefined,
  codeRequestsFromElsewhere,
  confirmIdentity,
}: {
  members: MemberRepository;
  measures: MeasuresRepository;
  clock: Clock;
  /** Removes what other tables keep under the account's phone or e-mail (pending codes). */
  eraseAccountTraces?: (identifiers: string[]) => Promise<void>;
  /** Removes what other features keep for the account outside its rows (stored screenshots), before the rows go. */
  eraseUserData?: (userId: string) => Promise<void>;
  /** Checks the caller is the owner (password, deregister code or a fresh login) before the account goes. */
  confirmIdentity?: (
    userId: string,
    proof: { password?: string | undefined; mode?: AccountMode | undefined; code?: string | undefined },
    ctx: { ip: string; loginStartedAt: Date },
  ) => Promise<void>;
  /** Codes asked for the account since a time from addresses other than one (the audit log's code_requested). */
  codeRequestsFromElsewhere?: (
    userId: string,
    since: Date,
    exceptIp: string,
  ) => Promise<{ count: number; lastAt: Date | null }>;
}) {
  async function info(userId: string): Promise<UserInfo> {
    const row = await members.findById(userId);
    // A session whose account is gone is no session.
    if (!row) throw new AppError('unauthorized');
    const now = clock.now();
    const limited = (await measures.inForce(userId, ['limitation'], now)).length > 0;
    return toUserInfo(row, { now, limited });
  }

  async function erase(userId: string): Promise<void> {
    const row = await members.findById(userId);
    if (!row) throw new AppError('unauthorized');
    await eraseUserData(userId);
    await members.delete(userId);
    await eraseAccountTraces([row.phone, row.email].filter((v): v is string => v !== null));
  }

  async function change(userId: string, patch: UserPatch): Promise<UserInfo> {
    const row = await members.update(userId, { ...patch, updatedAt: clock.now() });
    if (!row) throw new AppError('unauthorized');
    return info(userId);
  }

  return {
    info,
    /** Only the settings fields; the contract's schema has already dropped anything else. */
    modify: (userId: string, fields: ModifyMemberRequest) => change(userId, fields),
    updateExpression: (userId: string, expression: Expression) => change(userId, { expression }),
    setInterests: (userId: string, interests: Interest[]) => change(userId, { interests: [...new Set(interests)] }),
    async consentToAgreement(userId: string, version: string): Promise<UserInfo> {
      if (version !== USER_AGREEMENT_VERSION) throw new AppError('invalid_request', ['version']);
      return change(userId, { agreementVersion: version, agreedAt: clock.now() });
    },
    /** A birth date in the future or over 130 years ago is refused. */
    async declareBirthDate(userId: string, birthDate: string): Promise<UserInfo> {
      const age = ageOn(birthDate, clock.now());
      if (age < 0 || age > 130) throw new AppError('invalid_request', ['birthDate']);
      return change(userId, { birthDate });
    },
    async recordGuardianConsent(userId: string, guardian: { name: string; contact: string }): Promise<UserInfo> {
      return change(userId, {
        guardianName: guardian.name,
        guardianContact: guardian.contact,
        guardianConsentAt: clock.now(),
      });
    },
    /** Throws guardian_consent_required for a minor without a guardian's consent (spec §1, §5). */
    async assertConsented(userId: string): Promise<void> {
      const user = await info(userId);
      if (user.minor && !user.guardianConsentAt) throw new AppError('guardian_consent_required');
    },
    /**
     * Codes asked for the account from addresses other than the caller's, since the owner last saw the notice (at
     * most a week back): someone else knows the phone or address, which the owner should hear of.
     */
    async codeRequests(userId: string, ip: string): Promise<CodeRequests> {
      const row = await members.findById(userId);
      if (!row) throw new AppError('unauthorized');
      const weekAgo = new Date(clock.now().getTime() - CODE_REQUESTS_LOOKBACK_MS);
      const seen = row.codeRequestsSeenAt;
      const since = seen && seen > weekAgo ? seen : weekAgo;
      const found = (await codeRequestsFromElsewhere?.(userId, since, ip)) ?? { count: 0, lastAt: null };
      return { count: found.count, lastAt: found.lastAt?.toISOString() ?? null };
    },
    async codeRequestsSeen(userId: string): Promise<void> {
      await members.update(userId, { codeRequestsSeenAt: clock.now() });
    },
    /**
     * Deregistration (spec §4): once the caller has shown it is the owner (decision 0033), the account and its
     * personal data are erased at once; every session ends.
     */
    async deregister(
      userId: string,
      proof: { password?: string | undefined; mode?: AccountMode | undefined; code?: string | undefined },
      ctx: { ip: string; loginStartedAt: Date },
    ): Promise<void> {
      if (!(await members.findById(userId))) throw new AppError('unauthorized');
      if (!confirmIdentity) throw new AppError('reauth_required');
      await confirmIdentity(userId, proof, ctx);
      await erase(userId);
    },
    /** The deletion itself: by the owner (deregister) or by an admin's deletion measure. */
    erase,
  };
}
export type MemberService = ReturnType<typeof createMemberService>;
