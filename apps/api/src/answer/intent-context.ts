import type { BibleReference } from '../scripture/references.types.ts';
import type { ReaderContext } from '../scripture/reader.ts';
import type { ScriptureSource } from '../scripture/scripture-source.ts';
import { bibleLanguageOf, defaultTranslation, translationAbbr } from '../scripture/translation-policy.ts';
import { isAppError } from '../http/app-error.ts';
import { parseUsfm, usfmOverlap } from '../scripture/usfm.ts';
import type { ContextGatherer, Gathered, GatherInput } from './answer-context.ts';
import type { AnswerIntent, ContextVerse } from './answer-model.ts';
import { retrievalQuestion } from './follow-up.ts';
import { readIntent } from './question-intent.ts';
import { normalise } from '../language/domain-words.ts';
import type { QuestionAnalysis } from '../question/analyse.ts';
import { createScriptureFinder, type ScriptureFinder } from '../question/mentions.ts';
import { distressOf } from '../language/care-lexicon.ts';
import { personWords, withoutPersonWords } from '../language/kind-moods.ts';
import type { GuideEntry } from '../question/guide/passage-guide.ts';
import {
  isSituation,
  passagesOfThemes,
  situationWordsIn,
  THEME_PASSAGES,
  themesOf,
  themeWordsIn,
  type Theme,
} from './theme-passages.ts';
import { themeHitsOf, themeTerms, versesOfReference } from './verse-clauses.ts';

/** Passages a prayer, sermon outline, poem or answer of care quotes. */
const SHAPED_VERSES = 3;
/** Passages a prayer, sermon outline or poem is made from: a cento's lines, a prayer's petitions, a sermon's points. */
const KIND_VERSES = 8;
/** The most verses a part of a named passage holds when the commentary's divisions give the parts. */
const PART_VERSES = 12;
/** A whole chapter the reader names (以诗篇23篇为主题) is read from its start, this many verses. */
const CHAPTER_VERSES = 6;

/**
 * Gathering with the question's intent read first (decision 0012). An off-topic question gets no passages; a
 * prayer, sermon outline or poem, or a reader in distress, gets the passages the reader named and those chosen by
 * hand for the theme (theme-passages.ts), read from the corpus in the reader's translation, and no reference
 * entries; only a theme no set covers is searched for, by its own words without the request's. A plain answer is
 * retrieved for its own question, with the history only resolving "this book" or "it" (follow-up.ts).
 */
/** Verses of its own a theme needs before the verses many sets share are left out: a cento's five. */
const OWN_VERSES = 5;
/** How many of the hand-chosen sets hold each verse: Psalm 23 and Romans 8 close many of them. */
const SETS_HOLDING = (() => {
  const count = new Map<string, number>();
  for (const refs of Object.values(THEME_PASSAGES))
    for (const verse of new Set(refs.flatMap(versesOfReference))) count.set(verse, (count.get(verse) ?? 0) + 1);
  return count;
})();

/**
 * The order a prayer, sermon or poem takes its theme's verses in, so that each theme is made of its own passages:
 * verses that hold the theme's own words first, then the set of the situation the request names (a surgery), then
 * those of the other hand-chosen sets no other set holds, then the rest of what the theme's words retrieve, in the
 * retriever's order, and last the verses many sets share (Psalm 23:4). A situation with enough verses of its own is
 * made of them alone: the broader theme's set (illness) would make two near requests alike.
 */
export function themeOrder(
  theme: string,
  set: readonly ContextVerse[],
  found: readonly ContextVerse[],
  /** The verses (`BOOK.C.V`) of the sets of the situations the request names. */
  situational: ReadonlySet<string> = new Set(),
): ContextVerse[] {
  // A theme the lists name (work, for "a friend who lost his job") is found by its own words: the other words say
  // what befell the person, and a verse that only shares one of them ("lost": the lost sheep) is not on the theme.
  // A situation's words name it more closely than the theme it falls under ("harvest", not "thanksgiving").
  const situation = situationWordsIn(normalise(theme));
  const named = situation.length ? situation : themeWordsIn(normalise(theme));
  const terms = themeTerms(named.length ? named.join(' ') : theme);
  const shared = (v: ContextVerse) => versesOfReference(v.ref).some((k) => (SETS_HOLDING.get(k) ?? 0) > 1);
  // More of the theme's words first (国家 and 和平 before 和平 alone).
  const rank = (v: ContextVerse, fromSet: boolean) => {
    // A retrieved verse that holds a situation's word may hold it in another sense (the guest without wedding clothes,
    // "as newborn babies, long for the milk"): the situation's own set leads it.
    const hits = fromSet || !situation.length ? themeHitsOf(v.text, terms) : 0;
    if (hits > 0) return -hits;
    if (fromSet && versesOfReference(v.ref).some((k) => situational.has(k))) return 0;
    return fromSet && !shared(v) ? 1 : !fromSet ? 2 : 3;
  };
  const all = [...set.map((v) => ({ v, r: rank(v, true) })), ...found.map((v) => ({ v, r: rank(v, false) }))];
  const ordered = all.sort((a, b) => a.r - b.r);
  const situated = ordered.filter(({ r }) => r <= 0);
  if (situational.size && situated.length >= OWN_VERSES) return situated.map(({ v }) => v);
  // The verses many sets share are taken only as far as the theme has too few of its own.
  const own = ordered.filter(({ r }) => r < 3);
  const many = ordered.filter(({ r }) => r >= 3).slice(0, Math.max(0, OWN_VERSES - own.length));
  return [...own, ...many].map(({ v }) => v);
}

/**
 * Whether a request names people the story it mentions does not ("people hit by a flood", 洪水中的灾民: the Flood
 * names no one's need; "the prodigal son", 好撒玛利亚人的比喻: their people are the story's own): such a piece is for
 * those people, and the story is not its passage.
 */
export function namesOthersThan(request: string, story: GuideEntry): boolean {
  const folded = normalise(request);
  const names = normalise(Object.values(story.names).flat().join(' | '));
  const persons = personWords();
  const nameWords = new Set(names.match(/\p{L}+/gu) ?? []);
  return (
    persons.zh.some((word) => folded.includes(word) && !names.includes(word)) ||
    (folded.match(/\p{L}+/gu) ?? []).some((word) => persons.en.has(word) && !nameWords.has(word))
  );
}

/** Passages in order, without one that shares a verse with a passage before it (James 5:14-15 and 5:14-16). */
function distinctPassages(verses: readonly ContextVerse[]): ContextVerse[] {
  const seen = new Set<string>();
  return verses.filter((v) => {
    const keys = versesOfReference(v.ref);
    if (keys.some((k) => seen.has(k))) return false;
    keys.forEach((k) => seen.add(k));
    return true;
  });
}

/** A prayer, sermon, poem, answer of care or redirect: the passages chosen for it, no entries nor cross-references. */
function shapedGathered(
  input: GatherInput,
  reader: ReaderContext,
  translation: { id: string; name: string },
  verses: ContextVerse[],
  intent: AnswerIntent,
): Gathered {
  return {
    reader,
    translation,
    context: {
      question: input.question,
      kind: input.kind,
      mode: input.mode,
      language: input.language,
      tradition: input.tradition,
      translationName: translation.name,
      verses,
      crossReferences: [],
      entries: [],
      history: input.history,
      ...(input.again ? { again: input.again } : {}),
      intent,
    },
  };
}

export function createIntentGatherer(deps: { gatherer: ContextGatherer; bible: ScriptureSource }) {
  let finder: { parser: unknown; scripture: ScriptureFinder } | undefined;
  async function scriptureFinder() {
    const { parser } = await deps.bible.tools();
    if (finder?.parser !== parser) finder = { parser, scripture: createScriptureFinder(parser) };
    return { parser, scripture: finder.scripture };
  }

  async function read(refs: BibleReference[], reader: ReaderContext, translation: string): Promise<ContextVerse[]> {
    const passages = await Promise.all(refs.map((ref) => deps.bible.passageFor(ref, reader, translation)));
    const out: ContextVerse[] = [];
    passages.forEach((p, i) => {
      if (p && p.verses.length && !out.some((v) => v.ref === p.reference))
        out.push({
          ref: p.reference,
          label: p.title,
          text: p.verses.map((v) => v.text).join(' '),
          book: refs[i]!.book,
        });
    });
    return out;
  }

  /**
   * A passage the reader named, in three parts when it is long enough (Psalm 23 as three stanzas or points); a
   * whole chapter is read from its start.
   */
  function inThree(ref: BibleReference): BibleReference[] {
    if (ref.endChapter !== undefined) return [ref];
    const from = ref.verse ?? 1;
    const to = ref.verse === undefined ? CHAPTER_VERSES : (ref.endVerse ?? from);
    const n = to - from + 1;
    if (n < SHAPED_VERSES) return [{ ...ref, verse: from, endVerse: to }];
    const size = Math.ceil(n / SHAPED_VERSES);
    const parts: BibleReference[] = [];
    for (let start = from; start <= to; start += size) {
      const end = Math.min(to, start + size - 1);
      // A part of one verse is that verse (1 Thessalonians 5:17, not 5:17-17).
      parts.push({ book: ref.book, chapter: ref.chapter, verse: start, ...(end > start ? { endVerse: end } : {}) });
    }
    return parts;
  }

  /**
   * A passage in its parts: as Matthew Henry's introduction to the chapter divides it (1 Corinthians 13: the need of
   * love, 13:1-3; what it does, 13:4-7; how it lasts, 13:8-13), when it divides the passage in three parts a point
   * can quote whole; else in three even parts (inThree). Two parts would leave a sermon's third point to the general
   * set (Easter's Matthew 28:1-10 then drew Psalm 23).
   */
  async function partsOf(ref: BibleReference): Promise<BibleReference[]> {
    const divided = ref.endChapter === undefined ? await deps.gatherer.commentaryParts(ref).catch(() => []) : [];
    const quotable = divided.every((d) => (d.endVerse ?? d.verse!) - d.verse! < PART_VERSES);
    return divided.length === SHAPED_VERSES && quotable ? divided : inThree(ref);
  }

  /**
   * The theme's words searched for as a question is (the retriever's fused ranking), in the reader's translation;
   * `story` when they name a passage (the parable of the Good Samaritan), which then leads.
   */
  async function retrievedFor(input: GatherInput, theme: string): Promise<{ verses: ContextVerse[]; story: boolean }> {
    const search = async (question: string) => {
      const found = await deps.gatherer.gather({
        ...input,
        question,
        kind: 'answer',
        mode: 'advanced',
        withCrossReferences: false,
        retrievalQuery: undefined,
        analysis: undefined,
      });
      return { verses: found.context.verses.filter((v) => !v.outsideCanon), story: found.context.focus === 'passage' };
    };
    const whole = await search(theme);
    // Who a piece is for is not what it is about: a prayer for a friend who has just come to faith (刚信主的朋友) is
    // searched without the friend, else it is made of friendship's verses (Psalm 41:9's friend who betrayed). A story
    // the words name (the prodigal son) keeps them.
    const about = whole.story ? undefined : withoutPersonWords(theme);
    if (!about) return whole;
    const found = await search(about);
    return found.verses.length ? found : whole;
  }

  /**
   * A passage of a story or an argument (the parable of the Good Samaritan, Luke 10:25-37) as its three parts, in
   * order, for a sermon outline's points: its setting, its turn and its command.
   */
  async function inParts(verse: ContextVerse, reader: ReaderContext, translation: string): Promise<ContextVerse[]> {
    const ref = parseUsfm(verse.ref);
    if (!ref || ref.verse === undefined || ref.endVerse === undefined || ref.endChapter !== undefined) return [verse];
    if (ref.endVerse - ref.verse + 1 < SHAPED_VERSES) return [verse];
    const parts = await read(await partsOf(ref), reader, translation);
    return parts.length > 1 ? parts : [verse];
  }

  /**
   * The named passages, then the theme's set; a theme no set covers is searched for by its own words. A prayer,
   * sermon or poem also takes the verses the theme's words retrieve, in the order themeOrder gives, so that each theme is
   * prayed and sung in its own passages; a reader at risk keeps to the set chosen for comfort.
   */
  async function passagesFor(
    input: GatherInput,
    cited: BibleReference[],
    themes: Theme[],
    reader: ReaderContext,
    translation: string,
    theme: string,
    comfortOnly: boolean,
  ): Promise<ContextVerse[]> {
    const named = (await Promise.all(cited.map(partsOf))).flat();
    const curated = passagesOfThemes(themes)
      .map(parseUsfm)
      .filter((r): r is BibleReference => Boolean(r));
    const kind = input.kind !== 'answer' && !comfortOnly;
    const limit = kind ? KIND_VERSES : SHAPED_VERSES;
    let verses = await read([...named, ...curated].slice(0, limit + 4), reader, translation);
    if (kind && theme) {
      let found = await retrievedFor(input, theme);
      const own = named.length ? await read(named, reader, translation) : [];
      // A story the request mentions for people it does not name ("people hit by a flood") is not the piece's
      // passage, nor are its verses (the Flood's judgment is no prayer for those a flood hit).
      const mentioned = found.story
        ? (await deps.gatherer.analyse(theme, reader)).guide.find((g) => g.match.entry.kind === 'passage' && !g.detail)
        : undefined;
      if (mentioned && namesOthersThan(theme, mentioned.match.entry)) {
        const refs = mentioned.match.entry.refs;
        found = { story: false, verses: found.verses.filter((v) => !refs.some((r) => usfmOverlap(v.ref, r))) };
      }
      // A story the theme names is the theme: its parts in order (a parable's setting, turn and command) are what
      // is prayed, preached and sung, not the other parables its words find, nor the hand-chosen sets its words
      // touch ("son" in "the prodigal son").
      const story = found.story && found.verses[0] ? await inParts(found.verses[0], reader, translation) : [];
      if (story.length > 1) verses = distinctPassages([...own, ...story]);
      else {
        const set = story.length ? [] : verses;
        const situational = new Set(passagesOfThemes(themes.filter(isSituation)).flatMap(versesOfReference));
        verses = distinctPassages([...own, ...story, ...themeOrder(theme, set, found.verses, situational)]);
        if (input.kind === 'sermon' && verses[0] && !named.length)
          verses = [...(await inParts(verses[0], reader, translation)), ...verses.slice(1)];
      }
    } else if (verses.length < SHAPED_VERSES && !named.length && !themes.length && theme) {
      const found = (await retrievedFor(input, theme)).verses;
      verses = [...verses, ...found.filter((v) => !verses.some((k) => k.ref === v.ref))];
    }
    if (verses.length < SHAPED_VERSES) {
      const general = passagesOfThemes(['general']).map(parseUsfm);
      const more = await read(
        general.filter((r): r is BibleReference => Boolean(r)),
        reader,
        translation,
      );
      const sameChapter = (v: ContextVerse) =>
        verses.some((k) => k.ref.split('.', 2).join() === v.ref.split('.', 2).join());
      verses = [...verses, ...more.filter((v) => !sameChapter(v))];
    }
    return verses.slice(0, limit);
  }

  /**
   * Care comes before the library: while the corpus is being prepared (or cannot be read), a reader who may be at
   * risk is still met with the help line and words of care, without passages; any other question gets the corpus's
   * error. The risk is read without knowing the corpus's book names.
   */
  function withoutCorpus(input: GatherInput, reader: ReaderContext, error: unknown): Gathered {
    const notReady = isAppError(error) && ['corpus_preparing', 'corpus_unavailable'].includes(error.errorName);
    if (!notReady) throw error;
    const read0 = readIntent(
      input.question,
      () => false,
      input.history.map((turn) => turn.question),
    );
    if (!read0.risk) throw error;
    const id = defaultTranslation(reader.language, reader.tradition, 'NT');
    const intent: AnswerIntent = { offTopic: false, care: read0.care, risk: read0.risk, theme: read0.theme };
    return {
      ...shapedGathered(input, reader, { id, name: translationAbbr(id) }, [], intent),
      withoutCorpus: { name: error.errorName, args: error.args },
    };
  }

  return {
    async gather(input: GatherInput): Promise<Gathered> {
      const reader: ReaderContext = { language: bibleLanguageOf(input.language), tradition: input.tradition };
      const find = { language: reader.language, tradition: reader.tradition };
      let finder: Awaited<ReturnType<typeof scriptureFinder>>;
      let analysis: QuestionAnalysis;
      try {
        finder = await scriptureFinder();
        // The question is read once (question/analyse.ts): its books, passages and citations for the intent too.
        analysis = await deps.gatherer.analyse(input.question, reader);
      } catch (error) {
        return withoutCorpus(input, reader, error);
      }
      const { parser, scripture } = finder;
      const namesScripture = analysis.mentions.length > 0;
      const read0 = readIntent(
        input.question,
        () => namesScripture,
        input.history.map((turn) => turn.question),
        reader.language,
      );
      const cited = analysis.citations;
      const read = themesOf(normalise(read0.theme || input.question));
      // A piece asked for a situation (a surgery, a stay in hospital) is made of its own set before the distress it
      // carries (illness); a reader at risk, or one answered with care, keeps care's set first.
      const situations = input.kind !== 'answer' && !read0.risk ? read.filter(isSituation) : [];
      const themes: Theme[] = [...new Set<Theme>([...situations, ...(read0.care ? [read0.care.theme] : []), ...read])];
      // A crisis read in an earlier message, with a plain question now and no sign of risk in it ("诗篇23篇是什么
      // 意思？"): the help line still leads, and the question is answered.
      const asksNow = read0.reading.fromHistory && !read0.reading.signs.length && input.kind === 'answer';
      const intent: AnswerIntent = {
        // A prayer, sermon or poem asked for in the composer is on topic whatever its theme (good weather for a wedding).
        offTopic: read0.offTopic && input.kind === 'answer',
        care: asksNow ? undefined : read0.care,
        ...(read0.risk ? { risk: read0.risk } : {}),
        theme: analysis.mentions.find((m) => m.passage)?.text ?? read0.theme,
        topic: themes[0],
      };
      const shaped = input.kind !== 'answer' || intent.offTopic || intent.care;
      if (!shaped) {
        const bookName = (code: string) => parser.catalogue.name(code, reader.language, reader.tradition);
        const retrievalQuery = retrievalQuestion(input.question, input.history, namesScripture, scripture, {
          ...find,
          bookName,
        });
        const gathered = await deps.gatherer.gather({ ...input, retrievalQuery, analysis });
        if (intent.risk) gathered.context.intent = intent;
        // A message the library cannot place that carries distress is met with care, never "try other words".
        const distress = distressOf(normalise(input.question))[0];
        if (gathered.context.verses.length || !(distress || read0.reading.signs.length)) return gathered;
        intent.care = { level: 'distress', theme: distress ?? 'despair' };
        themes.unshift(intent.care.theme);
      }
      const translation = await deps.bible.translationFor(reader);
      const chosen = intent.offTopic
        ? []
        : await passagesFor(input, cited, themes, reader, translation.id, read0.theme, Boolean(intent.risk));
      return shapedGathered(input, reader, { id: translation.id, name: translation.name }, chosen, intent);
    },
  };
}
export type IntentGatherer = ReturnType<typeof createIntentGatherer>;
