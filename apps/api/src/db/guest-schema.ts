import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './schema.ts';

/**
 * A guest whose browser holds a guest key (decision 0022) and who kept something here: a `users` row with no phone,
 * e-mail or identity (so no way to log in to it) and this row naming it by the SHA-256 digest of the key. Everything
 * a reader keeps (conversations, collections, notes, plans) hangs off that users row, as an account's does; a login
 * from the same browser moves it all to the account and deletes the guest (decision 0040). A guest not seen for
 * GUEST_RETENTION_DAYS is deleted with all it kept.
 */
export const guests = pgTable(
  'guests',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    keyHash: text('key_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('guests_seen_idx').on(t.seenAt)],
);

export const guestSchema = { guests };
