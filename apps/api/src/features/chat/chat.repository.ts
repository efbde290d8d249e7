import {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  notInArray,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { conversations, messages } from '../../db/chat-schema.ts';

export type MessageRow = typeof messages.$inferSelect;
export type NewMessage = typeof messages.$inferInsert;
const questions = alias(messages, 'questions');
/** The messages a conversation search reads, named apart from the conversations they belong to. */
const found = alias(messages, 'found');

/** Every pattern matches the column (ILIKE: the conversation search is case-insensitive). */
const allMatch = (column: Parameters<typeof ilike>[0], patterns: readonly string[]): SQL =>
  and(...patterns.map((p) => ilike(column, p)))!;

/** The only SQL over conversations and messages. Every read and write that takes an id also takes its owner. */
export function createChatRepository(db: Database) {
  return {
    /** A guest's conversations and answers become the account's at login (decision 0040). */
    async moveOwner(from: string, to: string): Promise<void> {
      await db.update(conversations).set({ userId: to }).where(eq(conversations.userId, from));
      await db.update(messages).set({ userId: to }).where(eq(messages.userId, from));
    },
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
    /** How many answers a question has had (each resend adds one). */
    async countAnswersTo(questionId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(messages)
        .where(and(eq(messages.parentId, questionId), eq(messages.role, 'assistant')));
      return Number(row?.n ?? 0);
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
    /**
     * The text of an answer being written, as it grows (and a sign of life: its time is touched); false when the row
     * is no longer generating (settled elsewhere: stopped while Redis was down, or taken as dead).
     */
    async checkpoint(id: string, content: string): Promise<boolean> {
      const rows = await db
        .update(messages)
        .set({ content, updatedAt: new Date() })
        .where(and(eq(messages.id, id), eq(messages.status, 'generating')))
        .returning({ id: messages.id });
      return rows.length > 0;
    },
    /** Settles an answer still generating (its writer is gone); false when it was settled already. */
    async settle(id: string, patch: Pick<NewMessage, 'content' | 'status' | 'parts' | 'errorCode' | 'translation'>) {
      const rows = await db
        .update(messages)
        .set({ ...patch, updatedAt: new Date() })
        .where(and(eq(messages.id, id), eq(messages.status, 'generating')))
        .returning({ id: messages.id });
      return rows.length > 0;
    },
    /** Answers still generating whose writer has not touched them since `before`, oldest first. */
    generatingSince: (before: Date, limit: number) =>
      db
        .select()
        .from(messages)
        .where(and(eq(messages.status, 'generating'), lt(messages.updatedAt, before)))
        .orderBy(asc(messages.updatedAt))
        .limit(limit),
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
    /** Questions of live conversations (a collected answer's question outlives its conversation, not its history). */
    async recentQuestions(userId: string, limit: number) {
      const rows = await db
        .select({ question: messages.content, conversationId: messages.conversationId, askedAt: messages.createdAt })
        .from(messages)
        .where(and(eq(messages.userId, userId), eq(messages.role, 'user'), isNotNull(messages.conversationId)))
        .orderBy(desc(messages.createdAt))
        .limit(limit);
      return rows.flatMap((row) => (row.conversationId ? [{ ...row, conversationId: row.conversationId }] : []));
    },
    /**
     * The user's conversations whose title, or one of whose messages, matches every pattern, newest first; with each,
     * its newest matching message.
     */
    async searchSessions(userId: string, patterns: readonly string[], page: number, size: number) {
      const messageMatches = and(eq(found.userId, userId), allMatch(found.content, patterns));
      const where = and(
        eq(conversations.userId, userId),
        or(
          allMatch(conversations.title, patterns),
          exists(
            db
              .select({ one: sql`1` })
              .from(found)
              .where(and(sql`${found.conversationId} = ${conversations.id}`, messageMatches)),
          ),
        ),
      );
      const rows = await db
        .select({ id: conversations.id, title: conversations.title, updatedAt: conversations.updatedAt })
        .from(conversations)
        .where(where)
        .orderBy(desc(conversations.updatedAt), desc(conversations.id))
        .limit(size)
        .offset((page - 1) * size);
      const [total] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(conversations)
        .where(where);
      const ids = rows.map((r) => r.id);
      const newest =
        ids.length === 0
          ? []
          : await db
              .selectDistinctOn([found.conversationId], {
                conversationId: found.conversationId,
                role: found.role,
                content: found.content,
              })
              .from(found)
              .where(and(inArray(found.conversationId, ids), messageMatches))
              .orderBy(found.conversationId, desc(found.createdAt));
      const byConversation = new Map(newest.map((m) => [m.conversationId, m]));
      return { rows: rows.map((r) => ({ ...r, message: byConversation.get(r.id) })), total: total?.n ?? 0 };
    },
    async renameSession(id: string, userId: string, title: string): Promise<boolean> {
      const rows = await db
        .update(conversations)
        .set({ title })
        .where(and(eq(conversations.id, id), eq(conversations.userId, userId)))
        .returning({ id: conversations.id });
      return rows.length > 0;
    },
    /**
     * Deletes a conversation and its messages, except its collected answers and their questions: those stay, out of
     * any conversation, until they are uncollected. One transaction, so a collect racing the delete is either kept
     * or was too late.
     */
    async deleteSession(id: string, userId: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [owned] = await tx
          .select({ id: conversations.id })
          .from(conversations)
          .where(and(eq(conversations.id, id), eq(conversations.userId, userId)))
          .for('update');
        if (!owned) return false;
        const kept = await tx
          .select({ id: messages.id, parentId: messages.parentId })
          .from(messages)
          .where(and(eq(messages.conversationId, id), eq(messages.role, 'assistant'), isNotNull(messages.collectedAt)));
        const keep = kept.flatMap((row) => (row.parentId ? [row.id, row.parentId] : [row.id]));
        await tx
          .delete(messages)
          .where(and(eq(messages.conversationId, id), ...(keep.length ? [notInArray(messages.id, keep)] : [])));
        // The kept rows lose their conversation through the foreign key (on delete set null).
        await tx.delete(conversations).where(eq(conversations.id, id));
        return true;
      });
    },
    /** Answers kept only because they were collected, once uncollected, go, and so do questions left without one. */
    async purgeUncollectedOrphans(userId: string): Promise<void> {
      const orphan = and(eq(messages.userId, userId), isNull(messages.conversationId));
      await db.delete(messages).where(and(orphan, eq(messages.role, 'assistant'), isNull(messages.collectedAt)));
      const answered = db
        .select({ id: messages.parentId })
        .from(messages)
        .where(and(orphan, eq(messages.role, 'assistant'), isNotNull(messages.parentId)));
      await db.delete(messages).where(and(orphan, eq(messages.role, 'user'), notInArray(messages.id, answered)));
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
    /** One collected answer of the user, with its question's text (whether or not its conversation still exists). */
    async findCollected(id: string, userId: string) {
      const [row] = await db
        .select({ answer: messages, question: questions.content })
        .from(messages)
        .leftJoin(questions, eq(questions.id, messages.parentId))
        .where(
          and(
            eq(messages.id, id),
            eq(messages.userId, userId),
            eq(messages.role, 'assistant'),
            isNotNull(messages.collectedAt),
          ),
        )
        .limit(1);
      return row;
    },
    /** Which of `ids` are the user's answers in a conversation that still exists. */
    async liveAnswerIds(ids: string[], userId: string): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .select({ id: messages.id })
        .from(messages)
        .where(
          and(
            inArray(messages.id, ids),
            eq(messages.userId, userId),
            eq(messages.role, 'assistant'),
            isNotNull(messages.conversationId),
          ),
        );
      return new Set(rows.map((row) => row.id));
    },
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
