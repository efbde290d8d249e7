import { describe, expect, it } from 'vitest';
import { normalise } from './fold.ts';
import { namedPattern, readNamedPatterns, readPatternList } from './lexicon.ts';
import { REQUEST_KINDS, requestLists, requestWordRows } from './request-words.ts';

const lists = requestLists();
const kindRows = ['zh', 'en', 'es', 'fr'].flatMap((lang) => readPatternList(`request-kinds.${lang}.tsv`));

describe('request-kinds.*.tsv', () => {
  it.each(kindRows.map((row) => [`${row.file}:${row.line} ${row.pattern}`, row] as const))(
    '%s matches its example, folded as a question is',
    (_, row) => {
      const matcher = row.tag === 'named-sermon' ? lists.namedSermon : lists.kinds[row.tag as 'prayer'];
      for (const example of row.examples) {
        expect(row.regex.test(normalise(example)), example).toBe(true);
        expect(matcher.test(normalise(example)), example).toBe(true);
      }
      if (row.counter) expect(matcher.test(normalise(row.counter)), row.counter).toBe(false);
    },
  );

  it('reads every kind, in Chinese and in the Latin-script languages', () => {
    expect(REQUEST_KINDS).toEqual(['prayer', 'sermon', 'poem']);
    expect(lists.kinds.poem.test(normalise('写一首关于神的信实的诗'))).toBe(true);
    expect(lists.kinds.sermon.test(normalise('Write a sermon on hope'))).toBe(true);
    expect(lists.kinds.prayer.test(normalise('請為我的家人禱告'))).toBe(true);
  });
});

describe('request-words.*.tsv', () => {
  const rows = requestWordRows();
  it('holds each word once per language', () => {
    for (const file of new Set(rows.map((r) => r.file))) {
      const words = rows.filter((r) => r.file === file).map((r) => r.word);
      expect(new Set(words).size, file).toBe(words.length);
    }
  });

  it.each(rows.map((row) => [`${row.file}:${row.line} ${row.word}`, row] as const))(
    '%s is taken out of its example',
    (_, row) => {
      expect(row.example.toLowerCase()).toContain(row.word);
      const left = row.example.replace(lists.words, ' ').toLowerCase();
      const whole = /\p{Script=Han}/u.test(row.word)
        ? left.includes(row.word)
        : new RegExp(`(?<!\\p{L})${row.word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?!\\p{L})`, 'u').test(left);
      expect(whole, left).toBe(false);
    },
  );
});

describe('named pattern parts', () => {
  it('lets a pattern use a part defined above it', async () => {
    const patterns = readNamedPatterns('request.patterns.tsv');
    expect(patterns.get('@verbs')?.regex.test('escríbeme')).toBe(true);
    const asked = namedPattern(patterns, 'prayer.asked');
    expect(asked.source).toContain(`(?:${patterns.get('@verbs')!.regex.source})`);
    expect(asked.test('write a short prayer for my mother')).toBe(true);
  });
});
