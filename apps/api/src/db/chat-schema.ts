import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './schema.ts';

/**
 * A reader's conversation: an account's, or a guest's (its users row named in guests, decision 0040), which a login
 * from the guest's browser makes the account's (spec §1: logging in keeps the history).
 */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('conversations_user_updated_idx').on(t.userId, t.updatedAt)],
);

/**
 * One turn is two rows: the question (role user) and its answer (role assistant, parent_id = the question).
 * A resend adds a new answer to the same question. `request_id` is the client's idempotency key.
 * Deleting a conversation deletes its rows except a collected answer and its question, which stay (conversation_id
 * set to null) until the answer is uncollected: a collection outlives its conversation.
 */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    conversationId: uuid('conversation_id').references(() => conversations.id, { onDelete: 'set null' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['user', 'assistant'] }).notNull(),
    parentId: uuid('parent_id'),
    requestId: text('request_id'),
    content: text('content').notNull().default(''),
    status: text('status', { enum: ['generating', 'done', 'stopped', 'failed'] })
      .notNull()
      .default('done'),
    mode: text('mode', { enum: ['advanced', 'simple', 'professional'] })
      .notNull()
      .default('advanced'),
    kind: text('kind', { enum: ['answer', 'prayer', 'sermon', 'poem'] })
      .notNull()
      .default('answer'),
    language: text('language').notNull().default('zh-cn'),
    tradition: text('tradition').notNull().default('protestant'),
    translation: text('translation').notNull().default(''),
    /** citations, relatedBooks, relatedLiterature, images, followUps, sources, verification */
    parts: jsonb('parts').$type<Record<string, unknown>>(),
    errorCode: integer('error_code'),
    rating: text('rating', { enum: ['like', 'dislike'] }),
    /** A dislike's reason: one of the feedback types (spec §3); null for a like or no reason. */
    ratingReason: text('rating_reason', {
      enum: ['wrong_answer', 'misunderstanding', 'format_error', 'fabricated_facts', 'badly_structured'],
    }),
    collectedAt: timestamp('collected_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('messages_conversation_idx').on(t.conversationId, t.createdAt),
    uniqueIndex('messages_user_request_idx').on(t.userId, t.requestId),
    index('messages_user_collected_idx').on(t.userId, t.collectedAt),
    // The sweeper's look for answers whose writer is gone reads only the few rows being written.
    index('messages_generating_idx')
      .on(t.updatedAt)
      .where(sql`${t.status} = 'generating'`),
  ],
);

export const chatSchema = { conversations, messages };
