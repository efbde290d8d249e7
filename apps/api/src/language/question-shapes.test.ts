import { describe, expect, it } from 'vitest';
import { NUMBER_WORD_RULE, SHAPES, questionShapes, withMeasureRewrites } from './question-shapes.ts';

describe('the question shapes, one row at a time', () => {
  const { patterns, numberWords, measureRows, shape } = questionShapes();
  // Each row's examples are tested alone by language/lexicon.test.ts; a shape, joined, still reads each of them.
  it.each(SHAPES)('%s reads every example of its rows', (name) => {
    const rows = [...patterns.values()].filter((p) => p.name.startsWith(`${name}.`));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows)
      for (const text of row.matches) expect(shape[name].test(text), `${row.name} ${text}`).toBe(true);
  });
  it.each(numberWords.map((row) => [`${row.file}:${row.line} ${row.tag} ${row.pattern}`, row] as const))(
    '%s is found in its example and not in its counter-example',
    (_name, row) => {
      for (const text of row.examples) expect(row.regex.test(text), text).toBe(true);
      for (const text of row.counters) expect(row.regex.test(text), text).toBe(false);
    },
  );
  it('holds each number word once per language', () => {
    const keys = numberWords.map((r) => `${r.tag} ${r.pattern}`);
    expect(keys.filter((key, i) => keys.indexOf(key) !== i)).toEqual([]);
    expect(new Set(numberWords.map((r) => r.tag))).toEqual(new Set(['en', 'es', 'fr']));
    expect(NUMBER_WORD_RULE.wrap(['two'], 'en').test('Two')).toBe(true);
  });
  it.each(measureRows.map((row) => [`${row.file}:${row.line} ${row.tag} ${row.pattern}`, row] as const))(
    '%s rewrites its example and not its counter-example',
    (_name, row) => {
      for (const text of row.examples) expect(text.replace(row.regex, ` ${row.tag} `), text).not.toBe(text);
      for (const text of row.counters) expect(text.replace(row.regex, ` ${row.tag} `), text).toBe(text);
    },
  );
  it('rewrites a longer measure phrase before a shorter one it starts with', () => {
    expect(withMeasureRewrites('撒拉多大年纪生以撒')).toBe('撒拉 岁 生以撒');
    expect(withMeasureRewrites('耶穌有幾個門徒')).toBe('耶穌有 門徒 ');
  });
});
