import { date, index, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './schema.ts';

/**
 * A reader's run of a reading plan of the corpus: started on a date (day 1), at most one run of a plan per reader.
 * Stopping it deletes it and its progress; deleting the account (or an idle guest) deletes both.
 */
export const planEnrollments = pgTable(
  'plan_enrollments',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: text('plan_id').notNull(),
    startDate: date('start_date').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('plan_enrollments_user_plan_idx').on(t.userId, t.planId)],
);

/**
 * One reading of one plan day marked read, with the reader's calendar date of the marking (`read_on`, their today),
 * which the streak counts.
 */
export const planProgress = pgTable(
  'plan_progress',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: text('plan_id').notNull(),
    day: smallint('day').notNull(),
    reading: smallint('reading').notNull(),
    readOn: date('read_on').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.planId, t.day, t.reading] }),
    index('plan_progress_read_on_idx').on(t.userId, t.planId, t.readOn),
  ],
);

export const planSchema = { planEnrollments, planProgress };
