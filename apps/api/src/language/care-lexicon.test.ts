import { describe, expect, it } from 'vitest';
import {
  ASKS_HAN,
  CARE_THEMES,
  FIRST_PERSON_HAN,
  FIRST_PERSON_LATIN,
  distressOf,
  distressRows,
} from './care-lexicon.ts';
import { normalise } from './fold.ts';

const { han, latin } = distressRows();

describe('distress.*.tsv', () => {
  it('has words for every theme in Chinese and in the Latin-script languages', () => {
    for (const theme of CARE_THEMES) {
      expect(
        han.some((row) => row.tag === theme),
        theme,
      ).toBe(true);
      expect(
        latin.some((row) => row.tag === theme),
        theme,
      ).toBe(true);
    }
  });

  it.each([...han, ...latin].map((row) => [`${row.file}:${row.line} ${row.pattern}`, row] as const))(
    '%s matches its example, folded as a question is',
    (_, row) => {
      for (const example of row.examples) expect(row.regex.test(normalise(example)), example).toBe(true);
      if (row.counter) expect(row.regex.test(normalise(row.counter)), row.counter).toBe(false);
    },
  );

  it('reads each theme’s example as that theme', () => {
    for (const row of [...han, ...latin].filter((r) => (CARE_THEMES as readonly string[]).includes(r.tag)))
      expect(distressOf(normalise(row.examples[0]!)), `${row.file}:${row.line}`).toContain(row.tag);
  });
});

describe('who speaks', () => {
  it('reads the reader speaking of themselves, in each language', () => {
    expect(FIRST_PERSON_HAN.test('觉得自己一无是处')).toBe(true);
    expect(FIRST_PERSON_LATIN.test("j'ai peur")).toBe(true);
    expect(FIRST_PERSON_LATIN.test("i'm scared")).toBe(true);
    expect(FIRST_PERSON_LATIN.test('what did jesus say about fear')).toBe(false);
  });

  it('tells a Chinese question from a statement', () => {
    expect(ASKS_HAN.test(normalise('圣经怎么看沮丧？'))).toBe(true);
    expect(ASKS_HAN.test(normalise('關於悲傷的經文'))).toBe(true);
    expect(ASKS_HAN.test(normalise('工作一直不顺利，很沮丧'))).toBe(false);
  });
});
