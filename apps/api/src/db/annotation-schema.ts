import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './schema.ts';

/**
 * A reader's highlights, bookmarks and notes on verses, in the KJV numbering citations use (so they show in every
 * translation). A highlight is one row per verse (`verse_from` = `verse_to`, one colour a verse); a bookmark and a
 * note cover a span of one chapter, one of each per span. Deleting the account (or an idle guest) deletes them.
 */
export const annotations = pgTable(
  'annotations',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['highlight', 'bookmark', 'note'] }).notNull(),
    book: text('book').notNull(),
    chapter: integer('chapter').notNull(),
    verseFrom: integer('verse_from').notNull(),
    verseTo: integer('verse_to').notNull(),
    color: text('color', { enum: ['yellow', 'green', 'blue', 'pink', 'purple'] }),
    text: text('text'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('annotations_span_idx').on(t.userId, t.kind, t.book, t.chapter, t.verseFrom, t.verseTo),
    index('annotations_user_updated_idx').on(t.userId, t.updatedAt),
  ],
);

export const annotationSchema = { annotations };
