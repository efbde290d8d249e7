import { describe, expect, it } from 'vitest';
import { hasBibleName, isBiblePerson, isBiblePlace, namesAsked } from './bible-names.ts';

describe('hasBibleName', () => {
  it.each([
    ['who killed goliath', 'en'],
    ['What did the dove bring back to Noah?', 'en'],
    ['谁杀了歌利亚？', 'zh-Hans'],
    ['誰殺了歌利亞？', 'zh-Hant'],
    ['¿Cómo se llamaba la esposa de Moisés?', 'es'],
    ['Qui a tué Goliath ?', 'fr'],
  ] as const)('finds the Bible name in %s', (q, language) => expect(hasBibleName(q, language)).toBe(true));

  it.each([
    ['will it rain in London tomorrow', 'en'],
    ["What's Apple's stock price today?", 'en'],
    ['how do I reset my iPhone password', 'en'],
    ['明天北京会下雨吗', 'zh-Hans'],
    ['台積電今天股價多少', 'zh-Hant'],
    ['receta de paella valenciana', 'es'],
    ['score du match du PSG hier soir', 'fr'],
  ] as const)('finds no Bible name in %s (words like "on" or "mark" are no names)', (q, language) =>
    expect(hasBibleName(q, language)).toBe(false),
  );
});

describe('namesAsked', () => {
  it('gives the English names of the people a question names, not God’s or Israel’s', () => {
    expect(namesAsked('Who was the wife of Uriah the Hittite?', 'en')).toEqual(['uriah', 'hittite']);
    expect(namesAsked('烏利亞的妻子是誰？', 'zh-Hant')).toEqual(['uriah']);
    expect(namesAsked('大卫用什么打败歌利亚？', 'zh-Hans')).toEqual(['david', 'goliath']);
    expect(namesAsked('Who baptized Jesus?', 'en')).toEqual([]);
    expect(namesAsked('神为什么允许苦难？', 'zh-Hans')).toEqual([]);
    expect(namesAsked('¿Quién mató a Goliat?', 'es')).toEqual([]);
    // A word names someone when written with a capital, or anywhere in a question typed in lower case.
    expect(namesAsked("What was David's job before he became king?", 'en')).toEqual(['david']);
    expect(namesAsked('who tempted eve in the garden', 'en')).toEqual(['eve']);
  });
});

describe('isBiblePerson', () => {
  it("tells people from places and things by the dictionaries' articles (bible-names.json, built from the corpus)", () => {
    // Isaac's Easton article tells the kingdom first, then the son; Cain is a son, and a town in each dictionary.
    for (const name of ['moses', 'hagar', 'isaac', 'cain', 'jael', 'saul'])
      expect(isBiblePerson(name), name).toBe(true);
    for (const name of ['egypt', 'moriah', 'gibeon', 'cherith', 'sodom', 'jerusalem', 'mene', 'jordan'])
      expect(isBiblePerson(name), name).toBe(false);
  });

  it('tells places by the same articles: a name is a place when they tell a place at least as often', () => {
    for (const name of ['egypt', 'moriah', 'gibeon', 'sodom', 'jerusalem', 'jordan', 'ararat', 'bethany'])
      expect(isBiblePlace(name), name).toBe(true);
    for (const name of ['moses', 'hagar', 'saul', 'mene']) expect(isBiblePlace(name), name).toBe(false);
  });
});
