import { sql } from 'drizzle-orm';
import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { AuditDetail } from '@bible-qa/contract';

/**
 * The audit log: admin actions and authentication events, one row each (features/audit). No foreign keys: a row
 * outlives the account it names, until the retention period ends (AUDIT_RETENTION_DAYS). A failed login names the
 * account only by a keyed digest (account_hash), never the phone number or address.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    /** Insertion order, for events of the same instant. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    kind: text('kind').notNull(),
    actorId: uuid('actor_id'),
    targetUserId: uuid('target_user_id'),
    accountHash: text('account_hash'),
    ip: text('ip'),
    requestId: text('request_id'),
    reason: text('reason'),
    detail: jsonb('detail').$type<AuditDetail>().notNull().default({}),
  },
  (t) => [
    index('audit_events_at_idx').on(t.at, t.seq),
    index('audit_events_target_idx').on(t.targetUserId, t.at),
    index('audit_events_account_idx').on(t.accountHash, t.at),
    index('audit_events_kind_idx').on(t.kind, t.at),
  ],
);

export const auditSchema = { auditEvents };
