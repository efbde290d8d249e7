import { describe, expect, it } from 'vitest';
import type { ContextVerse } from './answer-model.ts';
import type { GuideEntry } from '../question/guide/passage-guide.ts';
import { namesOthersThan, themeOrder } from './intent-context.ts';
import { themeWordsIn } from './theme-passages.ts';

const verse = (ref: string, text: string): ContextVerse => ({ ref, label: ref, text, book: ref.slice(0, 3) });
const refs = (verses: ContextVerse[]) => verses.map((v) => v.ref);

describe('themeOrder: the verses a prayer, sermon or poem is made of', () => {
  it('finds a theme the lists name by its own words, not by what befell the person', () => {
    const set = [verse('COL.3.23', 'And whatever you do, work heartily, as for the Lord')];
    const found = [verse('LUK.15.6', 'Rejoice with me, for I have found my sheep which was lost!')];
    expect(themeWordsIn('a friend who lost his job')).toEqual(['job']);
    expect(refs(themeOrder('a friend who lost his job', set, found))).toEqual(['COL.3.23', 'LUK.15.6']);
  });

  it('still puts first the verses that hold the theme’s own words', () => {
    const set = [verse('PSA.29.11', 'The LORD will give strength to his people')];
    const found = [verse('JHN.14.27', 'Peace I leave with you; my peace I give to you')];
    expect(refs(themeOrder('peace among us', set, found))).toEqual(['JHN.14.27', 'PSA.29.11']);
    // A theme no list names keeps all its words: a verse that holds one comes first.
    const lost = [verse('LUK.19.10', 'the Son of Man came to seek and to save that which was lost')];
    expect(refs(themeOrder('the lost', set, lost))).toEqual(['LUK.19.10', 'PSA.29.11']);
  });
});

describe('themeOrder: a situation the request names', () => {
  const situation = ['PSA.56.3', 'ISA.41.13', 'PSA.147.3', 'PSA.121.2', 'ISA.40.29'].map((ref) => verse(ref, 'Selah'));
  const illness = [verse('JAS.5.14', 'Is any amongst you sick?'), verse('PSA.41.3', 'on the bed of languishing')];
  const keys = (verses: ContextVerse[]) => new Set(verses.map((v) => v.ref));

  it('is made of its own set alone when the set gives a piece its verses', () => {
    const order = themeOrder("my father's surgery tomorrow", [...illness, ...situation], [], keys(situation));
    expect(refs(order)).toEqual(refs(situation));
  });

  it('puts no retrieved verse that holds its word before its set', () => {
    const figure = [verse('MAT.22.11', 'he saw there a man who didn’t have on wedding clothing')];
    const wedding = [verse('MAT.19.6', 'What therefore God has joined together, don’t let man tear apart.')];
    expect(refs(themeOrder('a sermon outline for a wedding', wedding, figure, keys(wedding)))).toEqual([
      'MAT.19.6',
      'MAT.22.11',
    ]);
  });

  it('takes the broader theme after it when its set is short', () => {
    const short = situation.slice(0, 2);
    const order = themeOrder("my father's surgery tomorrow", [...illness, ...short], [], keys(short));
    expect(refs(order)).toEqual([...refs(short), ...refs(illness)]);
  });
});

describe('namesOthersThan: a story a request mentions, or the request itself', () => {
  const entry = (id: string, names: GuideEntry['names']): GuideEntry => ({ id, kind: 'passage', refs: [], names });
  const flood = entry('noahs-flood', { 'zh-Hans': ['挪亚方舟', '洪水'], en: ["Noah's ark", 'the flood'] });
  const prodigal = entry('prodigal-son', { 'zh-Hans': ['浪子回头', '浪子'], en: ['prodigal son', 'lost son'] });
  const samaritan = entry('good-samaritan', { 'zh-Hans': ['好撒玛利亚人'], en: ['Good Samaritan'] });

  it.each([
    ['people hit by a flood', flood],
    ['洪水中的灾民', flood],
    ['a prayer for the families a flood left homeless', flood],
  ])('reads "%s" as a piece for people, not the story', (request, story) => {
    expect(namesOthersThan(request, story)).toBe(true);
  });

  it.each([
    ['the flood', flood],
    ['挪亚方舟', flood],
    ['the prodigal son', prodigal],
    ['浪子回头', prodigal],
    ['好撒玛利亚人的比喻', samaritan],
    ['the parable of the Good Samaritan', samaritan],
  ])('reads "%s" as the story itself', (request, story) => {
    expect(namesOthersThan(request, story)).toBe(false);
  });
});
