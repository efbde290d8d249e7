// The small tables of the language room, one line at a time: the English book names that are everyday words, the
// Chinese character variants of quotations, the warm-up questions; and the reader
// of such tables.
import { describe, expect, it } from 'vitest';
import { EVERYDAY_BOOK_NAMES } from './everyday-book-names.ts';
import { readRewriteList, readTable } from './lexicon.ts';
import { HAN_VARIANTS } from './quotation-words.ts';
import { WARM_QUESTIONS } from './warm-up-questions.ts';

describe('everyday-book-names.en.tsv', () => {
  const rows = readTable('everyday-book-names.en.tsv', ['word', 'example'] as const);
  it.each(rows.map((row) => [`${row.file}:${row.line} ${row.word}`, row] as const))(
    '%s is in its example, in lower case',
    (_, row) => {
      expect(EVERYDAY_BOOK_NAMES.has(row.word)).toBe(true);
      expect(new RegExp(`(?<!\\p{L})${row.word}(?!\\p{L})`, 'u').test(row.example)).toBe(true);
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

describe('readTable', () => {
  it('names the cells of every line, and refuses a line without the required ones', async () => {
    const rows = readTable('warm-up-questions.tsv', ['language', 'mode', 'question'] as const);
    expect(rows[0]).toMatchObject({ file: 'warm-up-questions.tsv', language: 'zh-cn', mode: 'advanced' });
    expect(() => readTable('warm-up-questions.tsv', ['language', 'mode', 'question', 'more'] as const)).toThrow(
      /needs language, mode, question, more/,
    );
  });
});
