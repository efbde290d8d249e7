import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './schema.ts';

/**
 * One verification code. Only a SHA-256 of the code (salted with the row id) is stored. attempts counts every
 * guess evaluated; the guard `attempts < max` in the same UPDATE makes parallel guesses count one by one.
 * requested_from is a digest of the account and the requesting address (never the address): a new code for the same
 * account and purpose supersedes the older one requested from the same address (consumed_at set), not another's, so
 * nobody can end the owner's code by asking for one of their own.
 */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: uuid('id').primaryKey(),
    channel: text('channel', { enum: ['mobile', 'mail'] }).notNull(),
    identifier: text('identifier').notNull(),
    purpose: text('purpose', { enum: ['login', 'reset_password', 'set_password', 'deregister'] }).notNull(),
    codeHash: text('code_hash').notNull(),
    requestedFrom: text('requested_from'),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('verification_codes_lookup_idx').on(t.channel, t.identifier, t.purpose, t.createdAt)],
);

/**
 * Fixed-window counters shared by every API server: send-code limits, failed-login locks, the request-rate risk
 * ceiling. Each hit is one atomic upsert, so parallel requests are all counted. blocked_until bans a key.
 */
export const rateCounters = pgTable('rate_counters', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull().default(0),
  blockedUntil: timestamp('blocked_until', { withTimezone: true }),
});

/** Sign-ins from other identity providers, keyed (provider, subject): google, or partner:<appId>. */
export const userIdentities = pgTable(
  'user_identities',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('user_identities_provider_subject_idx').on(t.provider, t.subject), index().on(t.userId)],
);

/** Image captchas (Google login): the answer hashed; used once, right or wrong. */
export const captchas = pgTable('captchas', {
  key: text('key').primaryKey(),
  answerHash: text('answer_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** One-time values already accepted (external-access signatures, Google ID tokens): a second use is a replay. */
export const usedNonces = pgTable(
  'used_nonces',
  {
    namespace: text('namespace').notNull(),
    nonceHash: text('nonce_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.namespace, t.nonceHash] })],
);

/** QR login tickets: the ticket and the desktop's poll secret stored hashed; confirmed by a logged-in user. */
export const qrTickets = pgTable('qr_tickets', {
  ticketHash: text('ticket_hash').primaryKey(),
  pollSecretHash: text('poll_secret_hash').notNull(),
  status: text('status', { enum: ['waiting', 'scanned', 'confirmed', 'consumed'] })
    .notNull()
    .default('waiting'),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
  rememberMe: boolean('remember_me').notNull().default(false),
  device: jsonb('device').$type<{ ip: string; userAgent: string }>().notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/**
 * Account measures (spec §4): warning, limitation, suspension, lock, deletion, with reason and optional expiry.
 * user_id becomes null when the account is deleted, so the record of a deletion outlives the personal data.
 */
export const accountMeasures = pgTable(
  'account_measures',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: ['warning', 'limitation', 'suspension', 'lock', 'deletion'] }).notNull(),
    reason: text('reason').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    liftedAt: timestamp('lifted_at', { withTimezone: true }),
    /** Why it was lifted early, and by which admin. */
    liftReason: text('lift_reason'),
    liftedBy: uuid('lifted_by'),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('account_measures_user_idx').on(t.userId)],
);

/**
 * Secrets the servers of one deployment share and nobody configured (the guest keys' HMAC key when GUEST_KEY_SECRET
 * is unset): made once by the first server that needs one, read by every other.
 */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const authSchema = {
  verificationCodes,
  rateCounters,
  userIdentities,
  captchas,
  usedNonces,
  qrTickets,
  accountMeasures,
  serverSecrets,
};
