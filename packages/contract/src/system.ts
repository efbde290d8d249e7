import { z } from 'zod';

export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  uptimeSeconds: z.number(),
  database: z.enum(['ok', 'down']),
  version: z.string(),
  corpus: z.object({
    status: z.enum(['preparing', 'ready', 'unavailable']),
    percent: z.number().min(0).max(100).optional(),
    versionId: z.number().optional(),
  }),
});
export type Health = z.infer<typeof healthSchema>;

/** GET /webapi/ready: whether this instance can answer (database reachable, a corpus version open). 503 when not. */
export const readinessSchema = z.object({
  ready: z.boolean(),
  database: z.enum(['ok', 'down']),
  corpus: z.object({
    status: z.enum(['preparing', 'ready', 'unavailable']),
    versionId: z.number().optional(),
  }),
});
export type Readiness = z.infer<typeof readinessSchema>;
