// How a question asks, in the five languages: questions of fact (how old, how many, who did it, when), of a story's
// detail, of a topic or a passage as a whole, who, why, how many and how long someone lived; and what a verse states
// (a number, a death). The words and their contexts are data (lexicon/question-shapes.patterns.tsv, one row a word
// or phrase, joined by shape; lexicon/number-words.tsv; lexicon/chinese-measures.tsv; lexicon/counted-units.tsv),
// read and compiled once.
// Each is matched in the question (or verse) as written, not folded.
import { readNamedPatterns, readTable, type NamedPattern } from './lexicon.ts';
import { fragmentsOf, literalFragment, readWordList, type WordRow, type WordRule } from './word-list.ts';

export const SHAPES = [
  'fact',
  'detail',
  'overview',
  'who',
  'where',
  'why',
  'number',
  'number-stated',
  'lifespan',
  'death-stated',
] as const;
export type Shape = (typeof SHAPES)[number];

/** Number words: English between ASCII word boundaries, Spanish and French not beside another letter; any case. */
export const NUMBER_WORD_RULE: WordRule = {
  fragment: (pattern) => literalFragment(pattern),
  wrap: (fragments, tag) =>
    new RegExp(
      tag === 'en' ? `\\b(?:${fragments.join('|')})\\b` : `(?<!\\p{L})(?:${fragments.join('|')})(?!\\p{L})`,
      'iu',
    ),
};

/** Chinese measure rewrites: each row a regular expression; the rows of a tag (the rewrite) joined. */
export const MEASURE_RULE: WordRule = {
  fragment: (pattern) => pattern,
  wrap: (fragments) => new RegExp(fragments.join('|'), 'u'),
};

interface ShapeLists {
  patterns: Map<string, NamedPattern>;
  numberWords: WordRow[];
  measureRows: WordRow[];
  shape: Record<Shape, RegExp>;
  /** The rewrites in order: what the question's words become (`$1`: the counted word). */
  measures: [RegExp, string][];
  whereAfterVerb: RegExp;
}
let lists: ShapeLists | undefined;

/** The rows of a shape (`shape.label`) joined in the file's order, with their common flags, and any more fragments. */
function joined(patterns: Map<string, NamedPattern>, shape: Shape, ...more: string[]): RegExp {
  const rows = [...patterns.values()].filter((p) => p.name.startsWith(`${shape}.`));
  if (!rows.length) throw new Error(`question-shapes.patterns.tsv: no rows of ${shape}`);
  const flags = rows[0]!.regex.flags;
  const odd = rows.find((p) => p.regex.flags !== flags);
  if (odd) throw new Error(`${odd.file}:${odd.line}: ${odd.name} has flags ${odd.regex.flags}, its shape ${flags}`);
  return new RegExp([...rows.map((p) => p.regex.source), ...more].join('|'), flags);
}

const global = (regex: RegExp) => new RegExp(regex.source, `${regex.flags}g`);

/** The lists, read and compiled once. */
export function questionShapes(): ShapeLists {
  if (lists) return lists;
  const patterns = readNamedPatterns('question-shapes.patterns.tsv');
  for (const name of patterns.keys()) {
    const shape = name.split('.')[0];
    if (name !== 'where-after-verb' && !(SHAPES as readonly string[]).includes(shape ?? ''))
      throw new Error(`question-shapes.patterns.tsv: ${name} is of no shape`);
  }
  const numberWords = readWordList('number-words.tsv', NUMBER_WORD_RULE);
  const numberStated = ['en', 'es', 'fr'].map(
    (tag) => NUMBER_WORD_RULE.wrap(fragmentsOf(numberWords, tag), tag).source,
  );
  const measureRows = readWordList('chinese-measures.tsv', MEASURE_RULE);
  const tags = [...new Set(measureRows.map((row) => row.tag))];
  const where = patterns.get('where-after-verb');
  if (!where) throw new Error('question-shapes.patterns.tsv: no where-after-verb');
  lists = {
    patterns,
    numberWords,
    measureRows,
    shape: Object.fromEntries(
      SHAPES.map((shape) => [
        shape,
        shape === 'number-stated' ? joined(patterns, shape, ...numberStated) : joined(patterns, shape),
      ]),
    ) as Record<Shape, RegExp>,
    // every place the question asks so
    measures: tags.map((tag) => [global(MEASURE_RULE.wrap(fragmentsOf(measureRows, tag), tag)), ` ${tag} `]),
    whereAfterVerb: global(where.regex),
  };
  return lists;
}

const asks = (shape: Shape, text: string) => questionShapes().shape[shape].test(text);

/** How old, how many, who did it, when, which year: a question of fact by its words alone. */
export function asksFactPlainly(question: string): boolean {
  return asks('fact', question);
}

/** A question of fact: asked plainly, or a detail of a story that is no overview of a topic, passage or person. */
export function isFactQuestion(question: string): boolean {
  return asks('fact', question) || (asks('detail', question) && !asks('overview', question));
}

/** "Who" (five languages), and "which prophet/king/…", "what was the name of": the answer is a person. */
export function asksWho(question: string): boolean {
  return asks('who', question);
}

/** "Where" (five languages): the answer is a place. */
export function asksWhere(question: string): boolean {
  return asks('where', question);
}

/** "Why" (five languages): a question of this kind is answered by the passages that speak to it, not a stated fact. */
export function asksWhy(question: string): boolean {
  return asks('why', question);
}

/** How many, how old, how long (five languages). */
export function asksNumber(question: string): boolean {
  return asks('number', question);
}

interface CountedRow {
  language: string;
  question: RegExp;
  unit: string;
}
let counted: CountedRow[] | undefined;

function countedRows(): CountedRow[] {
  counted ??= readTable('counted-units.tsv', ['language', 'question', 'unit', 'example'] as const).map((row) => {
    const question = new RegExp(row.question, 'iu');
    if (!question.test(row.example)) throw new Error(`${row.file}:${row.line}: the question does not read its example`);
    return { language: row.language, question, unit: row.unit };
  });
  return counted;
}

const CHINESE_NUMERAL = '[〇零一二三四五六七八九十百千万萬两兩\\d]+';

/**
 * What a question of number counts, as a verse states it: a number, then the question's unit ("forty days", "四十
 * 昼夜", "an hundred and twenty years"); undefined when the question names no unit (lexicon/counted-units.tsv).
 */
export function countedIn(question: string): RegExp | undefined {
  for (const row of countedRows()) {
    const found = row.question.exec(question);
    if (!found) continue;
    const word = found[1];
    const unit = row.unit.replace('$1', word ? `${literalFragment(word.replace(/s$/iu, ''))}s?` : '');
    // Not a date's day (第二个月十五日) nor an ordinal (第七日).
    if (row.language === 'zh')
      return new RegExp(
        `(?<![月第〇零一二三四五六七八九十百千万萬两兩\\d])(?<number>${CHINESE_NUMERAL})\\s*[个個位]?\\s*(?:${unit})`,
        'u',
      );
    const number = `(?:\\d+|${fragmentsOf(questionShapes().numberWords).join('|')})`;
    // An English number may have its article or "one" ("an hundred and twenty years", "one hundred and twenty years",
    // left out of the number words as words of their own): the count as the verse says it.
    return new RegExp(
      `(?<!\\p{L})(?:(?:an?|one)\\s+)?(?<number>${number}(?:(?:[\\s,-]+|\\s+(?:and|y|et)\\s+)${number})*)\\s+(?:\\p{L}+\\s+)?(?:${unit})(?!\\p{L})`,
      'iu',
    );
  }
  return undefined;
}

/** Whether a text states a count in the unit a question asks (`countedIn`: a regular expression without state). */
export function statesCount(counted: RegExp | undefined, text: string): boolean {
  return counted !== undefined && counted.test(text);
}

/**
 * Every count a text states in the unit a question asks (`countedIn`): as the text says it ("one hundred and twenty
 * years", 四十昼夜) and its number alone, to tell two counts apart ("hundred and twenty", 四十).
 */
export function countsStated(counted: RegExp, text: string): { said: string; number: string }[] {
  return [...text.matchAll(new RegExp(counted.source, `${counted.flags.replace('g', '')}g`))].map((m) => ({
    said: m[0].trim(),
    number: (m.groups?.number ?? m[0]).trim().toLowerCase(),
  }));
}

/** A number as the Bibles of the five languages write one: digits, number words, or Chinese numerals with a measure. */
export function statesNumber(text: string): boolean {
  return asks('number-stated', text);
}

/** How long someone lived, how old they were when they died (five languages): their whole age answers. */
export function asksLifespan(question: string): boolean {
  return asks('lifespan', question);
}

/** Whether a verse states someone's whole age: a number, and their death. */
export function statesLifespan(text: string): boolean {
  return asks('number-stated', text) && asks('death-stated', text);
}

/** A Chinese number question in the Union Version's measure words: 多少岁 → 岁, 几天 → 日, 几个儿子 → 儿子. */
export function withMeasureRewrites(question: string): string {
  let out = question;
  for (const [pattern, to] of questionShapes().measures) out = out.replace(pattern, to);
  return out;
}

/**
 * Where a Chinese question asks where after a character (停 in 停在哪里, 葬 in 葬在何处): the character, and the words
 * the Union Version states the place after (停在).
 */
export function verbsBeforeWhere(question: string): { verb: string; phrase: string }[] {
  return [...question.matchAll(questionShapes().whereAfterVerb)].map((m) => ({ verb: m[1]!, phrase: `${m[1]!}在` }));
}
