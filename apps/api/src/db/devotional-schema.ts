import { pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * A devotional reading translated by the configured model into a UI language, once (the translate:devotionals job,
 * or the first reader who asks). Keyed by the reading's stable corpus id, not a corpus version: `source_hash` is the
 * SHA-256 of the English title and text it was made from, and a translation whose source has changed is not served.
 */
export const devotionalTranslations = pgTable(
  'devotional_translations',
  {
    devotionalId: text('devotional_id').notNull(),
    language: text('language').notNull(),
    title: text('title').notNull(),
    text: text('text').notNull(),
    sourceHash: text('source_hash').notNull(),
    model: text('model').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.devotionalId, t.language] })],
);

export const devotionalSchema = { devotionalTranslations };
