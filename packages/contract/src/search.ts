import { z } from 'zod';

/**
 * Searching one's own conversations (GET /portal/chat/search, logged in, owner only): session titles and the text of
 * questions and answers, newest conversation first, one hit per conversation. Every word of the query must appear
 * (in the title or in one message); highlights are HTML-escaped text with <mark> around the matches, as the Bible
 * search's are.
 */
export const CONVERSATION_SEARCH_MAX = 100;
export const CONVERSATION_SEARCH_WORDS = 5;
export const CONVERSATION_SEARCH_PAGE_SIZE = 10;

export const conversationSearchQuerySchema = z.object({
  q: z.string().trim().min(1).max(CONVERSATION_SEARCH_MAX),
  page: z.coerce.number().int().min(1).max(1000).default(1),
  size: z.coerce.number().int().min(1).max(50).default(CONVERSATION_SEARCH_PAGE_SIZE),
});

export const conversationHitSchema = z.object({
  conversationId: z.string(),
  title: z.string(),
  /** The title, escaped, with the matched words marked. */
  titleHighlight: z.string(),
  /** The newest matching message around its first match, escaped and marked; null when only the title matched. */
  snippet: z.string().nullable(),
  /** Whose words the snippet is: the reader's question or the answer. */
  role: z.enum(['user', 'assistant']).nullable(),
  updatedAt: z.string(),
});
export type ConversationHit = z.infer<typeof conversationHitSchema>;

export const conversationSearchPageSchema = z.object({
  items: z.array(conversationHitSchema),
  total: z.number().int(),
});
export type ConversationSearchPage = z.infer<typeof conversationSearchPageSchema>;
