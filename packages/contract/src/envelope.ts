import { z } from 'zod';

export const SUCCESS_CODE = 0;

/** Every /webapi answer: `{ code, msg, data }` (spec §7–§8). */
export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), msg: z.string(), data });
}
export const errorEnvelopeSchema = z.object({
  code: z.number().int(),
  msg: z.string(),
  data: z.null(),
  requestId: z.string().optional(),
});
export type Envelope<T> = { code: number; msg: string; data: T };
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

/** sysName and platform travel on every call: merged into POST/PUT bodies, query parameters on GET (spec §3, §7). */
export const clientParamsSchema = z.object({
  sysName: z.string().max(64).optional(),
  platform: z.string().max(64).optional(),
});
export type ClientParams = z.infer<typeof clientParamsSchema>;
