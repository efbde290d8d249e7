import { z } from 'zod';
import { annotationSchema } from './annotations.ts';
import { answerSchema, chatTurnSchema } from './chat.ts';
import { isoDateSchema } from './devotional.ts';
import { userInfoSchema } from './member.ts';
import { planIdSchema } from './plans.ts';

export const EXPORT_PATHS = { account: '/portal/export/account' } as const;

/** A plan the reader started, with every reading marked read (day and reading index, 0-based, and the date). */
export const planExportSchema = z.object({
  planId: planIdSchema,
  startDate: isoDateSchema,
  read: z.array(z.object({ day: z.number().int(), reading: z.number().int(), readOn: isoDateSchema })),
});

export const conversationExportSchema = z.object({
  id: z.string(),
  title: z.string(),
  updatedAt: z.string(),
  turns: z.array(chatTurnSchema),
});

/**
 * Everything the reader keeps, as one download (the privacy policy's promise): the account (null for a guest), its
 * conversations with every turn, its collections (also those whose conversation was deleted), its highlights,
 * bookmarks and notes, and its reading plans with what was read.
 */
export const accountExportSchema = z.object({
  format: z.literal('bible-qa-export'),
  version: z.literal(1),
  exportedAt: z.string(),
  account: userInfoSchema.nullable(),
  conversations: z.array(conversationExportSchema),
  collections: z.array(answerSchema),
  annotations: z.array(annotationSchema),
  plans: z.array(planExportSchema),
});
export type AccountExport = z.infer<typeof accountExportSchema>;
