import { z } from 'zod';

/**
 * Account measures (spec §4, §6), applied under /webapi/portal/admin by admins only. warning: recorded, no effect;
 * limitation: can log in and read, changes answer account_limited; suspension and lock: every login path refused and
 * every session ended; deletion: the account and its personal data are erased. Each has a reason and an optional
 * expiry (none: until lifted).
 */
export const MEASURE_KINDS = ['warning', 'limitation', 'suspension', 'lock', 'deletion'] as const;
export const measureKindSchema = z.enum(MEASURE_KINDS);
export type MeasureKind = z.infer<typeof measureKindSchema>;

/** POST /portal/admin/measures */
export const applyMeasureRequestSchema = z.object({
  userId: z.string().uuid(),
  kind: measureKindSchema,
  reason: z.string().trim().min(1).max(500),
  expiresAt: z.iso.datetime({ offset: true }).nullable().optional(),
});
export const measureSchema = z.object({
  id: z.string(),
  /** Null once the account was deleted. */
  userId: z.string().nullable(),
  kind: measureKindSchema,
  reason: z.string(),
  startsAt: z.string(),
  expiresAt: z.string().nullable(),
  liftedAt: z.string().nullable(),
  /** Why it was lifted, and by which admin (null when it expired or was lifted before reasons were kept). */
  liftReason: z.string().nullable().default(null),
  liftedBy: z.string().nullable().default(null),
  /** The admin who applied it; null for the system (risk ceiling). */
  createdBy: z.string().nullable(),
  active: z.boolean(),
});
export type Measure = z.infer<typeof measureSchema>;
/** GET /portal/admin/measures?userId= */
export const listMeasuresQuerySchema = z.object({ userId: z.string().uuid() });
/** POST /portal/admin/measures/lift: the reason is kept with the measure and in the audit log. */
export const liftMeasureRequestSchema = z.object({
  measureId: z.string().uuid(),
  reason: z.string().trim().min(1).max(500),
});
/** GET /portal/admin/users/find?account= (a phone number or an e-mail address in any spelling) */
export const findUserQuerySchema = z.object({ account: z.string().trim().min(1).max(320) });
/**
 * The audit log (GET /portal/admin/audit, admins only): admin actions (measures, lifts, feedback replies) and
 * authentication events (logins, failed logins, logouts, password changes, the login lock and its release).
 * A failed login names the account only by a digest (`accountHash`) and the address it came from.
 */
export const AUDIT_KINDS = [
  'measure_applied',
  'measure_lifted',
  'feedback_replied',
  'login',
  'login_failed',
  'logout',
  'password_changed',
  'password_reset',
  'account_locked',
  'account_unlocked',
  /** A login or reset code asked for an existing account (the owner is told of those from elsewhere). */
  'code_requested',
] as const;
export const auditKindSchema = z.enum(AUDIT_KINDS);
export type AuditKind = z.infer<typeof auditKindSchema>;
export const auditDetailSchema = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]));
export type AuditDetail = z.infer<typeof auditDetailSchema>;
export const auditEventSchema = z.object({
  id: z.string(),
  at: z.string(),
  kind: auditKindSchema,
  /** Who acted: the admin, or the user for their own login, logout or password; null for the system or a stranger. */
  actorId: z.string().nullable(),
  /** The account acted on, when known. */
  targetUserId: z.string().nullable(),
  /** A keyed digest of the phone number or e-mail address tried (failed logins, locks), never the address itself. */
  accountHash: z.string().nullable(),
  ip: z.string().nullable(),
  requestId: z.string().nullable(),
  reason: z.string().nullable(),
  detail: auditDetailSchema,
});
export type AuditEvent = z.infer<typeof auditEventSchema>;
/** GET /portal/admin/audit: newest first; filter by the account acted on (its id, or its phone or e-mail) and kind. */
export const auditListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
  userId: z.string().uuid().optional(),
  account: z.string().trim().min(1).max(320).optional(),
  kind: auditKindSchema.optional(),
});
export const auditPageSchema = z.object({ items: z.array(auditEventSchema), total: z.number().int() });
export type AuditPage = z.infer<typeof auditPageSchema>;
