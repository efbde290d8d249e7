import type { Answer, ConversationSearchPage, FeedbackType, Locale } from '@bible-qa/contract';
import { AppError } from '../../http/app-error.ts';
import { answerFromRow } from './answer-view.ts';
import type { ChatRepository } from './chat.repository.ts';
import { containsPattern, markWords, searchWords, snippetOf } from './conversation-search.ts';

const RECENT_LIMIT = 10;

/** History sessions, recent use, messages, collections and ratings: every verb scoped to the caller's own rows. */
export function createHistoryService({ chats }: { chats: ChatRepository }) {
  const found = (ok: boolean) => {
    if (!ok) throw new AppError('not_found');
  };
  return {
    async sessions(userId: string, page: number, size: number) {
      const { rows, total } = await chats.listSessions(userId, page, size);
      return {
        total,
        items: rows.map((r) => ({
          id: r.id,
          title: r.title,
          lastQuestion: r.lastQuestion ?? '',
          messageCount: r.messageCount,
          updatedAt: new Date(r.updatedAt).toISOString(),
        })),
      };
    },
    /** The caller's conversations holding every word of the query, in their title or in one message. */
    async search(userId: string, q: string, page: number, size: number): Promise<ConversationSearchPage> {
      const words = searchWords(q);
      const { rows, total } = await chats.searchSessions(userId, words.map(containsPattern), page, size);
      return {
        total,
        items: rows.map((r) => ({
          conversationId: r.id,
          title: r.title,
          titleHighlight: markWords(r.title, words),
          snippet: r.message ? snippetOf(r.message.content, words) : null,
          role: r.message?.role ?? null,
          updatedAt: new Date(r.updatedAt).toISOString(),
        })),
      };
    },
    async recent(userId: string) {
      const rows = await chats.recentQuestions(userId, RECENT_LIMIT * 3);
      const seen = new Set<string>();
      const out: { question: string; conversationId: string; askedAt: string }[] = [];
      for (const r of rows) {
        if (seen.has(r.question)) continue;
        seen.add(r.question);
        out.push({ question: r.question, conversationId: r.conversationId, askedAt: r.askedAt.toISOString() });
        if (out.length === RECENT_LIMIT) break;
      }
      return out;
    },
    rename: async (userId: string, id: string, title: string) => found(await chats.renameSession(id, userId, title)),
    remove: async (userId: string, id: string) => found(await chats.deleteSession(id, userId)),
    /** The turns of a conversation: each question with its latest answer. */
    async messages(userId: string, conversationId: string, locale: Locale) {
      if (!(await chats.findConversationOwned(conversationId, userId))) throw new AppError('not_found');
      const rows = await chats.messagesOf(conversationId, userId);
      return rows
        .filter((r) => r.role === 'user')
        .map((q) => {
          const answers = rows.filter((r) => r.role === 'assistant' && r.parentId === q.id);
          const latest = answers.at(-1);
          return {
            question: { id: q.id, text: q.content, createdAt: q.createdAt.toISOString() },
            answer: latest ? answerFromRow(latest, q.content, locale) : null,
          };
        });
    },
    collect: async (userId: string, ids: string[]) =>
      found((await chats.setCollected(ids, userId, true)) === ids.length),
    /** An answer whose conversation was deleted goes with its uncollecting (it was kept only as a collection). */
    async uncollect(userId: string, ids: string[]) {
      const changed = await chats.setCollected(ids, userId, false);
      await chats.purgeUncollectedOrphans(userId);
      found(changed === ids.length);
    },
    /** One collected answer, also when its conversation has been deleted (then `conversationId` is null). */
    async collection(userId: string, id: string, locale: Locale): Promise<Answer> {
      const row = await chats.findCollected(id, userId);
      if (!row) throw new AppError('not_found');
      return answerFromRow(row.answer, row.question ?? '', locale);
    },
    async collections(
      userId: string,
      page: number,
      size: number,
      locale: Locale,
    ): Promise<{ items: Answer[]; total: number }> {
      const { rows, total } = await chats.listCollected(userId, page, size);
      return { total, items: rows.map((r) => answerFromRow(r.answer, r.question ?? '', locale)) };
    },
    rate: async (userId: string, id: string, rating: 'like' | 'dislike' | null, reason: FeedbackType | null = null) =>
      found(await chats.setRating(id, userId, rating, reason)),
  };
}
export type HistoryService = ReturnType<typeof createHistoryService>;
