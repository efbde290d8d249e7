import { z } from 'zod';
import { envelopeSchema, SUCCESS_CODE, type Envelope } from '@bible-qa/contract';

/** The success envelope. Routes return `ok(data)` and declare `okSchema(dataSchema)` as their 200 response. */
export function ok<T>(data: T): Envelope<T> {
  return { code: SUCCESS_CODE, msg: 'success', data };
}

export function okSchema<T extends z.ZodType>(data: T) {
  return envelopeSchema(data);
}

export const emptyOkSchema = envelopeSchema(z.null());
