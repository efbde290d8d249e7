import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './schema.ts';

/**
 * Feedback (spec §3): one of five types, the text, an optional contact (normalised phone or e-mail), the admin's
 * reply. `replied_at` set is the replied flag.
 */
export const feedback = pgTable(
  'feedback',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', {
      enum: ['wrong_answer', 'misunderstanding', 'format_error', 'fabricated_facts', 'badly_structured'],
    }).notNull(),
    content: text('content').notNull(),
    contact: text('contact'),
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    repliedBy: uuid('replied_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('feedback_user_created_idx').on(t.userId, t.createdAt), index('feedback_created_idx').on(t.createdAt)],
);

/**
 * An uploaded screenshot: re-encoded by the server, stored under a server-generated key through the storage port.
 * feedback_id stays null until a feedback references it (then `position` orders it, 0–5).
 */
export const uploadedImages = pgTable(
  'uploaded_images',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull().unique(),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    byteSize: integer('byte_size').notNull(),
    feedbackId: uuid('feedback_id').references(() => feedback.id, { onDelete: 'cascade' }),
    position: integer('position'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('uploaded_images_user_idx').on(t.userId, t.createdAt),
    index('uploaded_images_feedback_idx').on(t.feedbackId),
  ],
);

export const feedbackSchema = { feedback, uploadedImages };
