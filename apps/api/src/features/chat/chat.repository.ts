import { and, asc, desc, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { conversations, messages } from '../../db/chat-schema.ts';

export type MessageRow = typeof messages.$inferSelect;
export type NewMessage = typeof messages.$inferInsert;
const questions = alias(messages, 'questions');

/** The only SQL over conversations and messages. Every read and write that takes an id also takes its owner. */
export function createChatRepository(db: Database) {
  return {
    async createConversation(userId: string, title: string): Promise<string> {
      const [row] = await db.insert(conversations).values({ userId, title }).returning({ id: conversations.id });
      return row!.id;
    },
    async findConversationOwned(id: string, userId: string) {
      const [row] = await db
        .select()
        .from(conversations)
        .where(and(eq(conversations.id, id), eq(conversations.userId, userId)))
        .limit(1);
      return row;
    },
    touchConversation: (id: string) =>
      db.update(conversations).set({ updatedAt: new Date() }).where(eq(conversations.id, id)),
    /** Inserts a message unless the user already sent one with this request id; returns the stored one either way. */
    async insertOnce(message: NewMessage): Promise<{ row: MessageRow; created: boolean }> {
      const inserted = await db.insert(messages).values(message).onConflictDoNothing().returning();
      if (inserted[0]) return { row: inserted[0], created: true };
      const [existing] = await db
        .select()
        .from(messages)
        .where(and(eq(messages.userId, message.userId), eq(messages.requestId, message.requestId!)))
        .limit(1);
      if (!existing) throw new Error('message insert conflicted but no row was found');
      return { row: existing, created: false };
    },
    async insert(message: NewMessage): Promise<MessageRow> {
      const [row] = await db.insert(messages).values(message).returning();
      return row!;
    },
    async findByRequest(userId: string, requestId: string) {
      const [row] = await db
        .select()
        .from(messages)
        .where(and(eq(messages.userId, userId), eq(messages.requestId, requestId)))
        .limit(1);
      return row;
    },
    async findOwned(id: string, userId: string) {
      const [row] = await db
        .select()
        .from(messages)
        .where(and(eq(messages.id, id), eq(messages.userId, userId)))
        .limit(1);
      return row;
    },
    async latestAnswerTo(questionId: string) {
      const [row] = await db
        .select()
        .from(messages)
        .where(and(eq(messages.parentId, questionId), eq(messages.role, 'assistant')))
        .orderBy(desc(messages.createdAt))
        .limit(1);
      return row;
    },
    finishAnswer: (id: string, patch: Pick<NewMessage, 'content' | 'status' | 'parts' | 'errorCode' | 'translation'>) =>
      db
        .update(messages)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(messages.id, id)),
    /** Answers left 'generating' by a process that died are failed, so no turn stays stuck. */
    failStale: (before: Date) =>
      db
        .update(messages)
        .set({ status: 'failed', errorCode: 10201, updatedAt: new Date() })
        .where(and(eq(messages.status, 'generating'), lt(messages.updatedAt, before))),
    async listSessions(userId: string, page: number, size: number) {
      // Correlated subqueries name the outer table explicitly: a bare column would bind to the inner one.
      const lastQuestion = sql<string>`(select m.content from messages m where m.conversation_id = "conversations"."id" and m.role = 'user' order by m.created_at desc limit 1)`;
      const messageCount = sql<number>`(select count(*)::int from messages m where m.conversation_id = "conversations"."id")`;
      const rows = await db
        .select({
          id: conversations.id,
          title: conversations.title,
          updatedAt: conversations.updatedAt,
          lastQuestion,
          messageCount,
        })
        .from(conversations)
        .where(eq(conversations.userId, userId))
        .orderBy(desc(conversations.updatedAt))
        .limit(size)
        .offset((page - 1) * size);
      const [total] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(conversations)
        .where(eq(conversations.userId, userId));
      return { rows, total: total?.n ?? 0 };
    },
    recentQuestions: (userId: string, limit: number) =>
      db
        .select({ question: messages.content, conversationId: messages.conversationId, askedAt: messages.createdAt })
        .from(messages)
        .where(and(eq(messages.userId, userId), eq(messages.role, 'user')))
        .orderBy(desc(messages.createdAt))
        .limit(limit),
    async renameSession(id: string, userId: string, title: string): Promise<boolean> {
      const rows = await db
        .update(conversations)
        .set({ title })
        .where(and(eq(conversations.id, id), eq(conversations.userId, userId)))
        .returning({ id: conversations.id });
      return rows.length > 0;
    },
    async deleteSession(id: string, userId: string): Promise<boolean> {
      const rows = await db
        .delete(conversations)
        .where(and(eq(conversations.id, id), eq(conversations.userId, userId)))
        .returning({ id: conversations.id });
      return rows.length > 0;
    },
    messagesOf: (conversationId: string, userId: string) =>
      db
        .select()
        .from(messages)
        .where(and(eq(messages.conversationId, conversationId), eq(messages.userId, userId)))
        .orderBy(asc(messages.createdAt)),
    async setCollected(ids: string[], userId: string, collected: boolean): Promise<number> {
      const rows = await db
        .update(messages)
        .set({ collectedAt: collected ? new Date() : null })
        .where(and(inArray(messages.id, ids), eq(messages.userId, userId), eq(messages.role, 'assistant')))
        .returning({ id: messages.id });
      return rows.length;
    },
    /** The rating and, for a dislike, its reason; a like or a cleared rating has none. */
    async setRating(
      id: string,
      userId: string,
      rating: 'like' | 'dislike' | null,
      reason: MessageRow['ratingReason'] = null,
    ): Promise<boolean> {
      const rows = await db
        .update(messages)
        .set({ rating, ratingReason: rating === 'dislike' ? reason : null })
        .where(and(eq(messages.id, id), eq(messages.userId, userId), eq(messages.role, 'assistant')))
        .returning({ id: messages.id });
      return rows.length > 0;
    },
    /** The caller's answers among `ids`, each with its question's text (order not kept: callers reorder). */
    answersWithQuestions: (ids: string[], userId: string) =>
      db
        .select({ answer: messages, question: questions.content })
        .from(messages)
        .leftJoin(questions, eq(questions.id, messages.parentId))
        .where(and(inArray(messages.id, ids), eq(messages.userId, userId), eq(messages.role, 'assistant'))),
    async listCollected(userId: string, page: number, size: number) {
      const rows = await db
        .select({ answer: messages, question: questions.content })
        .from(messages)
        .leftJoin(questions, eq(questions.id, messages.parentId))
        .where(and(eq(messages.userId, userId), isNotNull(messages.collectedAt)))
        .orderBy(desc(messages.collectedAt))
        .limit(size)
        .offset((page - 1) * size);
      const [total] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(messages)
        .where(and(eq(messages.userId, userId), isNotNull(messages.collectedAt)));
      return { rows, total: total?.n ?? 0 };
    },
  };
}
export type ChatRepository = ReturnType<typeof createChatRepository>;
