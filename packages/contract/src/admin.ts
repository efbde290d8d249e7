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
/** POST /portal/admin/measures/lift: the reason is kept with the measure. */
export const liftMeasureRequestSchema = z.object({
  measureId: z.string().uuid(),
  reason: z.string().trim().min(1).max(500),
});
/** GET /portal/admin/users/find?account= (a phone number or an e-mail address in any spelling) */
export const findUserQuerySchema = z.object({ account: z.string().trim().min(1).max(320) });
