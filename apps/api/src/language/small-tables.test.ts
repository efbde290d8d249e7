// The small tables of the language room, one line at a time: the book names that are everyday words or first names
// and the cues that make them books, the Chinese character variants of quotations, the warm-up questions; and the
// reader of such tables.
import { describe, expect, it } from 'vitest';
import {
  BOOK_CUE,
  EVERYDAY_BOOK_NAMES,
  PERSON_BOOK_NAMES,
  bookNameWordRows,
  everydaySenseRows,
  inEverydaySense,
} from './book-name-words.ts';
import { readRewriteList, readTable } from './lexicon.ts';
import { HAN_VARIANTS } from './quotation-words.ts';
import { WARM_QUERIES, WARM_QUESTIONS } from './warm-up-questions.ts';

describe('book-name-words.tsv', () => {
  const rows = bookNameWordRows();
  const words = rows.filter((row) => row.rule !== 'cue');
  it.each(words.map((row) => [`${row.file}:${row.line} ${row.rule} ${row.word}`, row] as const))(
    '%s is in its example, which names no book',
    (_, row) => {
      expect((row.rule === 'everyday' ? EVERYDAY_BOOK_NAMES : PERSON_BOOK_NAMES).has(row.word)).toBe(true);
      const at = row.example.search(new RegExp(`(?<!\\p{L})${row.word}(?!\\p{L})`, 'u'));
      expect(at).toBeGreaterThanOrEqual(0);
      expect(BOOK_CUE.test(row.example.slice(Math.max(0, at - 16), at))).toBe(false);
    },
  );

  it.each(rows.filter((row) => row.rule === 'cue').map((row) => [`${row.file}:${row.line} ${row.word}`, row] as const))(
    '%s cues the name that ends its example',
    (_, row) => {
      const before = row.example.slice(0, row.example.lastIndexOf(' ') + 1);
      expect(BOOK_CUE.test(before), before).toBe(true);
      expect(BOOK_CUE.test(before.slice(0, -1) + 'x '), 'the cue must stand right before the name').toBe(false);
    },
  );
});

describe('everyday-senses.tsv', () => {
  it.each(everydaySenseRows().map((row) => [`${row.file}:${row.line} ${row.word}`, row] as const))(
    '%s is searched in its everyday sense in its example, never capitalised or cued',
    (_, row) => {
      const searched = inEverydaySense(row.example, row.language);
      expect(searched).not.toMatch(new RegExp(`(?<!\\p{L})${row.word}(?!\\p{L})`, 'u'));
      expect(searched).toMatch(new RegExp(`(?<!\\p{L})${row.searched}(?!\\p{L})`, 'u'));
      const name = row.word[0]!.toUpperCase() + row.word.slice(1);
      expect(inEverydaySense(`what does ${name} say`, row.language)).toBe(`what does ${name} say`);
      expect(inEverydaySense(`what does the book of ${row.word} say`, row.language)).toContain(`of ${row.word}`);
      // Another language's reader keeps the word as written.
      expect(inEverydaySense(row.example, 'xx')).toBe(row.example);
    },
  );
});

describe('han-variants.tsv', () => {
  it.each(readRewriteList('han-variants.tsv').map((row) => [`${row.file}:${row.line} ${row.from}`, row] as const))(
    '%s is one character for one, held by its example',
    (_, row) => {
      expect(row.example).toContain(row.from);
      expect(HAN_VARIANTS.get(row.from)).toBe(row.to);
    },
  );
});

describe('warm-up-questions.tsv', () => {
  it('asks one question in each interface language', () => {
    expect(WARM_QUESTIONS.map((q) => q.language)).toEqual(['zh-cn', 'zh-tw', 'en', 'es-es', 'fr-fr']);
  });
});

describe('warm-up-queries.tsv', () => {
  it('searches once in each language of the corpus', () => {
    const rows = readTable('warm-up-queries.tsv', ['language', 'query'] as const);
    expect(rows.map((row) => row.language)).toEqual(['en', 'zh-Hans', 'zh-Hant', 'es', 'fr']);
    expect(WARM_QUERIES).toEqual(rows.map((row) => row.query));
  });
});

describe('readTable', () => {
  it('names the cells of every line, and refuses a line without the required ones', async () => {
    const rows = readTable('warm-up-questions.tsv', ['language', 'mode', 'question'] as const);
    expect(rows[0]).toMatchObject({ file: 'warm-up-questions.tsv', language: 'zh-cn', mode: 'advanced' });
    expect(() => readTable('warm-up-questions.tsv', ['language', 'mode', 'question', 'more'] as const)).toThrow(
      /needs language, mode, question, more/,
    );
  });
});
