import { index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The corpus, loaded by the ingestion. Every row belongs to one corpus version: a new ingest writes a new version
 * beside the one in use and `corpus_state` switches to it in one update, so readers never see a half-built corpus.
 */
export const corpusVersions = pgTable('corpus_versions', {
  id: serial('id').primaryKey(),
  contentHash: text('content_hash').notNull(),
  /** building → ready (the current one) → retired (replaced, maybe still open somewhere) → removing (being deleted). */
  status: text('status', { enum: ['building', 'ready', 'retired', 'removing'] }).notNull(),
  /**
   * The version's search index: a name relative to the shared index directory (CORPUS_INDEX_DIR), `v<id>-<8 hex>`,
   * never a path of one machine. Set when the build starts, so a killed build's directory is known.
   */
  indexDir: text('index_dir'),
  stats: jsonb('stats').$type<Record<string, unknown>>(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});

/** One row (id = 1): the version every reader uses. */
export const corpusState = pgTable('corpus_state', {
  id: smallint('id').primaryKey(),
  currentVersionId: integer('current_version_id').references(() => corpusVersions.id),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Which corpus versions each running instance has open (one row per instance and version), with a heartbeat: a
 * retired version is removed only once no live instance holds it (corpus/version-holds.ts).
 */
export const corpusReaders = pgTable(
  'corpus_readers',
  {
    instanceId: text('instance_id').notNull(),
    versionId: integer('version_id').notNull(),
    host: text('host').notNull(),
    pid: integer('pid').notNull(),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.instanceId, t.versionId] }), index('corpus_readers_version_idx').on(t.versionId)],
);

export const translations = pgTable(
  'translations',
  {
    versionId: integer('version_id').notNull(),
    id: text('id').notNull(),
    name: text('name').notNull(),
    language: text('language').notNull(),
    tradition: text('tradition', { enum: ['protestant', 'catholic', 'orthodox'] }).notNull(),
    license: text('license').notNull(),
    source: text('source').notNull(),
    year: integer('year'),
    notes: text('notes'),
    verseCount: integer('verse_count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.versionId, t.id] })],
);

export const books = pgTable(
  'books',
  {
    versionId: integer('version_id').notNull(),
    code: text('code').notNull(),
    order: integer('order').notNull(),
    testament: text('testament', { enum: ['OT', 'NT', 'DC'] }).notNull(),
    chapters: integer('chapters').notNull(),
    names: jsonb('names').$type<Record<string, string>>().notNull(),
    zhCatholic: jsonb('zh_catholic').$type<Record<string, string>>(),
    abbr: jsonb('abbr').$type<Record<string, string>>(),
  },
  (t) => [primaryKey({ columns: [t.versionId, t.code] })],
);

export const verses = pgTable(
  'verses',
  {
    versionId: integer('version_id').notNull(),
    translation: text('translation').notNull(),
    book: text('book').notNull(),
    chapter: smallint('chapter').notNull(),
    verse: smallint('verse').notNull(),
    text: text('text').notNull(),
  },
  (t) => [primaryKey({ columns: [t.versionId, t.translation, t.book, t.chapter, t.verse] })],
);

export const referenceEntries = pgTable(
  'reference_entries',
  {
    versionId: integer('version_id').notNull(),
    id: text('id').notNull(),
    collection: text('collection').notNull(),
    title: text('title').notNull(),
    lang: text('lang').notNull(),
    refs: jsonb('refs').$type<string[]>().notNull(),
    text: text('text').notNull(),
    /**
     * The start an answer shows, without its scripture references (corpus/entry-excerpt.ts), written by ingestion
     * for the works retrieval draws on; null for the others and in versions built before it (made when read).
     */
    excerpt: text('excerpt'),
  },
  (t) => [
    primaryKey({ columns: [t.versionId, t.id] }),
    index('reference_entries_collection_idx').on(t.versionId, t.collection),
  ],
);

export const crossReferences = pgTable(
  'cross_references',
  {
    versionId: integer('version_id').notNull(),
    fromBook: text('from_book').notNull(),
    fromChapter: smallint('from_chapter').notNull(),
    fromVerse: smallint('from_verse').notNull(),
    toRef: text('to_ref').notNull(),
    votes: integer('votes').notNull(),
  },
  (t) => [index('cross_references_from_idx').on(t.versionId, t.fromBook, t.fromChapter, t.fromVerse)],
);

export const devotionals = pgTable(
  'devotionals',
  {
    versionId: integer('version_id').notNull(),
    id: text('id').notNull(),
    month: smallint('month').notNull(),
    day: smallint('day').notNull(),
    period: text('period', { enum: ['morning', 'evening'] }).notNull(),
    title: text('title').notNull(),
    scripture: text('scripture').notNull(),
    refs: jsonb('refs').$type<string[]>().notNull(),
    lang: text('lang').notNull(),
    text: text('text').notNull(),
  },
  (t) => [primaryKey({ columns: [t.versionId, t.id] }), index('devotionals_date_idx').on(t.versionId, t.month, t.day)],
);

export const readingPlanDays = pgTable(
  'reading_plan_days',
  {
    versionId: integer('version_id').notNull(),
    planId: text('plan_id').notNull(),
    day: smallint('day').notNull(),
    month: smallint('month').notNull(),
    dayOfMonth: smallint('day_of_month').notNull(),
    readings: jsonb('readings').$type<string[]>().notNull(),
    refs: jsonb('refs').$type<string[][]>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.versionId, t.planId, t.day] })],
);

export const corpusSchema = {
  corpusVersions,
  corpusState,
  corpusReaders,
  translations,
  books,
  verses,
  referenceEntries,
  crossReferences,
  devotionals,
  readingPlanDays,
};
