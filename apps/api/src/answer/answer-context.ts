import type { AnswerKind, ChatMode, ErrorName, Locale, Tradition } from '@bible-qa/contract';
import type { ReferenceParser } from '../scripture/references.parser.ts';
import type { BibleReference } from '../scripture/references.types.ts';
import type { CorpusRepository } from '../corpus/corpus.repository.ts';
import type { CorpusService } from '../corpus/corpus.service.ts';
import { versionMemo } from '../corpus/version-memo.ts';
import type { ReaderContext } from '../scripture/reader.ts';
import type { ScriptureSource as BibleService } from '../scripture/scripture-source.ts';
import { parseUsfm, usfmOverlap, verseKey } from '../scripture/usfm.ts';
import type { PassageIndex } from '../retrieval/passage-index.ts';
import { createVerseRetriever, type Retrieval, type RetrievedVerse } from '../retrieval/verse-retriever.ts';
import { createEnglishKeywords, nameSpelledIn } from '../language/cross-lingual.ts';
import { statesKin } from '../language/kin-words.ts';
import { bibleLanguageOf } from '../scripture/translation-policy.ts';
import type { AnswerContext, ContextVerse } from './answer-model.ts';
import { statesLifespan, statesNumber } from '../question/guide/question-words.ts';
import { statesCount } from '../language/question-shapes.ts';
import type { QuestionAnalysis } from '../question/analyse.ts';
import { commentaryDivisions, divisionsWithin } from './commentary.ts';
import { createLiterature, ROW_CACHE } from './context-literature.ts';
import { chooseLead, LEAD_TABLE, type LeadCandidate, type LeadChoice, type LeadTable } from './lead-choice.ts';

/** The Catholic text every reader can be shown the deuterocanon in (English, Vulgate numbering). */
const CATHOLIC_TEXT = 'cpdv';

/** A passage wanted in the answer: a verse or a run of verses, with the retriever's marks. */
interface Wanted {
  ref: BibleReference;
  outsideCanon?: true;
  vulgate?: boolean;
  /** The retrieved verse the passage grew from (its best ranked verse). */
  found?: RetrievedVerse;
}

/** Texts that hold the deuterocanon, for readers whose own text lacks a book: their language's first. */
function fallbackTranslations(reader: ReaderContext, vulgate = false): string[] {
  if (vulgate) return [CATHOLIC_TEXT, 'drc'];
  return reader.language === 'fr' ? ['crampon', CATHOLIC_TEXT] : [CATHOLIC_TEXT, 'drc'];
}

/** Longest run of ranked verses read as one passage (a story's verses, not a chapter). */
const RANKED_RUN = 4;

/**
 * The retrieved verses as passages: a verse that continues a run of named or cited verses just before it in the
 * same chapter joins that run (the Lord's Prayer is Matthew 6:9-13, one passage, not five), wherever it was ranked.
 * Ranked verses next to each other (2 Samuel 18:9 and 18:10, Philippians 4:6 and 4:7) are read as one passage too,
 * up to four verses, at the place of the better ranked. The first passage grows too only when asked (`joinFirst`:
 * a topic's lead, a story's account); a question of number's lead quotes its one verse.
 */
export function passagesOf(verses: readonly RetrievedVerse[], options: { joinFirst?: boolean } = {}): Wanted[] {
  const runs: { first: BibleReference; last: number; item: RetrievedVerse; joinable: boolean }[] = [];
  for (const v of verses) {
    const ref = parseUsfm(v.ref);
    if (!ref || ref.verse === undefined) continue;
    const joinable = v.sources.includes('reference') || (v.sources.length === 1 && v.sources[0] === 'guide');
    const sameChapter = (r: (typeof runs)[number]) =>
      r.first.book === ref.book &&
      r.first.chapter === ref.chapter &&
      Boolean(r.item.numbering) === Boolean(v.numbering) &&
      Boolean(r.item.outsideCanon) === Boolean(v.outsideCanon);
    const verse = ref.verse;
    // A ranked verse joins a run of ranked verses it is next to, up to RANKED_RUN verses.
    const fits = (r: (typeof runs)[number]) => {
      const first = r.first.verse ?? r.last;
      return (
        (verse === r.last + 1 || verse === first - 1) && Math.max(r.last, verse) - Math.min(first, verse) < RANKED_RUN
      );
    };
    const run = joinable
      ? runs.find((r) => r.joinable && sameChapter(r) && r.last + 1 === verse)
      : runs.find((r, i) => (i > 0 || options.joinFirst) && !r.joinable && sameChapter(r) && fits(r));
    if (run && verse < (run.first.verse ?? verse)) run.first = { ...run.first, verse };
    else if (run) run.last = verse;
    else runs.push({ first: ref, last: ref.verse, item: v, joinable });
  }
  return runs.map(({ first, last, item }) => ({
    ref: last === first.verse ? first : { ...first, endVerse: last },
    ...(item.outsideCanon ? { outsideCanon: true as const } : {}),
    ...(item.numbering === 'vulgate' ? { vulgate: true } : {}),
    found: item,
  }));
}

/** Verses retrieved at least, so that a named passage (the Beatitudes, the Lord's Prayer) arrives whole. */
const NAMED_DEPTH = 24;
/**
 * The characters of scene before a passage's ranked verse from which that verse is named in the lead: about four lines
 * of a phone's screen, past which the verse would leave the answer's first lines.
 */
const SCENE_CHARS = 160;
const scene = (verses: readonly { text: string }[]) => verses.reduce((n, v) => n + Array.from(v.text).length, 0);
/** Verses around the key verse shown as its setting. */
const SURROUNDING = 2;
/** A ranked verse is kept when its fused score is at least this share of the best one's (fewer, better verses). */
const RELEVANCE = 0.4;

/**
 * The verses worth showing: every verse the question cites or names (their scores are 1 and above), and the ranked
 * ones that score near the best ranked verse.
 */
export function relevant(verses: readonly RetrievedVerse[]): RetrievedVerse[] {
  const ranked = verses.filter((v) => v.score < 1);
  const best = Math.max(0, ...ranked.map((v) => v.score));
  return verses.filter((v) => v.score >= 1 || v.score >= RELEVANCE * best);
}

/** Passages among which a question of number's key passage is chosen by what it states. */
const LEAD_CHOICE = 3;

/**
 * The key passage of a question of number: of the first three, the first that states a number, when the first does
 * not; for how long someone lived, the verse that states their age and their death ("玛土撒拉共活了九百六十九岁就死了",
 * not "玛土撒拉活到一百八十七岁，生了拉麦"). The others keep their order. On the gold set's train part, five more
 * questions of number lead with their stating verse, none fewer.
 */
export function statingFirst(
  verses: ContextVerse[],
  asks: Pick<QuestionAnalysis['asks'], 'number' | 'lifespan' | 'counted'>,
  focus: AnswerContext['focus'],
): ContextVerse[] {
  if (focus !== 'fact' || !asks.number) return verses;
  const first = verses.slice(0, LEAD_CHOICE);
  // The count asked for ("几岁": an age in 岁, not Genesis 7:17's forty days) when one of the first passages states
  // it, as the retriever's boost reads it; else any number.
  const statesAsked = (text: string) => statesCount(asks.counted, text);
  const byCount = !asks.lifespan && first.some((v) => statesAsked(v.text));
  const states = asks.lifespan ? statesLifespan : byCount ? statesAsked : statesNumber;
  return ledBy(verses, LEAD_CHOICE, (v) => states(v.text));
}

/**
 * The first of the first `choice` passages that `states` what the question asks, moved to the front when the first
 * does not; the others keep their order.
 */
function ledBy(verses: ContextVerse[], choice: number, states: (v: ContextVerse) => boolean): ContextVerse[] {
  const at = verses.slice(0, choice).findIndex(states);
  return at > 0 ? [verses[at]!, ...verses.slice(0, at), ...verses.slice(at + 1)] : verses;
}

/** The reference works' first people a question of kin's key passage may name as the answer. */
const KIN_NAMED = 2;
/** Passages among which a question of kin's key passage is chosen by the tie it states. */
const KIN_CHOICE = 5;

/**
 * The key passage of a question of kin (大卫的父亲是谁？, "Who was Moses' wife?"): of the first five, the first that
 * states a tie (language/kin-words.ts) between the person asked about and one the reference works' notes name as the
 * answer (the retriever's `named`), when the first does not: 1 Samuel 17:12 ("David was the son of … Jesse"), not
 * 1 Samuel 22:4 (David's father and mother with the king of Moab). The others keep their order.
 */
export function kinFirst(
  verses: ContextVerse[],
  analysis: Pick<QuestionAnalysis, 'asks' | 'people' | 'language'>,
  named: readonly string[] | undefined,
  focus: AnswerContext['focus'],
): ContextVerse[] {
  const { asks, people, language } = analysis;
  if (focus !== 'fact' || !asks.who || !asks.kin || asks.why || asks.number || !named?.length) return verses;
  const answers = named.filter((n) => !people.includes(n)).slice(0, KIN_NAMED);
  const holds = (text: string, names: readonly string[]) => names.some((n) => nameSpelledIn(n, text, language));
  const states = (v: ContextVerse) =>
    !v.otherLanguage &&
    statesKin(v.text, language) &&
    holds(v.text, answers) &&
    (people.length === 0 || holds(v.text, people));
  return ledBy(verses, KIN_CHOICE, states);
}

/**
 * The passages with their key passage first: chosen by the fitted lead model (lead-choice.ts) for a shape the table
 * has weights for, else by the rules above (a question of number's stating verse, a question of kin's tie).
 */
export function leadFirst(
  candidates: readonly LeadCandidate[],
  analysis: Pick<QuestionAnalysis, 'asks' | 'people' | 'language' | 'textQuery'>,
  named: readonly string[] | undefined,
  focus: AnswerContext['focus'],
  table: LeadTable = LEAD_TABLE,
): LeadChoice {
  if ((focus === 'fact' || focus === 'topic') && table[focus])
    return chooseLead(candidates, analysis, named, focus, table);
  const verses = candidates.map((c) => c.verse);
  return { verses: kinFirst(statingFirst(verses, analysis.asks, focus), analysis, named, focus) };
}

const VERSES_BY_MODE: Record<ChatMode, number> = { simple: 3, advanced: 10, professional: 10 };
/** Rankings of recent questions kept per corpus version (a few kilobytes each). */
const RETRIEVAL_CACHE = 500;

export interface GatherInput {
  question: string;
  kind: AnswerKind;
  mode: ChatMode;
  language: Locale;
  tradition: Tradition;
  history: { question: string; answer: string }[];
  /** How many answers the same question has had already (asked again, or "another version"): the arrangement to give. */
  again?: number;
  /** What retrieval searches for, when not the question itself (a follow-up with "this book" resolved). */
  retrievalQuery?: string;
  /** Whether the model quotes cross-references (the lookup is skipped when not). */
  withCrossReferences?: boolean;
  /** The question already read (the intent reads it first); read here when absent or of other words. */
  analysis?: QuestionAnalysis;
}

export interface Gathered {
  context: AnswerContext;
  reader: ReaderContext;
  translation: { id: string; name: string };
  /**
   * Why the corpus could not be read (it is being prepared, or is unavailable) when a reader at risk is answered
   * without it: no verse can be shown or checked, so the answer is the server's help line and care alone.
   */
  withoutCorpus?: { name: ErrorName; args: readonly string[] };
}

/** How much of a chapter's commentary introduction is read for its divisions: they come in its first paragraphs. */
const INTRO_CHARS = 6000;

/**
 * Retrieval for one question through the verse retriever (cited references first, then text, reference entries and
 * prominence fused), each verse shown in the reader's translation; the entries it used become the literature;
 * cross-references of the key verse for the composer.
 */
export function createContextGatherer(deps: {
  bible: BibleService;
  corpus: CorpusService;
  corpusData: CorpusRepository;
  /** The lead model's weights (default: lead-weights.json; npm run fit:lead tries others). */
  leadTable?: LeadTable;
}) {
  type CrossRow = Awaited<ReturnType<CorpusRepository['crossReferencesOf']>>[number];
  /**
   * What is kept for one corpus version: its retriever, and (popular questions come back to the same entries and key
   * verses) the rankings, entry excerpts and cross-references already read.
   */
  const forVersion = (versionId: number, index: PassageIndex, parser: ReferenceParser) => {
    // The retriever reads the entries it ranks by through the literature, which shows the same entries' excerpts.
    const { literature, entryRefs } = createLiterature(deps, versionId);
    return {
      versionId,
      retriever: createVerseRetriever({ index, parser, entryRefs }),
      retrievals: versionMemo<{ retrieval: Retrieval; analysis: QuestionAnalysis }>(RETRIEVAL_CACHE),
      analyses: versionMemo<QuestionAnalysis>(RETRIEVAL_CACHE),
      literature,
      crossRefs: versionMemo<CrossRow[]>(ROW_CACHE),
      divisions: versionMemo<BibleReference[]>(ROW_CACHE),
      englishKeywords: createEnglishKeywords(parser.catalogue.books),
    };
  };
  let current: ReturnType<typeof forVersion> | undefined;

  /**
   * Passages of the first references that exist, looked up together, in the given order: in the reader's
   * translation, else (a book it lacks: Sirach in the Union Version) in a text of the reader's tradition that has it,
   * named beside the verse. Verses in the Catholic numbering are read from a Catholic text.
   */
  async function versesFor(items: Wanted[], reader: ReaderContext, translation: string, limit: number) {
    return (await candidatesFor(items, reader, translation, limit)).map((c) => c.verse);
  }

  /** versesFor's passages, each with the retrieved verse it grew from. */
  async function candidatesFor(
    items: Wanted[],
    reader: ReaderContext,
    translation: string,
    limit: number,
  ): Promise<LeadCandidate[]> {
    const look = async ({ ref, vulgate }: Wanted) => {
      const own = vulgate ? undefined : await deps.bible.passageFor(ref, reader, translation);
      if (own) return own;
      for (const other of fallbackTranslations(reader, vulgate)) {
        if (other === translation && !vulgate) continue;
        const passage = await deps.bible.passageFor(ref, reader, other);
        if (passage) return passage;
      }
      return undefined;
    };
    const passages = await Promise.all(items.slice(0, limit + 4).map(look));
    const out: LeadCandidate[] = [];
    const seen = new Set<string>();
    passages.forEach((passage, i) => {
      if (!passage || seen.has(passage.reference) || out.length >= limit) return;
      seen.add(passage.reference);
      const item = items[i]!;
      const grewFrom = item.found ? parseUsfm(item.found.ref) : undefined;
      const at = passage.verses.findIndex(
        (v) => v.chapter === grewFrom?.chapter && v.verse === grewFrom.verse && v.book === grewFrom.book,
      );
      const verse: ContextVerse = {
        ref: passage.reference,
        label: passage.title,
        text: passage.verses.map((v) => v.text).join(' '),
        book: item.ref.book,
        ...(passage.translation.id !== translation ? { translationName: passage.translation.name } : {}),
        ...(passage.translation.language !== reader.language ? { otherLanguage: true as const } : {}),
        ...(item.outsideCanon ? { outsideCanon: true } : {}),
        ...(at > 0 && scene(passage.verses.slice(0, at)) >= SCENE_CHARS ? { stating: passage.verses[at]!.text } : {}),
      };
      out.push({ verse, ...(item.found ? { found: item.found } : {}) });
    });
    return out;
  }

  type Kept = ReturnType<typeof forVersion>;
  type VerseAt = { book: string; chapter: number; verse: number };
  /** The key verse's most voted cross-references that exist in the reader's text (or their tradition's). */
  async function crossReferencesOf(kept: Kept, at: VerseAt, reader: ReaderContext, translation: string) {
    const rows = await kept.crossRefs.get(`${at.book}.${at.chapter}.${at.verse}`, () =>
      deps.corpusData.crossReferencesOf(kept.versionId, at.book, at.chapter, at.verse, 6),
    );
    const refs = rows.map((r) => parseUsfm(r.toRef)).filter((r): r is BibleReference => Boolean(r));
    return versesFor(
      refs.map((ref) => ({ ref })),
      reader,
      translation,
      4,
    );
  }

  /**
   * The key verse's setting: the two verses before and after it, when it is a single verse of the reader's text, less
   * what the answer already shows (the key verse itself, a related passage beside it): one run or two, so that no verse
   * is shown twice (Deuteronomy 34:7, then 34:5-6 among the related passages, then 34:8-9 as its setting).
   */
  async function settingOf(
    verses: readonly ContextVerse[],
    reader: ReaderContext,
    translation: string,
    parser: ReferenceParser,
  ): Promise<ContextVerse[]> {
    const key = verses[0];
    const ref = key && !key.translationName ? parseUsfm(key.ref) : undefined;
    if (!ref || ref.verse === undefined || ref.endVerse !== undefined) return [];
    // The setting ends where the chapter does: its labels must name only verses that exist.
    let end = ref.verse + SURROUNDING;
    while (end > ref.verse && parser.problemOf({ ...ref, verse: end }) !== undefined) end -= 1;
    const runs: BibleReference[] = [];
    for (let verse = Math.max(1, ref.verse - SURROUNDING); verse <= end; verse++) {
      const at = verseKey(ref.book, ref.chapter, verse);
      if (verses.some((shown) => usfmOverlap(shown.ref, at))) continue;
      const last = runs.at(-1);
      if (last && (last.endVerse ?? last.verse) === verse - 1) last.endVerse = verse;
      else runs.push({ book: ref.book, chapter: ref.chapter, verse });
    }
    const found = await versesFor(
      runs.map((run) => ({ ref: run })),
      reader,
      translation,
      runs.length,
    );
    // A run the reader's text lacks is left out, not filled from another translation.
    return found.filter((passage) => !passage.translationName);
  }

  /** What is kept for the current corpus version (made anew when a new version is current). */
  async function keptNow(): Promise<Kept> {
    const { index, versionId } = deps.corpus.ready();
    const { parser } = await deps.bible.tools();
    if (current?.versionId !== versionId) current = forVersion(versionId, index, parser);
    return current;
  }

  /** The one reading of a question (question/analyse.ts), kept per corpus version. */
  function analysisOf(kept: Kept, question: string, reader: ReaderContext): Promise<QuestionAnalysis> {
    return kept.analyses.get([reader.language, reader.tradition, question].join('|'), async () =>
      kept.retriever.analyse(question, reader),
    );
  }

  /**
   * The question read and retrieved for, and the passages the answer may show in the retriever's order (each with the
   * retrieved verse it grew from), before the key passage is chosen.
   */
  async function ranked(input: GatherInput) {
    const reader: ReaderContext = { language: bibleLanguageOf(input.language), tradition: input.tradition };
    const translation = await deps.bible.translationFor(reader);
    const kept = await keptNow();
    const limit = VERSES_BY_MODE[input.mode];
    // The retriever ranks verses (cited references first, then text, reference entries and prominence fused);
    // professional mode also looks in the lexicons, which cite no verses (they are English: other languages ask
    // them with the English words of the question).
    // A question asked again (the same words, reader and mode) within one corpus version ranks the same.
    const question = (input.retrievalQuery ?? input.question).trim().replace(/\s+/g, ' ');
    const { retrieval, analysis } = await kept.retrievals.get(
      [reader.language, reader.tradition, translation.id, input.mode, question].join('|'),
      async () => {
        // The question is read once; the retriever and the composer read what it found.
        const given = input.analysis?.written === question ? input.analysis : undefined;
        const analysis = given ?? (await analysisOf(kept, question, reader));
        const retrieval = await kept.retriever.retrieveAnalysed(analysis, {
          language: reader.language,
          tradition: reader.tradition,
          translation: translation.id,
          // Deep enough for a named passage's whole range and its parallel (they become one passage each).
          limit: Math.max(limit + 4, NAMED_DEPTH),
        });
        return { retrieval, analysis };
      },
    );
    const focus: NonNullable<AnswerContext['focus']> = retrieval.focus ?? (analysis.asks.fact ? 'fact' : 'topic');
    // The key verse of a question of fact grows into the run of ranked verses around it, as a topic's does: the
    // account holds the answer (who climbed the sycamore: Luke 19:3-6, where 19:4 alone says only "he"). A question
    // of number keeps the one verse that states it (Deuteronomy 34:7). On the gold set's train part: gold among the
    // first three 0.813 → 0.835, answers the question 0.669 → 0.699, no question lost.
    const joinFirst = focus === 'topic' || (focus === 'fact' && !analysis.asks.number);
    const wanted = passagesOf(relevant(retrieval.verses), { joinFirst });
    const candidates = await candidatesFor(wanted, reader, translation.id, limit);
    return { reader, translation, kept, retrieval, analysis, focus, candidates };
  }

  return {
    /** Reads a question once for everything that follows (the intent, the retrieval, the composer). */
    async analyse(question: string, reader: ReaderContext): Promise<QuestionAnalysis> {
      return analysisOf(await keptNow(), question.trim().replace(/\s+/g, ' '), reader);
    },

    /**
     * A passage in the parts Matthew Henry's introduction to its chapter divides it into (commentary.ts), cut to the
     * passage; none when the commentary does not divide it in two or more.
     */
    async commentaryParts(passage: BibleReference): Promise<BibleReference[]> {
      const kept = await keptNow();
      const { parser } = await deps.bible.tools();
      const divisions = await kept.divisions.get(`${passage.book}.${passage.chapter}`, async () => {
        const rows = await deps.corpusData.commentaryOnChapter(
          kept.versionId,
          passage.book,
          passage.chapter,
          INTRO_CHARS,
        );
        const intro = rows.find((row) => row.id === `mhc:${passage.book}.${passage.chapter}.intro`);
        return intro
          ? commentaryDivisions(intro.text, passage, (text) => parser.findAll(text, { language: 'en' }))
          : [];
      });
      return divisionsWithin(divisions, passage);
    },

    /** The passages the key passage is chosen among, and what choosing reads (npm run fit:lead). */
    async leadCandidates(input: GatherInput) {
      const { analysis, retrieval, focus, candidates } = await ranked(input);
      return { analysis, named: retrieval.named, focus, candidates };
    },

    async gather(input: GatherInput): Promise<Gathered> {
      const { index } = deps.corpus.ready();
      const { parser } = await deps.bible.tools();
      const { reader, translation, kept, retrieval, analysis, focus, candidates } = await ranked(input);
      const { verses, confidence } = leadFirst(candidates, analysis, retrieval.named, focus, deps.leadTable);
      const key = verses[0] ? parseUsfm(verses[0].ref.split('-')[0]!) : undefined;
      const at = key?.verse !== undefined ? { book: key.book, chapter: key.chapter, verse: key.verse } : undefined;
      // What the key passage brings (its setting, the reference works, its cross-references) is read at once.
      const [setting, entries, related] = await Promise.all([
        input.mode === 'simple' ? [] : settingOf(verses, reader, translation.id, parser),
        kept.literature({ retrieval, key: verses[0], at, mode: input.mode, reader, index, parser }),
        at && input.mode !== 'simple' && input.withCrossReferences !== false
          ? crossReferencesOf(kept, at, reader, translation.id).then((found) =>
              found.filter((v) => !verses.some((k) => usfmOverlap(k.ref, v.ref))),
            )
          : [],
      ]);
      // A cross-reference inside the key verse's setting (James 2:19-20 beside the setting 2:18-19) is shown there.
      const crossReferences = related.filter((v) => !setting.some((s) => usfmOverlap(s.ref, v.ref)));
      return {
        reader,
        translation: { id: translation.id, name: translation.name },
        context: {
          question: input.question,
          kind: input.kind,
          mode: input.mode,
          language: input.language,
          tradition: input.tradition,
          translationName: translation.name,
          verses,
          ...(verses.length ? { focus, asks: analysis.asks } : {}),
          ...(verses.length && retrieval.named ? { named: retrieval.named } : {}),
          ...(verses.length && confidence !== undefined ? { leadConfidence: confidence } : {}),
          ...(setting.length ? { setting } : {}),
          crossReferences,
          entries,
          history: input.history,
          ...(input.again ? { again: input.again } : {}),
        },
      };
    },
  };
}
export type ContextGatherer = ReturnType<typeof createContextGatherer>;
