// npm run eval:kinds [-- --details] [-- --show]: prayers, sermon outlines and poems (issue 28) on the themes
// (apps/api/src/eval/kinds/kind-themes.json, ten of them held out and never tuned on), each asked for in Simplified
// Chinese and in English through the app's own chat service (intent → gatherer → offline composer → citation
// verifier), as a reader who chose the kind in the composer and typed the theme. Printed for the train part and the
// held-out part:
// - lines shared: lines of a piece found in another theme's piece of the same kind and language (the closing
//   formula aside); must be 0;
// - frames shared: the words of the piece's own in a line (a lead, an address, a label: what is left when every run of
//   three words or Han characters that a cited verse holds is taken out, when five words or six characters are
//   left) found in another theme's piece of the same kind and language; a frame repeated across themes is what the
//   issue calls a shared frame sentence;
// - prayed: a prayer's petitions that say the verse's words to God rather than quote them after a lead;
// - cento lines: a poem's lines that are a verse's text, unbroken, in a verse the poem cites, in the reader's
//   translation (the verse text the server linked); must be all;
// - cited: a prayer's petitions and a sermon's points that cite a verse the server found in the corpus; must be all;
// - on theme: of those, the ones whose verse is on the theme by a measure the composer does not use to choose: among
//   the first 50 verses a plain BM25 search of the theme's words ranks in the reader's translation; or chosen by hand
//   for what its words name: a theme's set (theme-passages.ts) or a passage or topic of the passage guide (the
//   parable of the Good Samaritan, Luke 10:25-37); or its text holds a word of the theme (verse-clauses.ts
//   themeTerms). The three are counted apart too;
// - fabricated: references marked invalid or misquoted; must be 0.
// --details lists the train part's problems; --show prints the train part's pieces (the held-out part's are never
// printed: it is not read while tuning).
import type { Answer, Citation, Locale } from '@bible-qa/contract';
import { createContextGatherer } from '../apps/api/src/answer/answer-context.ts';
import { createCorpusRepository } from '../apps/api/src/corpus/corpus.repository.ts';
import { terminalOf } from '../apps/api/src/answer/generation-state.ts';
import { kindPhrase } from '../apps/api/src/answer/kind-phrases.ts';
import { passagesOfThemes, themesOf } from '../apps/api/src/answer/theme-passages.ts';
import { themeHitsOf, themeTerms, versesOfReference } from '../apps/api/src/answer/verse-clauses.ts';
import {
  comparableLines,
  fabricated,
  lineFromVerse,
  linkedIn,
  ownWords,
  loadKindThemes,
  petitionsOf,
  poemLinesOf,
  pointsOf,
  sharedLines,
  type KindPart,
  type KindTheme,
  type ShapedKind,
} from '../apps/api/src/eval/kinds/kind-metrics.ts';
import { normalise } from '../apps/api/src/language/fold.ts';
import { kjvRef } from '../apps/api/src/retrieval/eval/run-eval.ts';
import { bibleLanguageOf } from '../apps/api/src/scripture/translation-policy.ts';
import { openEvalCorpus } from './eval-corpus.ts';

const details = process.argv.includes('--details');
const show = process.argv.includes('--show');
const KINDS: ShapedKind[] = ['prayer', 'sermon', 'poem'];
const LANGS = [
  { lang: 'zh', locale: 'zh-cn' as Locale },
  { lang: 'en', locale: 'en' as Locale },
] as const;
/** Verses of the plain BM25 search that count as on the theme. */
const BM25_DEPTH = 50;

const { container, problems } = await openEvalCorpus();
const { corpus, bible, chat } = container.services;
const { index, versionId } = corpus.ready();
const gatherer = createContextGatherer({ bible, corpus, corpusData: createCorpusRepository(container.database.db) });
const themes = loadKindThemes();
console.log(
  `Kinds evaluation: ${themes.train.length} + ${themes.heldout.length} themes × ${KINDS.length} kinds × zh, en; ` +
    `offline composer; corpus version ${versionId} (${index.info.docCount} passages)`,
);

async function ask(question: string, kind: ShapedKind, locale: Locale, id: string): Promise<Answer> {
  const stream = await chat.ask(
    { userId: undefined, locale, ip: '127.0.0.1' },
    { question, mode: 'simple', kind, expression: 'protestant', requestId: `eval-kinds-${id}` },
  );
  const answer = (await terminalOf(stream)).answer;
  if (!answer) throw new Error(`no answer to ${id}`);
  return answer;
}

/** Why a cited verse counts as on the theme, if it does. */
async function onThemeBy(theme: string, locale: Locale) {
  const reader = { language: bibleLanguageOf(locale), tradition: 'protestant' as const };
  const translation = await bible.translationFor(reader);
  const hits = await index.search({
    query: theme,
    translations: [translation.id],
    kinds: ['verse'],
    limit: BM25_DEPTH,
  });
  const searched = new Set(hits.flatMap((h) => kjvRef(h) ?? []));
  const chosen = new Set(passagesOfThemes(themesOf(normalise(theme))).flatMap(versesOfReference));
  const terms = themeTerms(theme);
  const analysis = await gatherer.analyse(theme, reader);
  const guide = new Set(analysis.guide.flatMap((g) => g.match.entry.refs.flatMap(versesOfReference)));
  return (c: Citation) => {
    const verses = versesOfReference(c.reference ?? '');
    return {
      bm25: verses.some((v) => searched.has(v)),
      chosen: verses.some((v) => chosen.has(v) || guide.has(v)),
      words: themeHitsOf(c.verseText ?? '', terms) > 0,
    };
  };
}

interface Row {
  pieces: number;
  shared: number;
  frames: number;
  prayed: number;
  centoLines: number;
  centoOk: number;
  parts: number;
  partsCited: number;
  onTheme: number;
  bm25: number;
  chosen: number;
  words: number;
  fabricated: number;
}
const empty = (): Row => ({
  pieces: 0,
  shared: 0,
  frames: 0,
  prayed: 0,
  centoLines: 0,
  centoOk: 0,
  parts: 0,
  partsCited: 0,
  onTheme: 0,
  bm25: 0,
  chosen: 0,
  words: 0,
  fabricated: 0,
});

const started = Date.now();
const results: { part: KindPart; theme: KindTheme; lang: string; kind: ShapedKind; answer: Answer }[] = [];
for (const part of ['train', 'heldout'] as KindPart[]) {
  for (const theme of themes[part])
    for (const { lang, locale } of LANGS)
      for (const kind of KINDS) {
        const answer = await ask(theme[lang], kind, locale, `${theme.id}-${lang}-${kind}`);
        results.push({ part, theme, lang, kind, answer });
      }
}

const closing = LANGS.map(({ locale }) => kindPhrase('prayerClose', locale));
// Lines shared between themes, over all the themes (train and held-out), per kind and language.
const shared = new Map<string, string[]>();
const sharedFrames = new Map<string, string[]>();
for (const kind of KINDS)
  for (const { lang } of LANGS) {
    const pieces = new Map(
      results
        .filter((r) => r.kind === kind && r.lang === lang)
        .map((r) => [r.theme.id, comparableLines(r.answer.content, closing)] as const),
    );
    for (const [id, lines] of sharedLines(pieces)) shared.set(`${id}|${lang}|${kind}`, lines);
    // The same, for the words of the piece's own in each line: the frames two themes' pieces share.
    const frames = new Map(
      results
        .filter((r) => r.kind === kind && r.lang === lang)
        .map((r) => {
          const verses = r.answer.citations.flatMap((c) => (c.verseText ? [c.verseText] : []));
          const own = comparableLines(r.answer.content, closing).flatMap((line) => ownWords(line, verses) ?? []);
          return [r.theme.id, own] as const;
        }),
    );
    for (const [id, own] of sharedLines(frames)) sharedFrames.set(`${id}|${lang}|${kind}`, own);
  }

const rows = new Map<string, Row>();
const notes: string[] = [];
for (const r of results) {
  const key = `${r.part}|${r.kind}|${r.lang}`;
  const row = rows.get(key) ?? empty();
  rows.set(key, row);
  const { answer } = r;
  const where = `${r.theme.id} ${r.lang} ${r.kind} (${r.theme[r.lang as 'zh' | 'en']})`;
  row.pieces += 1;
  const mine = shared.get(`${r.theme.id}|${r.lang}|${r.kind}`) ?? [];
  row.shared += mine.length;
  for (const line of mine) notes.push(`${r.part} ${where}: shared line: ${line}`);
  const frames = sharedFrames.get(`${r.theme.id}|${r.lang}|${r.kind}`) ?? [];
  row.frames += frames.length;
  for (const frame of frames) notes.push(`${r.part} ${where}: shared frame: ${frame}`);
  row.fabricated += fabricated(answer.citations);
  for (const c of answer.citations.filter((c) => c.status !== 'linked'))
    notes.push(`${r.part} ${where}: ${c.status} ${c.text}`);
  if (answer.status !== 'done') notes.push(`${r.part} ${where}: status ${answer.status}`);
  if (r.kind === 'poem') {
    for (const line of poemLinesOf(answer.content)) {
      row.centoLines += 1;
      if (lineFromVerse(line, answer.citations, answer.translation)) row.centoOk += 1;
      else notes.push(`${r.part} ${where}: line not a verse's text: ${line}`);
    }
    continue;
  }
  const judge = await onThemeBy(r.theme[r.lang as 'zh' | 'en'], answer.language);
  const parts = r.kind === 'prayer' ? petitionsOf(answer.content, closing) : pointsOf(answer.content);
  for (const p of parts) {
    row.parts += 1;
    if (r.kind === 'prayer' && !/[\u201c\u300c\u00ab"]/u.test(p.text)) row.prayed += 1;
    const linked = linkedIn(p, answer.citations);
    if (!linked.length) {
      notes.push(`${r.part} ${where}: cites no verse: ${p.text.split('\n')[0]}`);
      continue;
    }
    row.partsCited += 1;
    const by = linked.map(judge);
    const bm25 = by.some((b) => b.bm25);
    const chosen = by.some((b) => b.chosen);
    const words = by.some((b) => b.words);
    row.bm25 += bm25 ? 1 : 0;
    row.chosen += chosen ? 1 : 0;
    row.words += words ? 1 : 0;
    if (bm25 || chosen || words) row.onTheme += 1;
    else notes.push(`${r.part} ${where}: off theme: ${linked.map((c) => c.reference).join(' ')}`);
  }
}

const pct = (a: number, b: number) => (b ? `${a}/${b}` : '—');
for (const part of ['train', 'heldout'] as KindPart[]) {
  console.log(`\n== ${part} (${themes[part].length} themes)`);
  console.log(
    'kind    lang  pieces  lines shared  frames shared  prayed  cento lines in verse  petitions/points cited  on theme (bm25, chosen, words)  fabricated',
  );
  const total = empty();
  for (const kind of KINDS)
    for (const { lang } of LANGS) {
      const row = rows.get(`${part}|${kind}|${lang}`) ?? empty();
      for (const k of Object.keys(total) as (keyof Row)[]) total[k] += row[k];
      console.log(
        `${kind.padEnd(7)} ${lang.padEnd(4)} ${String(row.pieces).padStart(6)}  ${String(row.shared).padStart(12)}  ` +
          `${String(row.frames).padStart(13)}  ${(kind === 'prayer' ? String(row.prayed) : '—').padStart(6)}  ` +
          `${pct(row.centoOk, row.centoLines).padStart(20)}  ${pct(row.partsCited, row.parts).padStart(22)}  ` +
          `${`${pct(row.onTheme, row.partsCited)} (${row.bm25}, ${row.chosen}, ${row.words})`.padStart(30)}  ` +
          `${String(row.fabricated).padStart(10)}`,
      );
    }
  console.log(
    `${'all'.padEnd(12)} ${String(total.pieces).padStart(6)}  ${String(total.shared).padStart(12)}  ` +
      `${String(total.frames).padStart(13)}  ${String(total.prayed).padStart(6)}  ` +
      `${pct(total.centoOk, total.centoLines).padStart(20)}  ${pct(total.partsCited, total.parts).padStart(22)}  ` +
      `${`${pct(total.onTheme, total.partsCited)} (${total.bm25}, ${total.chosen}, ${total.words})`.padStart(30)}  ` +
      `${String(total.fabricated).padStart(10)}`,
  );
}
if (details) for (const note of notes.filter((n) => n.startsWith('train '))) console.log(`  ${note}`);
if (show)
  for (const r of results.filter((x) => x.part === 'train'))
    console.log(`\n---- ${r.theme.id} ${r.lang} ${r.kind}\n${r.answer.content}`);
if (problems.length) console.log(`\nproblems: ${problems.join('; ')}`);
console.log(`\n(${((Date.now() - started) / 1000).toFixed(1)} s for ${results.length} pieces)`);
await container.close();
