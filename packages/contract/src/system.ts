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
