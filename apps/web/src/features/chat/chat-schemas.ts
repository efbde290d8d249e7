import {
  chatEventSchema,
  chatTurnSchema,
  parallelSchema,
  recentSchema,
  sessionPageSchema,
  shareLinkSchema,
  translationSchema,
} from '@bible-qa/contract';
import { z } from 'zod';

/**
 * The contract validators chat answers are checked with. chat.queries.ts and chat-stream.ts import this module
 * lazily, so zod is fetched with the first answer, not with the chat page.
 */
export { chatEventSchema, parallelSchema, recentSchema, sessionPageSchema, shareLinkSchema };
export const chatTurnsSchema = z.array(chatTurnSchema);
export const translationsSchema = z.array(translationSchema);
