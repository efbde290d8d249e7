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
  /** With REDIS_URL: whether Redis answers (down degrades the fleet's sharing, not this instance's answers). */
  redis: z.enum(['ok', 'down']).optional(),
  /** Shutting down: still serving for a moment, but a balancer should send nothing more. */
  stopping: z.boolean().optional(),
});
export type Readiness = z.infer<typeof readinessSchema>;
