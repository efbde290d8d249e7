import * as OpenCC from 'opencc-js/cn2t';
import type { BibleLanguage, BookRecord, Tradition, VersificationScheme } from './references.types.ts';

/** OSIS codes the npm parser emits that books.json spells differently. */
const OSIS_ALIASES: Record<string, string> = { GkEsth: 'ESG', SgThree: 'S3Y', AddEsth: 'ESG' };

/** A Chinese book name or abbreviation, and the book it means in each tradition's reading. */
export interface CjkName {
  name: string;
  /** Full names need no chapter marker after them; abbreviations do ("约3:16", not "约3"). */
  kind: 'name' | 'abbr';
  /** The book in a Protestant reading, and in a Catholic one (they differ for 约, 民, 拉, 亚, 玛, 多, 苏). */
  protestant: string;
  catholic: string;
}

export interface BookCatalogue {
  books: readonly BookRecord[];
  get(code: string): BookRecord | undefined;
  fromOsis(osis: string): string | undefined;
  /** Every Chinese name and abbreviation, both scripts, both traditions; names with digits (诗篇第151篇) left out. */
  cjkNames: readonly CjkName[];
  /** The display name from books.json: Catholic Chinese names for the Catholic tradition where they differ. */
  name(code: string, language: BibleLanguage, tradition: Tradition): string;
  /** The last chapter of a book in a scheme: Catholic and Greek editions of Esther and Daniel are longer. */
  lastChapter(code: string, scheme: VersificationScheme): number | undefined;
}

export function createBookCatalogue(books: readonly BookRecord[]): BookCatalogue {
  const byCode = new Map(books.map((b) => [b.code, b]));
  const osis = new Map<string, string>(Object.entries(OSIS_ALIASES));
  for (const book of books) {
    const code = book.abbr?.osis;
    if (code) osis.set(code, book.code);
  }
  return {
    books,
    get: (code) => byCode.get(code),
    fromOsis: (code) => osis.get(code),
    cjkNames: collectCjkNames(books),
    name(code, language, tradition) {
      const book = byCode.get(code);
      if (!book) return code;
      if (tradition === 'catholic' && (language === 'zh-Hans' || language === 'zh-Hant')) {
        return book.zhCatholic?.[language] ?? book.names[language];
      }
      return book.names[language];
    },
    lastChapter(code, scheme) {
      const book = byCode.get(code);
      if (!book) return undefined;
      // Catholic texts (drc, cpdv, crampon) and the LXX carry the Greek chapters of Esther and Daniel.
      if (scheme === 'kjv') return book.chapters;
      return Math.max(book.chapters, book.chaptersCatholic ?? 0);
    },
  };
}

interface Candidate {
  code: string;
  order: number;
  kind: 'name' | 'abbr';
  tradition: 'protestant' | 'catholic';
}

function collectCjkNames(books: readonly BookRecord[]): CjkName[] {
  const toTraditional = OpenCC.Converter({ from: 'cn', to: 't' });
  const candidates = new Map<string, Candidate[]>();
  const add = (
    raw: string | undefined,
    book: BookRecord,
    kind: Candidate['kind'],
    tradition: Candidate['tradition'],
  ) => {
    // Names are matched in NFKC text: 艾斯德尔传（希腊文） is looked for as 艾斯德尔传(希腊文).
    const name = raw?.normalize('NFKC');
    if (!name || /\d/.test(name)) return;
    for (const spelling of [name, ...formalNumeralSpellings(name)]) {
      const list = candidates.get(spelling) ?? [];
      list.push({ code: book.code, order: book.order, kind, tradition });
      candidates.set(spelling, list);
    }
  };
  for (const book of books) {
    add(book.names['zh-Hans'], book, 'name', 'protestant');
    add(book.names['zh-Hant'], book, 'name', 'protestant');
    add(book.abbr?.['zh-Hans'], book, 'abbr', 'protestant');
    add(book.abbr?.['zh-Hant'], book, 'abbr', 'protestant');
    add(book.zhCatholic?.['zh-Hans'], book, 'name', 'catholic');
    add(book.zhCatholic?.['zh-Hant'], book, 'name', 'catholic');
    const catholicAbbr = book.abbr?.['zh-Hans-catholic'];
    if (catholicAbbr) {
      add(catholicAbbr, book, 'abbr', 'catholic');
      const traditional = toTraditional(catholicAbbr);
      if (traditional !== catholicAbbr) add(traditional, book, 'abbr', 'catholic');
    }
  }
  return [...candidates.entries()].map(([name, list]) => ({
    name,
    kind: list.some((c) => c.kind === 'name') ? 'name' : 'abbr',
    protestant: pick(list, 'protestant'),
    catholic: pick(list, 'catholic'),
  }));
}

/** Formal numerals (大写数字), which older Union Version printings number the epistles of John with. */
const FORMAL_NUMERALS: Record<string, string[]> = { 一: ['壹'], 二: ['贰', '貳'], 三: ['叁', '參'] };

/**
 * The same book name with its ordinal written in formal numerals: 约翰一书 is also printed 约翰壹书, and its
 * abbreviation 约一 is written 约壹. Only an ordinal that ends the name or comes right before 书/書 is one.
 */
function formalNumeralSpellings(name: string): string[] {
  const m = /^(.+)([一二三])([书書]?)$/u.exec(name);
  if (!m) return [];
  const [, head = '', numeral = '', tail = ''] = m;
  return (FORMAL_NUMERALS[numeral] ?? []).map((formal) => `${head}${formal}${tail}`);
}

/** A tradition's own reading wins; among equals, full names beat abbreviations and the canonical order decides. */
function pick(list: readonly Candidate[], tradition: Candidate['tradition']): string {
  const rank = (c: Candidate) => (c.tradition === tradition ? 0 : 2) + (c.kind === 'name' ? 0 : 1);
  const best = [...list].sort((a, b) => rank(a) - rank(b) || a.order - b.order)[0];
  if (!best) throw new Error('a CJK name without a book');
  return best.code;
}
