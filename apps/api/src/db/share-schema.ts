import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './schema.ts';

/**
 * A public, read-only link to answers its owner chose (spec §2 share). `token` is 192 random bits in base64url: the
 * link itself, kept so the owner can copy it again from the list. `message_ids` are answer ids, in the order shared;
 * the page reads them live, so an answer deleted with its session disappears from the share too. Revoking sets
 * `revoked_at`; a revoked token answers exactly like one that never existed.
 */
export const shares = pgTable(
  'shares',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    token: text('token').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    messageIds: jsonb('message_ids').$type<string[]>().notNull(),
    title: text('title').notNull().default(''),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('shares_user_created_idx').on(t.userId, t.createdAt)],
);

export const shareSchema = { shares };
