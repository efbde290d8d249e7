import type {
  DevotionalDetail,
  DevotionalPage,
  DevotionalPeriod,
  DevotionalSummary,
  DevotionalToday,
  DevotionalTranslation,
  Expression,
  Locale,
  Passage,
  PlanDay,
} from '@bible-qa/contract';
import type { Logger } from 'pino';
import type { TextTranslator } from '../../answer/openai-translator.ts';
import type { CorpusRepository } from '../../corpus/corpus.repository.ts';
import type { CorpusService } from '../../corpus/corpus.service.ts';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../auth/auth-session.service.ts';
import { parseUsfm } from '../../scripture/usfm.ts';
import type { ReaderContext, ReaderResolver } from '../../scripture/reader.ts';
import type { BibleService } from '../bible/bible.service.ts';
import { datesDescending, monthDayOf, resolveRange, utcDate, type DateFilter } from './devotional-dates.ts';
import { devotionalSourceHash } from './devotional-source.ts';
import type { DevotionalTranslationsRepository } from './devotional-translations.repository.ts';
import { readingMinutes } from './reading-time.ts';

export const READING_PLAN_ID = 'mcheyne';
/** Every reading in every other UI language fits (732 × 4 for Spurgeon), so the model is paid once per pair. */
const TRANSLATION_CACHE = 4000;
/** Translations running at once; more are refused with the high-traffic message (the model is a costly resource). */
const TRANSLATIONS_IN_FLIGHT = 2;

export interface DevotionalCaller {
  userId: string | undefined;
  locale: Locale;
  expression?: Expression | undefined;
}

/** A devotional without its text: what lists need, kept in memory per corpus version. */
interface DevotionalEntry {
  id: string;
  month: number;
  day: number;
  period: DevotionalPeriod;
  title: string;
  scripture: string;
  refs: string[];
  lang: string;
  readingMinutes: number;
  /** Of the English title and text: a stored translation made from another source is not served. */
  sourceHash: string;
}

interface VersionIndex {
  versionId: number;
  byDay: Map<string, DevotionalEntry[]>;
  byId: Map<string, DevotionalEntry>;
}

const dayKey = (month: number, day: number) => `${month}-${day}`;
const PERIOD_ORDER: Record<DevotionalPeriod, number> = { morning: 0, evening: 1 };

/**
 * Daily devotionals (spec §1, §2): today's readings and the M'Cheyne plan day, lists by the §2 date filters, one
 * reading by id with its verse in the reader's translation, and its machine translation into the reader's language:
 * the one stored (by the translate:devotionals job, or the first reader who asked), or, with a model configured, made
 * now and stored, each reading once per language (decision 0043).
 */
export function createDevotionalService(deps: {
  corpus: CorpusService;
  corpusData: CorpusRepository;
  bible: BibleService;
  readers: ReaderResolver;
  clock: Clock;
  translations: DevotionalTranslationsRepository;
  translator?: { translator: TextTranslator; model: string } | undefined;
  log: Pick<Logger, 'warn'>;
}) {
  let index: Promise<VersionIndex> | undefined;
  let indexVersion: number | undefined;
  const translations = new Map<string, Promise<DevotionalTranslation>>();
  let inFlight = 0;

  /** The reader's language's stored translations of these readings (made from their present text). */
  async function storedFor(entries: DevotionalEntry[], locale: Locale): Promise<Set<string>> {
    const sources = await deps.translations.sourcesOf(
      entries.map((e) => e.id),
      locale,
    );
    return new Set(entries.filter((e) => sources.get(e.id) === e.sourceHash).map((e) => e.id));
  }

  async function storedTranslation(entry: DevotionalEntry, locale: Locale): Promise<DevotionalTranslation | null> {
    const row = await deps.translations.find(entry.id, locale);
    if (!row || row.sourceHash !== entry.sourceHash) return null;
    return {
      id: entry.id,
      language: locale,
      title: row.title,
      text: row.text,
      readingMinutes: readingMinutes(row.text, locale),
      presentation: 'machine_translated',
    };
  }

  async function buildIndex(versionId: number): Promise<VersionIndex> {
    const rows = await deps.corpusData.listDevotionals(versionId);
    const byDay = new Map<string, DevotionalEntry[]>();
    const byId = new Map<string, DevotionalEntry>();
    for (const { text, versionId: _v, ...row } of rows) {
      const entry: DevotionalEntry = {
        ...row,
        readingMinutes: readingMinutes(text, row.lang),
        sourceHash: devotionalSourceHash(row.title, text),
      };
      byId.set(entry.id, entry);
      const key = dayKey(row.month, row.day);
      byDay.set(key, [...(byDay.get(key) ?? []), entry]);
    }
    for (const list of byDay.values()) list.sort((a, b) => PERIOD_ORDER[a.period] - PERIOD_ORDER[b.period]);
    return { versionId, byDay, byId };
  }

  /** The current version's devotionals; the corpus_preparing error while there is none. */
  function current(): Promise<VersionIndex> {
    const { versionId } = deps.corpus.ready();
    if (!index || indexVersion !== versionId) {
      indexVersion = versionId;
      index = buildIndex(versionId);
      index.catch(() => {
        index = undefined;
      });
    }
    return index;
  }

  const readerOf = (caller: DevotionalCaller): Promise<ReaderContext> => deps.readers.readerOf(caller);

  const sameLanguage = (lang: string, reader: ReaderContext) =>
    lang.slice(0, 2).toLowerCase() === reader.language.slice(0, 2).toLowerCase();

  async function summaryOf(
    entry: DevotionalEntry,
    date: string | null,
    reader: ReaderContext,
    translated: ReadonlySet<string> = new Set(),
  ) {
    const tools = await deps.bible.tools();
    const first = entry.refs[0] ? parseUsfm(entry.refs[0]) : undefined;
    return {
      id: entry.id,
      date,
      month: entry.month,
      day: entry.day,
      period: entry.period,
      title: entry.title,
      scripture: entry.scripture,
      reference: entry.refs[0] ?? null,
      // A book the corpus does not know has no name to show; the English scripture line stands alone.
      referenceTitle:
        first && tools.books.has(first.book)
          ? tools.format(first, { locale: reader.language, tradition: reader.tradition })
          : null,
      lang: entry.lang,
      readingMinutes: entry.readingMinutes,
      presentation: sameLanguage(entry.lang, reader)
        ? 'original'
        : translated.has(entry.id)
          ? 'machine_translated'
          : 'related_literature',
    } satisfies DevotionalSummary;
  }

  async function passagesOf(refs: string[], reader: ReaderContext): Promise<Passage[]> {
    const out: Passage[] = [];
    for (const value of refs) {
      const ref = parseUsfm(value);
      const passage = ref ? await deps.bible.passageFor(ref, reader) : undefined;
      if (passage) out.push(passage);
    }
    return out;
  }

  /** The plan's day for a calendar day, its readings titled and read in the reader's translation. */
  async function planDayOf(versionId: number, month: number, day: number, reader: ReaderContext) {
    const row = await deps.corpusData.planDay(versionId, READING_PLAN_ID, month, day);
    if (!row) return null;
    const tools = await deps.bible.tools();
    const readings = [];
    for (const [i, label] of row.readings.entries()) {
      const references = row.refs[i] ?? [];
      const parsed = references.map(parseUsfm).filter((r) => r !== undefined && tools.books.has(r.book));
      readings.push({
        label,
        references,
        title:
          parsed.length === references.length && parsed.length > 0
            ? parsed.map((r) => tools.format(r!, { locale: reader.language, tradition: reader.tradition })).join('; ')
            : label,
        passages: await passagesOf(references, reader),
      });
    }
    return {
      planId: row.planId,
      day: row.day,
      month: row.month,
      dayOfMonth: row.dayOfMonth,
      readings,
    } satisfies PlanDay;
  }

  function todayOf(date: string | undefined): string {
    return date ?? utcDate(deps.clock.now());
  }

  async function find(id: string): Promise<{ versionId: number; entry: DevotionalEntry }> {
    const state = await current();
    const entry = state.byId.get(id);
    if (!entry) throw new AppError('not_found');
    return { versionId: state.versionId, entry };
  }

  return {
    /** The readings of the reader's today (morning, then evening) and the plan's day. */
    async today(caller: DevotionalCaller, date?: string): Promise<DevotionalToday> {
      const state = await current();
      const reader = await readerOf(caller);
      const today = todayOf(date);
      const { month, day } = monthDayOf(today);
      const entries = state.byDay.get(dayKey(month, day)) ?? [];
      const translated = await storedFor(entries, caller.locale);
      return {
        date: today,
        devotionals: await Promise.all(entries.map((e) => summaryOf(e, today, reader, translated))),
        plan: await planDayOf(state.versionId, month, day, reader),
      };
    },

    /** The readings of a span of dates, newest first, a page at a time. */
    async list(
      caller: DevotionalCaller,
      query: DateFilter & { date?: string | undefined; page: number; size: number },
    ): Promise<DevotionalPage> {
      const state = await current();
      const reader = await readerOf(caller);
      const range = resolveRange(query, todayOf(query.date));
      const listed: { entry: DevotionalEntry; date: string }[] = [];
      for (const date of datesDescending(range.startDate, range.endDate)) {
        const { month, day } = monthDayOf(date);
        const entries = state.byDay.get(dayKey(month, day)) ?? [];
        for (const entry of [...entries].reverse()) listed.push({ entry, date });
      }
      const from = (query.page - 1) * query.size;
      const page = listed.slice(from, from + query.size);
      const translated = await storedFor(
        page.map(({ entry }) => entry),
        caller.locale,
      );
      const items = await Promise.all(page.map(({ entry, date }) => summaryOf(entry, date, reader, translated)));
      return { items, total: listed.length, page: query.page, size: query.size, ...range };
    },

    /** One reading with its text, its verse in the reader's translation and the plan's day. */
    async info(caller: DevotionalCaller, id: string): Promise<DevotionalDetail> {
      const { versionId, entry } = await find(id);
      const reader = await readerOf(caller);
      const text = (await deps.corpusData.devotionalText(versionId, id)) ?? '';
      const own = sameLanguage(entry.lang, reader);
      const translated = own ? null : await storedTranslation(entry, caller.locale);
      const summary = await summaryOf(entry, null, reader, new Set(translated ? [entry.id] : []));
      return {
        ...summary,
        text,
        passages: await passagesOf(entry.refs, reader),
        plan: await planDayOf(versionId, entry.month, entry.day, reader),
        translated,
        machineTranslation: !own && (translated !== null || deps.translator !== undefined),
      };
    },

    /** The reading translated into the reader's language by the configured model, labelled as such. */
    async translation(caller: DevotionalCaller, id: string): Promise<DevotionalTranslation> {
      const { versionId, entry } = await find(id);
      const reader = await readerOf(caller);
      if (sameLanguage(entry.lang, reader)) throw new AppError('devotional_translation_unavailable');
      const stored = await storedTranslation(entry, caller.locale);
      if (stored) return stored;
      const model = deps.translator;
      if (!model) throw new AppError('devotional_translation_unavailable');
      const translator = model.translator;
      const key = `${versionId}|${id}|${caller.locale}`;
      let pending = translations.get(key);
      if (!pending) {
        if (inFlight >= TRANSLATIONS_IN_FLIGHT) throw new AppError('high_traffic');
        inFlight += 1;
        pending = (async () => {
          const text = (await deps.corpusData.devotionalText(versionId, id)) ?? '';
          const out = await translator
            .translate({ title: entry.title, text }, caller.locale)
            .catch((error: unknown) => {
              deps.log.warn({ err: error, id }, 'devotional translation failed');
              throw new AppError('devotional_translation_unavailable', [], { cause: error });
            });
          // Kept: the next reader of this language (on any server) reads it from the database.
          await deps.translations
            .save(
              {
                devotionalId: id,
                language: caller.locale,
                title: out.title,
                text: out.text,
                sourceHash: devotionalSourceHash(entry.title, text),
                model: model.model,
              },
              deps.clock.now(),
            )
            .catch((error: unknown) => deps.log.warn({ err: error, id }, 'could not store a devotional translation'));
          return {
            id,
            language: caller.locale,
            title: out.title,
            text: out.text,
            readingMinutes: readingMinutes(out.text, caller.locale),
            presentation: 'machine_translated' as const,
          };
        })().finally(() => {
          inFlight -= 1;
        });
        if (translations.size >= TRANSLATION_CACHE) translations.delete(translations.keys().next().value!);
        translations.set(key, pending);
        pending.catch(() => translations.delete(key));
      }
      return pending;
    },
  };
}
export type DevotionalService = ReturnType<typeof createDevotionalService>;
