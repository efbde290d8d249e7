import type { PlanCalendar, PlanDayState, PlanSummary } from '@bible-qa/contract';
import type { CorpusRepository } from '../../corpus/corpus.repository.ts';
import type { CorpusService } from '../../corpus/corpus.service.ts';
import { AppError } from '../../http/app-error.ts';
import type { ReaderContext } from '../../scripture/reader.ts';
import { parseUsfm } from '../../scripture/usfm.ts';
import type { Clock } from '../auth/auth-session.service.ts';
import type { BibleService } from '../bible/bible.service.ts';
import { utcDate } from '../devotional/devotional-dates.ts';
import { dateOfPlanDay, planDayOn, progressOf } from './plan-progress.ts';
import type { PlansRepository } from './plans.repository.ts';

type PlanDayRow = Awaited<ReturnType<CorpusRepository['planDays']>>[number];

/**
 * Reading plans with progress (issue 29): the corpus's plans, started by a reader on a date, each day's readings
 * marked read, progress and streak worked out from what is marked (plan-progress.ts), kept per reader (`ownerId`: an
 * account's users row or a guest's). A plan's days are read from the corpus version once and kept.
 */
export function createPlansService(deps: {
  plans: PlansRepository;
  corpus: Pick<CorpusService, 'ready'>;
  corpusData: Pick<CorpusRepository, 'plans' | 'planDays'>;
  bible: Pick<BibleService, 'tools'>;
  clock: Clock;
}) {
  const cache = new Map<string, Promise<PlanDayRow[]>>();

  /** A plan's days (the current corpus version's); not_found for a plan the corpus does not have. */
  async function daysOf(planId: string): Promise<PlanDayRow[]> {
    const { versionId } = deps.corpus.ready();
    const key = `${versionId}|${planId}`;
    let days = cache.get(key);
    if (!days) {
      days = deps.corpusData.planDays(versionId, planId);
      cache.set(key, days);
      days.catch(() => cache.delete(key));
    }
    const rows = await days;
    if (rows.length === 0) throw new AppError('not_found');
    return rows;
  }

  const todayOf = (date: string | undefined) => date ?? utcDate(deps.clock.now());

  async function progress(ownerId: string | undefined, planId: string, days: PlanDayRow[], today: string) {
    const run = ownerId ? await deps.plans.enrollment(ownerId, planId) : undefined;
    if (!run || !ownerId) return { run: undefined, read: [], progress: null };
    const read = await deps.plans.progress(ownerId, planId);
    const byDay = new Map(days.map((d) => [d.day, d.readings.length]));
    return {
      run,
      read,
      progress: progressOf({
        startDate: run.startDate,
        today,
        days: days.length,
        readingsOf: (day) => byDay.get(day) ?? 1,
        read,
      }),
    };
  }

  async function requireRun(ownerId: string, planId: string) {
    const run = await deps.plans.enrollment(ownerId, planId);
    if (!run) throw new AppError('plan_not_started');
    return run;
  }

  return {
    /** Every plan of the corpus, with the reader's progress in those they started. */
    async list(ownerId: string | undefined, date?: string): Promise<PlanSummary[]> {
      const { versionId } = deps.corpus.ready();
      const today = todayOf(date);
      const out: PlanSummary[] = [];
      for (const { planId } of await deps.corpusData.plans(versionId)) {
        const days = await daysOf(planId);
        out.push({
          id: planId,
          days: days.length,
          readingsPerDay: Math.max(...days.map((d) => d.readings.length)),
          progress: (await progress(ownerId, planId, days, today)).progress,
        });
      }
      return out;
    },

    /** A day of a plan (the reader's today's when none is asked), its readings titled in the reader's language. */
    async day(
      ownerId: string | undefined,
      reader: ReaderContext,
      query: { planId: string; day?: number | undefined; date?: string | undefined },
    ): Promise<PlanDayState> {
      const days = await daysOf(query.planId);
      const today = todayOf(query.date);
      const state = await progress(ownerId, query.planId, days, today);
      const wanted =
        query.day ?? (state.run ? Math.min(Math.max(planDayOn(state.run.startDate, today), 1), days.length) : 1);
      const row = days.find((d) => d.day === wanted);
      if (!row) throw new AppError('not_found');
      const tools = await deps.bible.tools();
      const read = new Set(state.read.filter((r) => r.day === wanted).map((r) => r.reading));
      return {
        planId: query.planId,
        day: wanted,
        days: days.length,
        date: state.run ? dateOfPlanDay(state.run.startDate, wanted) : null,
        readings: row.readings.map((label, i) => {
          const references = row.refs[i] ?? [];
          // A whole chapter ("Genesis 1", written GEN.1.1-GEN.1.31) is titled as the chapter: 创世记 1.
          const whole = !label.includes(':');
          const parsed = references
            .map(parseUsfm)
            .map((r) =>
              r && whole && r.verse === 1 && r.endChapter === undefined ? { book: r.book, chapter: r.chapter } : r,
            );
          const titled = parsed.every((r) => r && tools.books.has(r.book)) && parsed.length > 0;
          return {
            label,
            references,
            title: titled
              ? parsed.map((r) => tools.format(r!, { locale: reader.language, tradition: reader.tradition })).join('; ')
              : label,
            read: read.has(i),
          };
        }),
        progress: state.progress,
      };
    },

    /** Which days of the reader's run are read in full, and which in part. */
    async calendar(ownerId: string | undefined, planId: string, date?: string): Promise<PlanCalendar> {
      const days = await daysOf(planId);
      const state = await progress(ownerId, planId, days, todayOf(date));
      const perDay = new Map<number, number>();
      for (const r of state.read) perDay.set(r.day, (perDay.get(r.day) ?? 0) + 1);
      const complete: number[] = [];
      const partial: number[] = [];
      for (const d of days) {
        const n = perDay.get(d.day) ?? 0;
        if (n >= d.readings.length) complete.push(d.day);
        else if (n > 0) partial.push(d.day);
      }
      return { planId, days: days.length, complete, partial, progress: state.progress };
    },

    /** Starts a plan on a date (or moves the start of the reader's run); what was marked stays. */
    async start(ownerId: string, planId: string, startDate: string, date?: string): Promise<PlanSummary> {
      const days = await daysOf(planId);
      await deps.plans.start(ownerId, planId, startDate, deps.clock.now());
      return {
        id: planId,
        days: days.length,
        readingsPerDay: Math.max(...days.map((d) => d.readings.length)),
        progress: (await progress(ownerId, planId, days, todayOf(date))).progress,
      };
    },

    async stop(ownerId: string, planId: string): Promise<void> {
      await requireRun(ownerId, planId);
      await deps.plans.stop(ownerId, planId);
    },

    /** Marks one reading of a day (or all of them) read or not; a read counts for the reader's today's streak. */
    async mark(
      ownerId: string,
      reader: ReaderContext,
      input: { planId: string; day: number; reading?: number | undefined; read: boolean; date?: string | undefined },
    ): Promise<PlanDayState> {
      const days = await daysOf(input.planId);
      await requireRun(ownerId, input.planId);
      const row = days.find((d) => d.day === input.day);
      if (!row || (input.reading !== undefined && input.reading >= row.readings.length)) {
        throw new AppError('not_found');
      }
      const readings = input.reading !== undefined ? [input.reading] : row.readings.map((_, i) => i);
      if (input.read) {
        await deps.plans.markRead(ownerId, input.planId, input.day, readings, todayOf(input.date), deps.clock.now());
      } else {
        await deps.plans.markUnread(ownerId, input.planId, input.day, readings);
      }
      return this.day(ownerId, reader, { planId: input.planId, day: input.day, date: input.date });
    },

    /** Everything of the reader's plans, for the account's export. */
    async exportAll(ownerId: string) {
      const runs = await deps.plans.enrollments(ownerId);
      return Promise.all(
        runs.map(async (run) => ({
          planId: run.planId,
          startDate: run.startDate,
          read: (await deps.plans.progress(ownerId, run.planId)).map((r) => ({
            day: r.day,
            reading: r.reading,
            readOn: r.readOn,
          })),
        })),
      );
    },
  };
}
export type PlansService = ReturnType<typeof createPlansService>;
