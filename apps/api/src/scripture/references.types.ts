/** The languages the corpus names books in (books.json `names`); the UI locales map onto these. */
export const BIBLE_LANGUAGES = ['en', 'es', 'fr', 'zh-Hans', 'zh-Hant'] as const;
export type BibleLanguage = (typeof BIBLE_LANGUAGES)[number];
export type LatinLanguage = Extract<BibleLanguage, 'en' | 'es' | 'fr'>;

export type Tradition = 'protestant' | 'catholic' | 'orthodox';

/**
 * How a translation numbers chapters and verses. `kjv`: the English Protestant numbering. `hebrew`: the same
 * chapters, but Psalm superscriptions counted as verses. `vulgate` and `lxx`: Psalms numbered the Greek way
 * (9–10 and 114–115 joined, 116 and 147 split), superscriptions counted as verses. See VERSIFICATION.md.
 */
export type VersificationScheme = 'kjv' | 'hebrew' | 'vulgate' | 'lxx';

/** One record of the corpus's books.json. */
export interface BookRecord {
  code: string;
  order: number;
  testament: 'OT' | 'NT' | 'DC';
  chapters: number;
  /** Chapters in Catholic editions where they differ (Esther and Daniel with the Greek additions). */
  chaptersCatholic?: number;
  names: Record<BibleLanguage, string>;
  /** Catholic Chinese names (思高本) where they differ from the Chinese Union Version. */
  zhCatholic?: Partial<Record<'zh-Hans' | 'zh-Hant', string>>;
  /** Keys seen in the corpus: en, osis, zh-Hans, zh-Hant, zh-Hans-catholic. */
  abbr?: Partial<Record<string, string>>;
}

/**
 * A normalised reference. `book` is the USFM code. Forms:
 * - `{ book, chapter }` a whole chapter; with `endChapter`, a run of whole chapters;
 * - `{ book, chapter, verse }` one verse; with `endVerse`, a range in that chapter;
 * - `{ book, chapter, verse, endChapter, endVerse }` a range across chapters;
 * - `{ book, chapter, verse, endChapter }` from a verse to the end of `endChapter` ("John 3:16ff").
 */
export interface BibleReference {
  book: string;
  chapter: number;
  verse?: number;
  endChapter?: number;
  endVerse?: number;
}

/** A reference found in text; `start`/`end` are UTF-16 offsets into the original string (end exclusive). */
export interface ReferenceMatch {
  reference: BibleReference;
  start: number;
  end: number;
  text: string;
}

/** A reference found by one of the finders, with offsets into the normalised text. */
export interface RawMatch {
  reference: BibleReference;
  start: number;
  end: number;
}
