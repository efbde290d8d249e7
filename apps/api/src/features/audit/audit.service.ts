import { createHash, createHmac } from 'node:crypto';
import type {
  AccountMode,
  AuditDetail,
  AuditEvent,
  AuditKind,
  AuditPage,
  auditListQuerySchema,
} from '@bible-qa/contract';
import type { z } from 'zod';
import type { Logger } from 'pino';
import { AppError } from '../../http/app-error.ts';
import { currentRequest } from '../../http/request-scope.ts';
import { normalizeAnyAccount } from '../auth/identifiers.ts';
import type { MemberRepository } from '../member/member.repository.ts';
import type { Clock } from '../auth/auth-session.service.ts';
import type { AuditRepository, AuditRow } from './audit.repository.ts';

const HOUR = 3_600_000;
type AuditListQuery = z.infer<typeof auditListQuerySchema>;

export interface AuditEntry {
  kind: AuditKind;
  actorId?: string | null;
  targetUserId?: string | null;
  /** The phone number or address tried: stored only as its keyed digest. */
  account?: { channel: AccountMode; identifier: string };
  /** Defaults to the address of the request being served. */
  ip?: string | null;
  reason?: string | null;
  detail?: AuditDetail;
}

const view = (row: AuditRow): AuditEvent => ({
  id: row.id,
  at: row.at.toISOString(),
  kind: row.kind as AuditKind,
  actorId: row.actorId,
  targetUserId: row.targetUserId,
  accountHash: row.accountHash,
  ip: row.ip,
  requestId: row.requestId,
  reason: row.reason,
  detail: row.detail,
});

/**
 * The audit log (ASVS 16.3.1–16.3.3): every admin action and authentication event becomes a row in audit_events and
 * one `audit` log line, with who acted, on whom, from where and why. Phone numbers and addresses appear only as a
 * digest: keyed with AUDIT_ACCOUNT_KEY when it is set (a plain digest of a phone number can be reversed by trying
 * every number), so an admin can still find every event of one account by asking for it by its number.
 */
export function createAuditService({
  audits,
  clock,
  log,
  members,
  accountKey,
  retentionMs,
}: {
  audits: AuditRepository;
  members: Pick<MemberRepository, 'findByAccount'>;
  clock: Clock;
  log: Pick<Logger, 'info'>;
  accountKey: string | undefined;
  retentionMs: number;
}) {
  let prunedAt = 0;

  function hashAccount(channel: AccountMode, identifier: string): string {
    const text = `${channel}:${identifier}`;
    const digest = accountKey ? createHmac('sha256', accountKey).update(text) : createHash('sha256').update(text);
    return digest.digest('base64url').slice(0, 32);
  }

  return {
    hashAccount,

    async record(entry: AuditEntry): Promise<void> {
      const now = clock.now();
      const scope = currentRequest();
      const row = {
        at: now,
        kind: entry.kind,
        actorId: entry.actorId ?? null,
        targetUserId: entry.targetUserId ?? null,
        accountHash: entry.account ? hashAccount(entry.account.channel, entry.account.identifier) : null,
        ip: entry.ip ?? scope?.ip ?? null,
        requestId: scope?.requestId ?? null,
        reason: entry.reason ?? null,
        detail: entry.detail ?? {},
      };
      await audits.insert(row);
      const { at: _at, detail, ...line } = row;
      log.info({ audit: entry.kind, ...line, detail }, `audit: ${entry.kind}`);
      if (now.getTime() - prunedAt > HOUR) {
        prunedAt = now.getTime();
        await audits.deleteBefore(new Date(now.getTime() - retentionMs));
      }
    },

    /**
     * A page of the log, newest first. Asked by phone or address, it holds the account's events (as the target) and
     * the tries on that phone or address (by digest), whether or not an account has it; that wins over `userId`.
     */
    async list(query: AuditListQuery): Promise<AuditPage> {
      let targetUserId = query.userId;
      let accountHash: string | undefined;
      if (query.account) {
        const parsed = normalizeAnyAccount(query.account);
        if (!parsed) throw new AppError('invalid_request', ['account']);
        accountHash = hashAccount(parsed.mode, parsed.value);
        targetUserId = (await members.findByAccount(parsed.mode, parsed.value))?.id;
      }
      const { rows, total } = await audits.page(
        { kind: query.kind, targetUserId, accountHash },
        query.page,
        query.size,
      );
      return { items: rows.map(view), total };
    },
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
/** What the services that write to the log need of it. */
export type AuditRecorder = Pick<AuditService, 'record'>;
