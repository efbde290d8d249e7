import { sql } from 'drizzle-orm';
import { boolean, date, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { auditSchema } from './audit-schema.ts';
import { authSchema } from './auth-schema.ts';
import { chatSchema } from './chat-schema.ts';
import { corpusSchema } from './corpus-schema.ts';
import { feedbackSchema } from './feedback-schema.ts';
import { shareSchema } from './share-schema.ts';

/**
 * Accounts (spec §3 user info). phone and email hold the normalised identifiers (+8613800138000, lower-case mail);
 * the password only as an argon2id hash. Google and partner identities live in user_identities (auth-schema.ts).
 */
export const users = pgTable('users', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  name: text('name').notNull().default(''),
  sex: text('sex', { enum: ['male', 'female', 'unknown'] })
    .notNull()
    .default('unknown'),
  role: text('role', { enum: ['user', 'admin'] })
    .notNull()
    .default('user'),
  themeColor: text('theme_color').notNull().default('#1989fa'),
  darkMode: boolean('dark_mode').notNull().default(false),
  language: text('language', { enum: ['zh-cn', 'zh-tw', 'en', 'es-es', 'fr-fr'] })
    .notNull()
    .default('zh-cn'),
  expression: text('expression', { enum: ['protestant', 'catholic', 'orthodox', 'none'] })
    .notNull()
    .default('none'),
  phone: text('phone').unique(),
  email: text('email').unique(),
  pseudonym: text('pseudonym'),
  avatar: text('avatar'),
  profile: text('profile'),
  passwordHash: text('password_hash'),
  interests: jsonb('interests').$type<string[]>().notNull().default([]),
  agreementVersion: text('agreement_version'),
  agreedAt: timestamp('agreed_at', { withTimezone: true }),
  birthDate: date('birth_date'),
  guardianName: text('guardian_name'),
  guardianContact: text('guardian_contact'),
  guardianConsentAt: timestamp('guardian_consent_at', { withTimezone: true }),
  lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  /** Until when the owner has seen the codes asked for this account from elsewhere (the notice after login). */
  codeRequestsSeenAt: timestamp('code_requests_seen_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One row per login: the access token and the long-lived user token are stored only as SHA-256 hashes.
 * Revoking a session (logout, suspension, password reset) sets revoked_at, which kills both tokens at once.
 */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessTokenHash: text('access_token_hash').notNull().unique(),
    userTokenHash: text('user_token_hash').notNull().unique(),
    loginMode: text('login_mode').notNull(),
    accessExpiresAt: timestamp('access_expires_at', { withTimezone: true }).notNull(),
    userTokenExpiresAt: timestamp('user_token_expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('auth_sessions_user_idx').on(t.userId)],
);

export * from './corpus-schema.ts';
export * from './chat-schema.ts';
export * from './auth-schema.ts';
export * from './feedback-schema.ts';
export * from './share-schema.ts';
export * from './audit-schema.ts';
export const schema = {
  users,
  authSessions,
  ...corpusSchema,
  ...chatSchema,
  ...authSchema,
  ...feedbackSchema,
  ...shareSchema,
  ...auditSchema,
};
export type Schema = typeof schema;
