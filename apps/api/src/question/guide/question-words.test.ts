import { describe, expect, it } from 'vitest';
import {
  asksDetailOf,
  asksLifespan,
  asksNumber,
  isFactQuestion,
  statesLifespan,
  statesNumber,
  withMeasureWords,
} from './question-words.ts';

describe('question words', () => {
  it.each([
    '摩西活了多少岁？',
    '谁造了方舟？',
    '是谁出卖了耶稣',
    '耶穌死後第幾天復活',
    'How old was Moses when he died?',
    'Who built the ark?',
    '¿Quién construyó el arca?',
    'Combien de jours a duré la pluie du déluge ?',
    'Who was the wife of Isaac?',
    "Who was Moses' brother?",
    'who was turned into a pillar of salt',
    'What sign did God give Noah after the flood?',
    'Where did the ark come to rest?',
    '亚伯拉罕的妻子是谁？',
    '路得嫁给了谁？',
    '挪亚方舟最后停在哪里？',
    '¿Dónde reposó el arca de Noé?',
    '¿Cómo se llamaba la esposa de Moisés?',
    "Qu'est-ce qu'Ésaü a vendu à Jacob ?",
    'Qui était la femme de Moïse ?',
  ])('reads %s as a question of fact', (q) => expect(isFactQuestion(q)).toBe(true));

  it.each([
    '亚伯拉罕是谁？',
    'Who was Moses?',
    "What's the story of the prodigal son really about?",
    '¿De qué trata la parábola del hijo pródigo?',
    'De quoi parle la parabole du fils prodigue ?',
    '好撒玛利亚人的故事讲给我听听',
    '¿Quién fue Rut?',
    'Qui était le prophète Daniel ?',
    '八福',
    '我很焦虑',
    'Who was the prophet Daniel?',
    'What does the Bible say about anxiety?',
    'What is faith?',
    '信心是什么？',
    '什么叫重生',
    '圣经怎么说饶恕别人？',
    '登山宝训主要讲了什么？',
    '¿Qué dice la Biblia sobre el perdón?',
    "Qu'est-ce que la grâce ?",
  ])('reads %s as no question of fact', (q) => expect(isFactQuestion(q)).toBe(false));

  it('asks a Chinese number question in the words the Union Version answers it with', () => {
    expect(withMeasureWords('摩西活了多少岁？')).toBe('摩西活了 岁 ？');
    expect(withMeasureWords('以色列人在埃及住了多少年')).toBe('以色列人在埃及住了 年 ');
    expect(withMeasureWords('雅各一共有几个儿子')).toBe('雅各一共有 儿子 ');
  });

  it.each([
    ['What sign did God give Noah after the flood?', 'flood', 'en'],
    ['挪亚方舟最后停在哪里？', '挪亚方舟', 'zh-Hans'],
    ['谁造了方舟？', '方舟', 'zh-Hans'],
  ] as const)('reads %s as asking a detail of the passage it names (%s)', (q, alias, language) =>
    expect(asksDetailOf(q, alias, language)).toBe(true),
  );

  it.each([
    ['Que retenir du Sermon sur la montagne ?', 'sermon sur montagn', 'fr'],
    ['大使命是哪几节经文', '大使命', 'zh-Hans'],
    ['八福', '八福', 'zh-Hans'],
    ['What is the armor of God?', 'armor god', 'en'],
    ['Can you summarize the Sermon on the Mount?', 'sermon mount', 'en'],
  ] as const)('reads %s as asking for the passage it names (%s) itself', (q, alias, language) =>
    expect(asksDetailOf(q, alias, language)).toBe(false),
  );

  it('knows a question of number and a verse that states one, in the five languages', () => {
    for (const q of [
      'How old was Abraham when Isaac was born?',
      '雅各为拉结服侍了几年？',
      '¿Cuántos años vivió Matusalén?',
      'Combien de jours ?',
    ])
      expect(asksNumber(q)).toBe(true);
    expect(asksNumber('Who killed Goliath?')).toBe(false);
    for (const verse of [
      'Abraham was one hundred years old when his son, Isaac, was born to him.',
      'And Jacob served seven years for Rachel',
      '雅各就为拉结服事了七年',
      'Y vivió Mathusalam ciento ochenta y siete años',
      'Jacob servit sept ans pour Rachel',
      'In the 600th year of Noah',
    ])
      expect(statesNumber(verse)).toBe(true);
    // A Chinese numeral inside a word is no number: 一切, 一同.
    for (const verse of [
      'Jacob kissed Rachel, and lifted up his voice, and wept.',
      '一切信他的人都得救',
      'Et il dit à Jacob',
    ])
      expect(statesNumber(verse)).toBe(false);
  });

  it('knows a question of how long someone lived, and the verse that states their whole age, in the five languages', () => {
    for (const q of [
      '玛土撒拉活了多少岁？',
      '亞當活了幾歲',
      'How long did Methuselah live?',
      'how old was Moses when he died',
      '¿Cuántos años vivió Matusalén?',
      '¿A qué edad murió Moisés?',
      "Combien d'années Mathusalem a-t-il vécu ?",
      'À quel âge Moïse est-il mort ?',
    ])
      expect(asksLifespan(q), q).toBe(true);
    for (const q of [
      'How old was Abraham when Isaac was born?',
      '雅各为拉结服侍了几年？',
      'How long was Moses on Mount Sinai?',
    ])
      expect(asksLifespan(q), q).toBe(false);
    for (const verse of [
      '玛土撒拉共活了九百六十九岁就死了。',
      'All the days of Methuselah were nine hundred sixty-nine years, then he died.',
      'Fueron, pues, todos los días de Mathusalam, novecientos sesenta y nueve años; y murió.',
      'Tous les jours de Metuschélah furent de neuf cent soixante-neuf ans; puis il mourut.',
    ])
      expect(statesLifespan(verse), verse).toBe(true);
    // His age at a son's birth, and a death without an age.
    for (const verse of [
      '玛土撒拉活到一百八十七岁，生了拉麦。',
      'So Moses the servant of the LORD died there in the land of Moab',
    ])
      expect(statesLifespan(verse), verse).toBe(false);
  });

  it('asks a verb of place with its 在 when a question asks where after it, and not the end of a name', () => {
    expect(withMeasureWords('挪亚方舟最后停在哪里？').endsWith(' 停在')).toBe(true);
    expect(withMeasureWords('挪亞方舟停在哪裡？').endsWith(' 停在')).toBe(true);
    expect(withMeasureWords('耶稣在哪里出生？')).toBe('耶稣在哪里出生？');
  });
});
