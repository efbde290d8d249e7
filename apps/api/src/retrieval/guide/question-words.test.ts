import { describe, expect, it } from 'vitest';
import { isFactQuestion, withMeasureWords } from './question-words.ts';

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
  ])('reads %s as a question of fact', (q) => expect(isFactQuestion(q)).toBe(true));

  it.each([
    '亚伯拉罕是谁？',
    'Who was Moses?',
    '¿Quién fue Rut?',
    'Qui était le prophète Daniel ?',
    '八福',
    '我很焦虑',
  ])('reads %s as no question of fact', (q) => expect(isFactQuestion(q)).toBe(false));

  it('asks a Chinese number question in the words the Union Version answers it with', () => {
    expect(withMeasureWords('摩西活了多少岁？')).toBe('摩西活了 岁 ？');
    expect(withMeasureWords('以色列人在埃及住了多少年')).toBe('以色列人在埃及住了 年 ');
    expect(withMeasureWords('雅各一共有几个儿子')).toBe('雅各一共有 儿子 ');
  });
});
