import { describe, expect, it } from 'vitest';
import { asksWho } from './question-shapes.ts';
import { storyEvents, storyWords } from './story-events.ts';

describe('the story events, one entry at a time', () => {
  const { rows, events } = storyEvents();
  it('names every event once, each with a stem and English words', () => {
    const names = events.map((event) => event.name);
    expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
    for (const event of events) expect(event.words.split(' ').length).toBeGreaterThan(0);
  });
  it('holds each entry of an event once', () => {
    const keys = rows.map((r) => `${r.tag} ${r.pattern}`);
    expect(keys.filter((key, i) => keys.indexOf(key) !== i)).toEqual([]);
  });
  it.each(rows.map((row) => [`${row.file}:${row.line} ${row.tag} ${row.pattern}`, row] as const))(
    '%s is found in its examples and not in its counter-examples',
    (_name, row) => {
      for (const text of row.examples) expect(row.regex.test(text), text).toBe(true);
      for (const text of row.counters) expect(row.regex.test(text), text).toBe(false);
    },
  );
});

describe('story words', () => {
  it.each([
    ['How did Absalom die?', 'slain'],
    ['押沙龙是怎么死的？', 'slain'],
    ['¿Cómo murió el rey Saúl?', 'slain'],
    ['谁杀了歌利亚？', 'slew'],
    ['Who replaced Judas as an apostle?', 'place'],
    ['谁取代了犹大作使徒？', 'place'],
    ['Qui a trahi Samson ?', 'betrayed'],
    ['谁出卖了参孙？', 'betrayed'],
    ['耶稣在哪里出生？', 'born'],
    ['¿Cómo se llamaba la esposa de Moisés?', 'wife'],
    ['Que mangeait Jean-Baptiste ?', 'ate'],
    ['What did Jacob see in his dream at Bethel?', 'dream'],
    ['挪亚方舟最后停在哪里？', 'rested'],
    ['谁给耶稣施的洗？', 'baptized'],
    ['Qui a baptisé Jésus ?', 'baptized'],
    ['哪位先知责备大卫？', 'rebuked'],
    ['耶穌復活後第一個向誰顯現？', 'appeared'],
    ['Who rescued the baby Moses from the river?', 'rescued'],
    ['神叫亚伯拉罕献上哪个儿子？', 'offered'],
    ['¿Qué arma usó David contra Goliat?', 'sling'],
    ['What did Rahab hang from her window?', 'hung'],
    ['¿Cuál fue el primer milagro de Jesús?', 'miracle'],
    ['Qui a vaincu les Philistins ?', 'defeated'],
  ])('%s is told with the word "%s"', (question, word) => {
    expect(storyWords(question)?.split(' ')).toContain(word);
  });

  it.each(['What does the Bible say about anxiety?', '圣经怎么说饶恕别人？', '我很焦虑', 'Qu’est-ce que la grâce ?'])(
    '%s asks of no event',
    (question) => expect(storyWords(question)).toBeUndefined(),
  );
});

describe('asksWho', () => {
  it.each([
    'Who replaced Judas as an apostle?',
    'Which prophet rebuked David for his sin?',
    'What was the name of Moses’ wife?',
    '谁出卖了参孙？',
    '以色列唯一的女士师是谁？',
    '哪位先知责备大卫？',
    '¿Quién mató a Goliat?',
    'Qui a trahi Samson ?',
  ])('%s asks for a person', (q) => expect(asksWho(q)).toBe(true));

  it.each([
    'How did Absalom die?',
    '挪亚方舟停在哪里？',
    '¿Qué animal habló a Balaam?',
    'Que mangeait Jean-Baptiste ?',
  ])('%s asks for no person', (q) => expect(asksWho(q)).toBe(false));
});
