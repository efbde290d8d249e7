import type { Measure, MeasureKind, UserInfo } from '@bible-qa/contract';
import { AppError } from '../../http/app-error.ts';
import type { AuditRecorder } from '../audit/audit.service.ts';
import type { AuthSessionService, Clock } from '../auth/auth-session.service.ts';
import { normalizeAnyAccount } from '../auth/identifiers.ts';
import type { MemberRepository } from '../member/member.repository.ts';
import type { MemberService } from '../member/member.service.ts';
import type { MeasureRow, MeasuresRepository } from './measures.repository.ts';

export function toMeasure(row: MeasureRow, now: Date): Measure {
  return {
    id: row.id,
    userId: row.userId,
    kind: row.kind,
    reason: row.reason,
    startsAt: row.startsAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    liftedAt: row.liftedAt?.toISOString() ?? null,
    liftReason: row.liftReason,
    liftedBy: row.liftedBy,
    createdBy: row.createdBy,
    active: row.liftedAt === null && row.startsAt <= now && (row.expiresAt === null || row.expiresAt > now),
  };
}

/**
 * Account measures (spec §4), applied by admins. Suspension and lock end every session of the account at once and
 * refuse every login path until they expire or are lifted; deletion erases the account; limitation leaves login
 * but refuses changes; a warning is recorded only.
 */
export function createMeasuresService({
  measures,
  members,
  member,
  sessions,
  clock,
  audit,
  onBarred = () => undefined,
}: {
  audit: AuditRecorder;
  measures: MeasuresRepository;
  members: MemberRepository;
  member: MemberService;
  sessions: AuthSessionService;
  clock: Clock;
  /** A suspension or lock took effect: work running for the user (generations) stops too. */
  onBarred?: (userId: string) => void;
}) {
  return {
    async apply(input: {
      userId: string;
      kind: MeasureKind;
      reason: string;
      expiresAt?: string | null;
      createdBy: string | null;
    }): Promise<Measure> {
      const now = clock.now();
      if (!(await members.findById(input.userId))) throw new AppError('not_found');
      const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
      if (expiresAt && expiresAt <= now) throw new AppError('invalid_request', ['expiresAt']);
      const row = await measures.insert({
        userId: input.userId,
        kind: input.kind,
        reason: input.reason,
        startsAt: now,
        expiresAt,
        createdBy: input.createdBy,
        createdAt: now,
      });
      await audit.record({
        kind: 'measure_applied',
        actorId: input.createdBy,
        targetUserId: input.userId,
        reason: input.reason,
        detail: { measure: input.kind, measureId: row.id, expiresAt: expiresAt?.toISOString() ?? null },
      });
      if (input.kind === 'suspension' || input.kind === 'lock') {
        await sessions.revokeAll(input.userId);
        onBarred(input.userId);
      }
      if (input.kind === 'deletion') {
        await member.erase(input.userId);
        return toMeasure({ ...row, userId: null }, now);
      }
      return toMeasure(row, now);
    },

    async list(userId: string): Promise<Measure[]> {
      const now = clock.now();
      return (await measures.listByUser(userId)).map((row) => toMeasure(row, now));
    },

    /** Lifts a measure still on record as not lifted, keeping why and by whom. */
    async lift(input: { measureId: string; reason: string; liftedBy: string | null }): Promise<Measure> {
      const now = clock.now();
      const row = await measures.lift(input.measureId, now, { reason: input.reason, by: input.liftedBy });
      if (!row) throw new AppError('not_found');
      await audit.record({
        kind: 'measure_lifted',
        actorId: input.liftedBy,
        targetUserId: row.userId,
        reason: input.reason || null,
        detail: { measure: row.kind, measureId: row.id },
      });
      return toMeasure(row, now);
    },

    async findUser(account: string): Promise<UserInfo> {
      const parsed = normalizeAnyAccount(account);
      const row = parsed ? await members.findByAccount(parsed.mode, parsed.value) : undefined;
      if (!row) throw new AppError('not_found');
      return member.info(row.id);
    },
  };
}
export type MeasuresService = ReturnType<typeof createMeasuresService>;
