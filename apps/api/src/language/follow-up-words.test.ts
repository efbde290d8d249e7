import { describe, expect, it } from 'vitest';
import { followUpRows, followUpWords } from './follow-up-words.ts';

const { han, latin } = followUpRows();
const words = followUpWords();

describe('follow-up.*.tsv', () => {
  it.each([...han, ...latin].map((row) => [`${row.file}:${row.line} ${row.pattern}`, row] as const))(
    '%s matches its example in lower case',
    (_, row) => {
      const tag = row.tag as keyof typeof words;
      for (const example of row.examples) {
        expect(row.regex.test(example.toLowerCase()), example).toBe(true);
        expect(words[tag].test(example.toLowerCase()), example).toBe(true);
      }
      if (row.counter) expect(words[tag].test(row.counter.toLowerCase()), row.counter).toBe(false);
    },
  );
});
