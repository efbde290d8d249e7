import { z } from 'zod';
import { answerSchema } from './chat.ts';
import { expressionSchema } from './member.ts';

/**
 * Sharing (spec §1, §2): a card image of answers the owner chose, and a public read-only link to them that the owner
 * can revoke. Paths under /webapi/portal/share. Content published this way is labelled AI-generated (spec §1).
 */
export const SHARE_MAX_ITEMS = 10;
/** Random bytes in a share token: 192 bits, written as 32 base64url characters. */
export const SHARE_TOKEN_BYTES = 24;
export const shareTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{32}$/);

export const shareThemeSchema = z.enum(['light', 'dark']);
export type ShareTheme = z.infer<typeof shareThemeSchema>;

/** Answers to share, by id, in the order the card and the page show them. */
export const shareIdsSchema = z.object({ ids: z.array(z.string().uuid()).min(1).max(SHARE_MAX_ITEMS) });
export const shareCardRequestSchema = shareIdsSchema.extend({ theme: shareThemeSchema.default('light') });
export const shareThemeQuerySchema = z.object({ theme: shareThemeSchema.default('light') });
/** The public page and card: the reader's wording tradition names the cited books (若望福音 for a Catholic). */
export const sharedPageQuerySchema = z.object({ expression: expressionSchema.optional() });
export const sharedCardQuerySchema = shareThemeQuerySchema.extend(sharedPageQuerySchema.shape);
export const shareTokenBodySchema = z.object({ token: shareTokenSchema });

/** One of the owner's links. `path` is the web page, /share/<token>. */
export const shareLinkSchema = z.object({
  token: z.string(),
  path: z.string(),
  title: z.string(),
  messageCount: z.number().int(),
  createdAt: z.string(),
});
export type ShareLink = z.infer<typeof shareLinkSchema>;
export const shareLinksSchema = z.array(shareLinkSchema);

/** A shared answer as anyone with the link sees it: no ids, ratings, collection state or anything of the owner. */
export const sharedAnswerSchema = answerSchema.pick({
  question: true,
  content: true,
  citations: true,
  kind: true,
  language: true,
  translation: true,
  createdAt: true,
  aiGenerated: true,
});
export type SharedAnswer = z.infer<typeof sharedAnswerSchema>;
export const sharedPageSchema = z.object({
  title: z.string(),
  createdAt: z.string(),
  items: z.array(sharedAnswerSchema),
  aiGenerated: z.literal(true),
});
export type SharedPage = z.infer<typeof sharedPageSchema>;

export const sharePath = (token: string) => `/share/${token}`;
