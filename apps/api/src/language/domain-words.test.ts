import { describe, expect, it } from 'vitest';
import { domainLists, namesOnlyAnotherTopic, normalise } from './domain-words.ts';

describe('the faith and off-topic word lists, one entry at a time', () => {
  const { faith, offTopic } = domainLists();
  it('has entries in every language', () => {
    for (const rows of [faith, offTopic])
      for (const lang of ['zh', 'en', 'es', 'fr'])
        expect(rows.filter((r) => r.tag === lang).length).toBeGreaterThan(30);
  });
  it('holds each entry once per language', () => {
    for (const rows of [faith, offTopic]) {
      const keys = rows.map((r) => `${r.tag} ${r.pattern}`);
      expect(keys.filter((key, i) => keys.indexOf(key) !== i)).toEqual([]);
    }
  });
  it.each([...faith, ...offTopic].map((row) => [`${row.file}:${row.line} ${row.tag} ${row.pattern}`, row] as const))(
    '%s matches its example and not its counter-example',
    (_name, row) => {
      for (const text of row.examples) expect(row.regex.test(normalise(text)), text).toBe(true);
      for (const text of row.counters) expect(row.regex.test(normalise(text)), text).toBe(false);
    },
  );
});

describe('namesOnlyAnotherTopic', () => {
  it.each([
    '明天天气怎么样？',
    'What is the weather in Paris tomorrow?',
    '¿Qué tiempo hará mañana en Madrid?',
    'Quelle est la météo demain ?',
    'How do I reverse a linked list in Python?',
  ])('reads %s as another topic', (q) => expect(namesOnlyAnotherTopic(normalise(q))).toBe(true));

  it.each([
    '圣经怎么看待金钱和股票？',
    '神会在乎我的考试和作业吗？',
    'What does the Bible say about investing?',
    'Is it a sin to play the lottery?',
    '¿Qué dice la Biblia sobre el fútbol el domingo?',
    'Comment prier pour mes devoirs ?',
    'How do I forgive my brother?',
  ])('reads %s as a question of the faith', (q) => expect(namesOnlyAnotherTopic(normalise(q))).toBe(false));

  it("holds a Latin-script question to its own language's words when the language is known", () => {
    // French "basket" is basketball; in English it is the basket Moses was laid in.
    expect(namesOnlyAnotherTopic(normalise('Who was the baby found in a basket?'), 'en')).toBe(false);
    expect(namesOnlyAnotherTopic(normalise('Quelles sont les règles du basket ?'), 'fr')).toBe(true);
    expect(namesOnlyAnotherTopic(normalise('Who won the basketball game?'), 'en')).toBe(true);
    // Without the language every list counts, as before.
    expect(namesOnlyAnotherTopic(normalise('Who was the baby found in a basket?'))).toBe(true);
  });

  it('reads 神 alone as God, and not inside 精神 or 神经', () => {
    expect(namesOnlyAnotherTopic(normalise('神会帮我找工作吗，我在看电脑'))).toBe(false);
    expect(namesOnlyAnotherTopic(normalise('精神不好，玩游戏放松一下'))).toBe(true);
  });
});
