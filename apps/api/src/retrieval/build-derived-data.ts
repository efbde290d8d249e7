// Builds the retriever's data files from the corpus; nothing in them is written by hand. Rerun it when the corpus or
// the analyser changes, and commit what it writes:
//
//   npx tsx apps/api/src/retrieval/build-derived-data.ts [corpus dir, default ../shared/corpus] [--glossaries es,fr]
//
// (`--glossaries` relearns only those languages' glossaries and reads the others as committed: IBM Model 1 over the
// Chinese text does not give the same table twice, its ties fall as jieba's words come.)
// - glossary-zh-en.json, glossary-es-en.json, glossary-fr-en.json: word translations learned from the corpus's own
//   parallel text, the same verses in the Chinese Union Version, Reina-Valera 1909 or Darby (French) and in the
//   WEBBE and KJV, with IBM Model 1 (Brown et al., 1993: expectation maximisation over verse pairs, a NULL word on
//   the source side); each source word keeps the English words it most probably translates to.
// - verse-prominence.txt: per verse, the summed votes of the cross-references (crossrefs.tsv) from it or to it (to
//   the first verse of a range).
// - names-zh.json: the Chinese Union Version's spelling of the English Bibles' proper names, so jieba keeps 歌利亚
//   and 以利亚 whole (its own dictionary cuts them 歌 + 利亚) and the glossary and the English keywords see the name:
//   for each name, the Han string of 2–6 characters that best matches the verses the English Bibles write it in
//   (Dice coefficient over verses), without the grammar characters transliterations never use.
//   Beside them, the words of the Union Version that jieba's dictionary lacks and its HMM finds in at least
//   ZH_WORD_VERSES verses (罗得, 会幕, 基路伯): queries are cut on the dictionary and these words, without the HMM,
//   which glued a question's words into ones no text has (师是 in 女士师是谁, 上待 in 山上待了).
// - bible-names.json: the Bible's proper names, for the retriever's relevance floor: Hitchcock's names that the
//   English Bibles write capitalised (at least NAME_CAPITALISED of the time, so "mark" and "on" are not names), and
//   the Chinese, Spanish and French words the glossaries translate to one of them first. Beside them, the names that
//   are people's: the dictionaries' articles (Easton's, Smith's, Schaff's), part by numbered part, tell a person
//   (language/lexicon/article-kinds.tsv) and not mostly a place, and those that are places'; for the answers to a
//   question of who or where.
import { readFileSync, writeFileSync } from 'node:fs';
import { Jieba } from '@node-rs/jieba';
import { dict } from '@node-rs/jieba/dict.js';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { GLOSSARY_SOURCES, glossaryWords, unmarked, type GlossaryFile } from '../language/cross-lingual.ts';
import { DERIVED_DIR } from '../language/derived-files.ts';
import { BIBLE_NAMES_FILE, type BibleNamesFile } from '../question/guide/bible-names.ts';
import { stem } from '../language/stemmer.ts';
import { articleKinds, type ArticleKind } from '../language/article-kinds.ts';
import { addHanWords } from '../language/chinese-text.ts';
import { CHINESE_NAMES_FILE, type ChineseNamesFile } from '../language/derived-files.ts';
import { contentWords, pushWordTokens } from '../language/text-analysis.ts';
import { PROMINENCE_FILE } from './verse-prominence.ts';
import { kjvVerseRef } from './verse-retriever.ts';
import { parseVerseKey } from '../scripture/usfm.ts';
import { unionGrammarCharacters } from '../language/union-grammar.ts';

const ENGLISH = ['webbe', 'kjv'];
const ITERATIONS = 8;
/** A source word needs this many verses, a translation this probability, to be kept; at most this many each. */
const MIN_VERSES = 3;
const MIN_PROBABILITY = 0.12;
const MAX_TRANSLATIONS = 3;
/**
 * A marked word's sense joins its unmarked spelling's entry only when the text writes it at least this share as often:
 * Moïse (in some 750 verses) is what "Moise" means as often as mois, the month; the roï of Lakhaï-roï (three verses)
 * is not what "roi" means (king, in two thousand).
 */
const MARKED_SENSE_SHARE = 0.02;
/** A name must be written capitalised this share of the times the English Bibles use it, and at least this often. */
const NAME_CAPITALISED = 0.8;
const NAME_MIN_USES = 2;
/** A Chinese spelling: this long, matching a name's verses this well (Dice), or covering this share of them. */
const ZH_NAME_LENGTH = [2, 6] as const;
const ZH_NAME_DICE = 0.5;
const ZH_NAME_COVERAGE = 0.9;
const ZH_NAME_WEAK_DICE = 0.3;
/** A name spelled like a better-matched one (Judas and Judah are both 犹大) shares it when it covers this share of
 * its verses, in this many verses at least. */
const ZH_NAME_SHARED = 0.8;
const ZH_NAME_SHARED_VERSES = 10;
/** Names matched to one spelling keep those used in this share of the verses of the most used. */
const ZH_NAME_PEER = 0.25;
/**
 * Characters of the Union Version's grammar (language/lexicon/union-grammar-characters.tsv): ZH_GRAMMAR, those no
 * transliteration uses (的儿子 is never part of a name; nor are words that stand beside names: 王, 名叫, 妻), and
 * ZH_WORD_FUNCTION, those no word worth keeping holds (我要, 他们).
 */
const { notInNames: ZH_GRAMMAR, notInWords: ZH_WORD_FUNCTION } = unionGrammarCharacters();
/** A word jieba's HMM finds in the Union Version is kept when it is in this many verses, without ZH_WORD_FUNCTION. */
const ZH_WORD_VERSES = 10;

interface VerseRecord {
  book: string;
  chapter: number;
  verse: number;
  text: string;
}

function readBible(corpusDir: string, translation: string): Map<string, string> {
  const verses = new Map<string, string>();
  const file = path.join(corpusDir, 'bibles', `${translation}.jsonl`);
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const v = JSON.parse(line) as VerseRecord;
    if (!v.text.trim()) continue;
    const ref = kjvVerseRef({ ref: `${v.book}.${v.chapter}.${v.verse}`, translation });
    if (ref) verses.set(ref, v.text);
  }
  return verses;
}

class Vocabulary {
  readonly ids = new Map<string, number>();
  readonly words: string[] = [];
  id(word: string): number {
    let id = this.ids.get(word);
    if (id === undefined) {
      id = this.words.length;
      this.ids.set(word, id);
      this.words.push(word);
    }
    return id;
  }
}

/** IBM Model 1, t(e|f) for English e and source f; pairs are [source ids, English ids]. */
function trainModel1(pairs: readonly [Int32Array, Int32Array][], englishSize: number): Map<number, number> {
  const key = (f: number, e: number) => f * englishSize + e;
  let t = new Map<number, number>();
  const uniform = 1 / englishSize;
  for (let iteration = 0; iteration < ITERATIONS; iteration++) {
    const counts = new Map<number, number>();
    const totals = new Map<number, number>();
    for (const [source, english] of pairs) {
      for (const e of english) {
        let norm = 0;
        for (const f of source) norm += t.get(key(f, e)) ?? uniform;
        if (norm === 0) continue;
        for (const f of source) {
          const share = (t.get(key(f, e)) ?? uniform) / norm;
          const k = key(f, e);
          counts.set(k, (counts.get(k) ?? 0) + share);
          totals.set(f, (totals.get(f) ?? 0) + share);
        }
      }
    }
    const next = new Map<number, number>();
    for (const [k, c] of counts) {
      const f = Math.floor(k / englishSize);
      next.set(k, c / (totals.get(f) as number));
    }
    t = next;
  }
  return t;
}

function buildGlossary(corpusDir: string, lang: string, translation: string): GlossaryFile {
  const source = readBible(corpusDir, translation);
  const sourceVocab = new Vocabulary();
  const englishVocab = new Vocabulary();
  const NULL = sourceVocab.id('');
  const surfaces = new Map<string, Map<string, number>>();
  const verseCount = new Map<number, number>();
  const pairs: [Int32Array, Int32Array][] = [];
  for (const english of ENGLISH) {
    for (const [ref, text] of readBible(corpusDir, english)) {
      const sourceText = source.get(ref);
      if (!sourceText) continue;
      const f = [...new Set(glossaryWords(sourceText, lang))].map((w) => sourceVocab.id(w));
      const words: string[] = [];
      pushWordTokens(text, words);
      const e = contentWords(text, 'en').map((w) => englishVocab.id(w));
      if (f.length === 0 || e.length === 0) continue;
      for (const word of words) {
        const s = stem(word, 'en');
        const forms = surfaces.get(s) ?? new Map<string, number>();
        forms.set(word, (forms.get(word) ?? 0) + 1);
        surfaces.set(s, forms);
      }
      if (english === ENGLISH[0]) for (const id of f) verseCount.set(id, (verseCount.get(id) ?? 0) + 1);
      pairs.push([Int32Array.from([NULL, ...f]), Int32Array.from(e)]);
    }
  }
  const englishSize = englishVocab.words.length;
  const t = trainModel1(pairs, englishSize);
  const best = new Map<number, [number, number][]>();
  for (const [k, p] of t) {
    if (p < MIN_PROBABILITY) continue;
    const f = Math.floor(k / englishSize);
    if (f === NULL || (verseCount.get(f) ?? 0) < MIN_VERSES) continue;
    const list = best.get(f) ?? [];
    list.push([k % englishSize, p]);
    best.set(f, list);
  }
  const entries: [string, string][] = [];
  for (const [f, list] of best) {
    const words = list
      .sort((a, b) => b[1] - a[1])
      .slice(0, MAX_TRANSLATIONS)
      .map(([e]) => {
        const s = englishVocab.words[e] as string;
        const forms = [...(surfaces.get(s) ?? new Map<string, number>()).entries()].sort((a, b) => b[1] - a[1]);
        return forms[0]?.[0] ?? s;
      });
    entries.push([sourceVocab.words[f] as string, [...new Set(words)].join(' ')]);
  }
  // A word typed without its accents reads the unmarked entry: where a marked word means something else it keeps that
  // sense too when it is not rare beside it (Moise: "month moses"), and a marked word the text never writes unmarked
  // (Josué) answers for itself.
  const byKey = new Map(entries);
  const versesOf = (word: string) => verseCount.get(sourceVocab.ids.get(word) ?? -1) ?? 0;
  for (const [word, english] of entries) {
    const plain = unmarked(word);
    if (plain === word) continue;
    const own = byKey.get(plain)?.split(' ');
    const senses = english.split(' ');
    if (!own) byKey.set(plain, english);
    else if (!own.some((sense) => senses.includes(sense)) && versesOf(word) >= MARKED_SENSE_SHARE * versesOf(plain))
      byKey.set(plain, [...own, senses[0]].join(' '));
  }
  entries.splice(0, entries.length, ...byKey);
  entries.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return {
    source: `${translation} aligned verse by verse with ${ENGLISH.join(' and ')}; IBM Model 1, ${ITERATIONS} iterations`,
    lang,
    terms: Object.fromEntries(entries),
  };
}

/** The Han strings of ZH_NAME_LENGTH characters in a verse, each once. */
function hanStrings(text: string): Set<string> {
  const out = new Set<string>();
  for (const run of text.match(/\p{Script=Han}+/gu) ?? []) {
    for (let n = ZH_NAME_LENGTH[0]; n <= ZH_NAME_LENGTH[1]; n++)
      for (let i = 0; i + n <= run.length; i++) out.add(run.slice(i, i + n));
  }
  return out;
}

function buildChineseNames(corpusDir: string, englishNames: ReadonlySet<string>): ChineseNamesFile {
  const chinese = readBible(corpusDir, GLOSSARY_SOURCES[0].translation);
  const refs = [...chinese.keys()];
  const strings = refs.map((ref) => hanStrings(chinese.get(ref) as string));
  const versesWith = new Map<string, number>();
  for (const set of strings) for (const s of set) versesWith.set(s, (versesWith.get(s) ?? 0) + 1);
  const position = new Map(refs.map((ref, i) => [ref, i]));
  const nameVerses = new Map<string, Set<number>>();
  for (const english of ENGLISH) {
    for (const [ref, text] of readBible(corpusDir, english)) {
      const i = position.get(ref);
      if (i === undefined) continue;
      for (const match of text.matchAll(/\p{Lu}\p{Ll}+/gu)) {
        const name = match[0].toLowerCase();
        if (!englishNames.has(name)) continue;
        const verses = nameVerses.get(name) ?? new Set<number>();
        verses.add(i);
        nameVerses.set(name, verses);
      }
    }
  }
  const spellings = [...nameVerses].map(([name, verses]) => {
    const within = new Map<string, number>();
    for (const i of verses) for (const s of strings[i] as Set<string>) within.set(s, (within.get(s) ?? 0) + 1);
    let best = { spelling: '', dice: 0, coverage: 0, within };
    for (const [spelling, count] of within) {
      if (count < 2 || [...spelling].some((c) => ZH_GRAMMAR.has(c))) continue;
      const dice = (2 * count) / (verses.size + (versesWith.get(spelling) as number));
      if (dice > best.dice || (dice === best.dice && spelling.length > best.spelling.length))
        best = { spelling, dice, coverage: count / verses.size, within };
    }
    return { name, verses: verses.size, ...best };
  });
  const accepted = (s: (typeof spellings)[number]) =>
    s.dice >= ZH_NAME_DICE || (s.coverage >= ZH_NAME_COVERAGE && s.dice >= ZH_NAME_WEAK_DICE && s.verses >= 5);
  const bySpelling = new Map<string, (typeof spellings)[number][]>();
  for (const s of spellings.filter(accepted)) bySpelling.set(s.spelling, [...(bySpelling.get(s.spelling) ?? []), s]);
  // A genealogy's rare names match the spelling of the name they stand beside: only names used about as often stay.
  const names = new Map(
    [...bySpelling].map(([spelling, list]) => {
      const most = Math.max(...list.map((s) => s.verses));
      return [spelling, list.filter((s) => s.verses >= most * ZH_NAME_PEER).map((s) => s.name)] as const;
    }),
  );
  for (const s of spellings.filter((s) => !accepted(s) && s.verses >= ZH_NAME_SHARED_VERSES)) {
    const shared = [...names.keys()]
      .map((spelling) => ({ spelling, coverage: (s.within.get(spelling) ?? 0) / s.verses }))
      .filter((c) => c.coverage >= ZH_NAME_SHARED)
      .sort((a, b) => b.coverage - a.coverage || b.spelling.length - a.spelling.length)[0];
    if (shared) names.get(shared.spelling)?.push(s.name);
  }
  const sorted = [...names].sort((a, b) => (a[0] < b[0] ? -1 : 1)).map(([k, v]) => [k, [...v].sort()] as const);
  return {
    source: `${GLOSSARY_SOURCES[0].translation}'s spelling of the English names (bible-names.json), by Dice over verses`,
    names: Object.fromEntries(sorted),
    words: [],
  };
}

/** The words of the Union Version jieba's dictionary lacks, as its HMM cuts them beside the names. */
function buildChineseWords(corpusDir: string, names: readonly string[]): string[] {
  const known = new Set(
    Buffer.from(dict)
      .toString('utf8')
      .split('\n')
      .map((line) => line.split(' ')[0]),
  );
  for (const name of names) known.add(name);
  const segmenter = Jieba.withDict(dict);
  segmenter.loadDict(Buffer.from(names.map((w) => `${w} 100000 nr`).join('\n')));
  const verses = new Map<string, number>();
  for (const text of readBible(corpusDir, GLOSSARY_SOURCES[0].translation).values()) {
    const words = new Set<string>();
    for (const run of text.match(/\p{Script=Han}+/gu) ?? []) {
      for (const word of segmenter.cut(run, true)) {
        if (word.length >= 2 && word.length <= 4 && !known.has(word) && ![...word].some((c) => ZH_WORD_FUNCTION.has(c)))
          words.add(word);
      }
    }
    for (const word of words) verses.set(word, (verses.get(word) ?? 0) + 1);
  }
  return [...verses]
    .filter(([, n]) => n >= ZH_WORD_VERSES)
    .map(([word]) => word)
    .sort();
}

function buildProminence(corpusDir: string): string {
  const votes = new Map<string, number>();
  const lines = readFileSync(path.join(corpusDir, 'crossrefs.tsv'), 'utf8').split('\n');
  for (const line of lines.slice(1)) {
    const [from, to, count] = line.split('\t');
    const n = Number(count);
    if (!from || !to || !(n > 0)) continue;
    for (const ref of [from, to.split('-')[0] as string]) {
      if (parseVerseKey(ref)) votes.set(ref, (votes.get(ref) ?? 0) + n);
    }
  }
  const refs = [...votes.keys()].sort();
  return refs.map((ref) => `${ref}\t${votes.get(ref)}\n`).join('');
}

/** Hitchcock's names that the English Bibles write capitalised. */
function englishNames(corpusDir: string): string[] {
  const titles = readFileSync(path.join(corpusDir, 'reference', 'hitchcocks-bible-names.jsonl'), 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => (JSON.parse(line) as { title: string }).title.toLowerCase())
    .filter((title) => /^\p{L}{3,}$/u.test(title));
  const uses = new Map<string, [number, number]>();
  for (const english of ENGLISH) {
    for (const text of readBible(corpusDir, english).values()) {
      for (const match of text.matchAll(/\p{L}+/gu)) {
        const word = match[0];
        const counts = uses.get(word.toLowerCase()) ?? [0, 0];
        counts[0] += 1;
        if (word[0] !== word[0]?.toLowerCase()) counts[1] += 1;
        uses.set(word.toLowerCase(), counts);
      }
    }
  }
  return titles.filter((title) => {
    const [all, capitalised] = uses.get(title) ?? [0, 0];
    return all >= NAME_MIN_USES && capitalised / all >= NAME_CAPITALISED;
  });
}

/** A name is a person's when its articles' parts tell a person, and at most this many more of them a place. */
const PERSON_PLACE_MARGIN = 2;

/**
 * The names whose articles in the dictionaries (Easton's, Smith's, Schaff's), part by numbered part, tell a person
 * at least once, and a place not much more often: Isaac (a son, and once the kingdom) and Cain (a son, and a town
 * each dictionary has) are people; Egypt (a land seven times, once the king Menes) and Moriah are not. The places are
 * the names whose parts tell a place at least as often as a person (Moriah, Egypt, Bethany).
 */
function buildKinds(corpusDir: string, names: ReadonlySet<string>): { people: string[]; places: string[] } {
  const votes = new Map<string, Record<ArticleKind, number>>();
  for (const dictionary of ['eastons-dictionary', 'smiths-dictionary', 'schaffs-dictionary']) {
    const lines = readFileSync(path.join(corpusDir, 'reference', `${dictionary}.jsonl`), 'utf8').split('\n');
    for (const line of lines.filter((l) => l.trim())) {
      const { title, text } = JSON.parse(line) as { title: string; text: string };
      // "Bath-sheba", "Abed-nego": the Bibles write them as one word (Bathsheba, Abednego).
      const name = title.toLowerCase().replace(/-/g, '');
      if (!names.has(name)) continue;
      const vote = votes.get(name) ?? { person: 0, place: 0, other: 0 };
      for (const kind of articleKinds(text)) vote[kind] += 1;
      votes.set(name, vote);
    }
  }
  const where = (keep: (v: Record<ArticleKind, number>) => boolean) =>
    [...votes].flatMap(([name, v]) => (keep(v) ? [name] : [])).sort();
  return {
    people: where((v) => v.person > 0 && v.place <= v.person + PERSON_PLACE_MARGIN),
    places: where((v) => v.place > 0 && v.place >= v.person),
  };
}

function buildNames(
  en: readonly string[],
  glossaries: readonly GlossaryFile[],
  kinds: { people: string[]; places: string[] },
): BibleNamesFile {
  const names = new Set(en);
  const translated = (glossary: GlossaryFile) =>
    [
      ...new Set(
        Object.entries(glossary.terms)
          .filter(([, english]) => names.has(english.split(' ')[0]!))
          .map(([word]) => unmarked(word)),
      ),
    ].sort();
  const of = (lang: string) => glossaries.find((g) => g.lang === lang);
  return {
    source: `Hitchcock's Bible names capitalised in ${ENGLISH.join(' and ')}; other languages through the glossaries`,
    en: [...new Set(en)].sort(),
    people: kinds.people,
    places: kinds.places,
    es: translated(of('es') as GlossaryFile),
    fr: translated(of('fr') as GlossaryFile),
    zh: translated(of('zh') as GlossaryFile),
  };
}

const args = process.argv.slice(2);
const onlyAt = args.indexOf('--glossaries');
const only = onlyAt >= 0 ? args.splice(onlyAt, 2)[1]?.split(',') : undefined;
const corpusDir = path.resolve(
  args[0] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../../../../shared/corpus'),
);
let started = Date.now();
writeFileSync(PROMINENCE_FILE, buildProminence(corpusDir));
process.stdout.write(`${path.basename(PROMINENCE_FILE)} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
started = Date.now();
const english = englishNames(corpusDir);
const chineseNames = buildChineseNames(corpusDir, new Set(english));
chineseNames.words = buildChineseWords(corpusDir, Object.keys(chineseNames.names));
// One name a line, as Prettier writes it.
const nameLines = Object.entries(chineseNames.names).map(
  ([k, v]) => `    ${JSON.stringify(k)}: ${JSON.stringify(v).replace(/,/g, ', ')}`,
);
writeFileSync(
  CHINESE_NAMES_FILE,
  `{\n  "source": ${JSON.stringify(chineseNames.source)},\n  "names": {\n${nameLines.join(',\n')}\n  },\n` +
    `  "words": [\n${chineseNames.words.map((w) => `    ${JSON.stringify(w)}`).join(',\n')}\n  ]\n}\n`,
);
// The glossaries below are learned on this cut; the segmenter reads the file when first used, these in case it was.
addHanWords([...Object.keys(chineseNames.names), ...chineseNames.words]);
process.stdout.write(
  `${path.basename(CHINESE_NAMES_FILE)}: ${Object.keys(chineseNames.names).length} names, ${chineseNames.words.length} words in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
);
const glossaries: GlossaryFile[] = [];
for (const { lang, translation, file } of GLOSSARY_SOURCES) {
  started = Date.now();
  if (only && !only.includes(lang)) {
    glossaries.push(JSON.parse(readFileSync(path.join(DERIVED_DIR, file), 'utf8')) as GlossaryFile);
    continue;
  }
  const glossary = buildGlossary(corpusDir, lang, translation);
  glossaries.push(glossary);
  writeFileSync(path.join(DERIVED_DIR, file), `${JSON.stringify(glossary, null, 2)}\n`);
  const count = Object.keys(glossary.terms).length;
  process.stdout.write(`${file}: ${count} terms in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
}
const names = buildNames(english, glossaries, buildKinds(corpusDir, new Set(english)));
writeFileSync(BIBLE_NAMES_FILE, `${JSON.stringify(names, null, 2)}\n`);
process.stdout.write(
  `${path.basename(BIBLE_NAMES_FILE)}: ${names.en.length} English names, ${names.people.length} of people, ${names.places.length} of places\n`,
);
