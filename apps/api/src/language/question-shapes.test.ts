import { describe, expect, it } from 'vitest';
import {
  NUMBER_WORD_RULE,
  SHAPES,
  countedIn,
  isFactQuestion,
  questionShapes,
  withMeasureRewrites,
} from './question-shapes.ts';

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

describe('isFactQuestion', () => {
  it('reads "the first", "the only" and "the most" of someone as a fact in every language', () => {
    for (const question of [
      'Who was the first king of Israel?',
      'Who is the oldest man in the Bible?',
      '¿Quién fue el primer rey de Israel?',
      '¿Quién es el hombre más longevo de la Biblia?',
      "Qui fut le premier roi d'Israël ?",
      "Qui est l'homme le plus âgé de la Bible ?",
      '圣经里最长寿的人是谁？',
    ])
      expect(isFactQuestion(question), question).toBe(true);
    for (const question of ['Who is Jesus?', '¿Quién es Jesús?', 'Qui est Jésus ?', 'Qui était le prophète Daniel ?'])
      expect(isFactQuestion(question), question).toBe(false);
  });
});

describe('countedIn: what a question of number counts, as a verse states it (counted-units.tsv)', () => {
  it.each([
    [
      'How old was Moses when he died?',
      'Moses was one hundred and twenty years old when he died',
      'in the second month',
    ],
    ['How many days did Jesus fast?', 'he had fasted forty days and forty nights', 'on the 15th day of the month'],
    ['耶稣在旷野禁食了多少天？', '禁食四十昼夜，后来就饿了', '第二个月十五日'],
    ['以色列人在旷野漂流了多少年？', '必在旷野飘流四十年', '第七日'],
    ['耶稣拣选了几个门徒？', '我不是拣选了你们十二个门徒么', '十二支派'],
    ['¿Cuántos días ayunó Jesús?', 'habiendo ayunado cuarenta días y cuarenta noches', 'el segundo mes'],
    ['Combien de jours Jésus a-t-il jeûné ?', 'il eut jeûné quarante jours et quarante nuits', 'le septième jour'],
  ])('%s', (question, states, other) => {
    const counted = countedIn(question)!;
    expect(counted.test(states)).toBe(true);
    expect(counted.test(other)).toBe(false);
  });

  it('finds no count in a question that names none', () => {
    expect(countedIn('Who killed Goliath?')).toBeUndefined();
  });
});
