import { describe, expect, it } from 'vitest';
import type { RetrievedVerse } from '../retrieval/verse-retriever.ts';
import type { ContextVerse } from './answer-model.ts';
import { countedIn } from '../language/question-shapes.ts';
import { kinFirst, passagesOf, statingFirst } from './answer-context.ts';

const v = (ref: string, sources: RetrievedVerse['sources'], extra: Partial<RetrievedVerse> = {}): RetrievedVerse => ({
  ref,
  score: 1,
  sources,
  ...extra,
});

describe('passagesOf', () => {
  it('joins a named passage’s verses into one passage per account, wherever each verse was ranked', () => {
    const wanted = passagesOf([
      v('MAT.6.9', ['guide']),
      v('MAT.6.10', ['guide']),
      v('LUK.11.2', ['guide']),
      v('LUK.11.3', ['guide']),
      v('MAT.6.11', ['guide']),
      v('PHP.4.6', ['text']),
      v('PHP.4.7', ['text']),
    ]);
    expect(wanted.map((w) => w.ref)).toEqual([
      { book: 'MAT', chapter: 6, verse: 9, endVerse: 11 },
      { book: 'LUK', chapter: 11, verse: 2, endVerse: 3 },
      // Ranked verses next to each other are one passage as well.
      { book: 'PHP', chapter: 4, verse: 6, endVerse: 7 },
    ]);
  });

  it('reads ranked verses next to each other as one passage of at most four verses, at the better one’s place', () => {
    const wanted = passagesOf([
      v('2SA.18.33', ['text']),
      v('2SA.18.32', ['text']),
      v('2SA.18.10', ['text']),
      v('2SA.19.4', ['entry']),
      v('2SA.18.9', ['text']),
      v('2SA.18.11', ['entry']),
      v('2SA.18.12', ['text']),
      v('2SA.18.13', ['text']),
      v('2SA.18.14', ['text']),
    ]);
    expect(wanted.map((w) => w.ref)).toEqual([
      // The first passage stays as ranked: a question of fact's lead quotes one verse.
      { book: '2SA', chapter: 18, verse: 33 },
      { book: '2SA', chapter: 18, verse: 32 },
      { book: '2SA', chapter: 18, verse: 9, endVerse: 12 },
      { book: '2SA', chapter: 19, verse: 4 },
      { book: '2SA', chapter: 18, verse: 13, endVerse: 14 },
    ]);
    // A topic's lead may grow: its first passage is quoted as a passage, not stated as a fact.
    const topic = passagesOf([v('PHP.4.7', ['text']), v('PHP.4.6', ['entry']), v('1PE.5.7', ['text'])], {
      joinFirst: true,
    });
    expect(topic.map((w) => w.ref)).toEqual([
      { book: 'PHP', chapter: 4, verse: 6, endVerse: 7 },
      { book: '1PE', chapter: 5, verse: 7 },
    ]);
  });

  it('keeps the marks of the deuterocanon: outside the canon, read in the Catholic numbering', () => {
    const wanted = passagesOf([
      v('DAN.13.1', ['guide'], { outsideCanon: true, numbering: 'vulgate' }),
      v('DAN.13.2', ['guide'], { outsideCanon: true, numbering: 'vulgate' }),
      v('DAN.12.13', ['text']),
    ]);
    expect(wanted.map(({ found: _found, ...passage }) => passage)).toEqual([
      { ref: { book: 'DAN', chapter: 13, verse: 1, endVerse: 2 }, outsideCanon: true, vulgate: true },
      { ref: { book: 'DAN', chapter: 12, verse: 13 } },
    ]);
    // Each passage keeps the retrieved verse it grew from (the lead model reads its ranks).
    expect(wanted.map((w) => w.found?.ref)).toEqual(['DAN.13.1', 'DAN.12.13']);
  });
});

describe('statingFirst', () => {
  const lifespan = { number: true, lifespan: true };
  const number = { number: true, lifespan: false };
  const said = (ref: string, text: string): ContextVerse => ({ ref, label: ref, text, book: ref.slice(0, 3) });
  const methuselah = [
    said('GEN.5.25', '玛土撒拉活到一百八十七岁，生了拉麦。'),
    said('GEN.5.26', '玛土撒拉生拉麦之后，又活了七百八十二年，并且生儿养女。'),
    said('GEN.5.27', '玛土撒拉共活了九百六十九岁就死了。'),
  ];

  it('leads how long someone lived with the verse of their whole age and death, the others in their order', () => {
    expect(statingFirst(methuselah, lifespan, 'fact').map((v) => v.ref)).toEqual(['GEN.5.27', 'GEN.5.25', 'GEN.5.26']);
    // Another question of number keeps a first verse that states a number; a topic keeps its order.
    expect(statingFirst(methuselah, number, 'fact')[0]!.ref).toBe('GEN.5.25');
    expect(statingFirst(methuselah, lifespan, 'topic')[0]!.ref).toBe('GEN.5.25');
  });

  it('leads a question of number with one of the first three verses that states a number, not a later one', () => {
    const rain = [
      said('GEN.6.8', '惟有挪亚在耶和华眼前蒙恩。'),
      said('GEN.7.4', '因为再过七天，我要降雨在地上四十昼夜。'),
    ];
    expect(statingFirst(rain, number, 'fact')[0]!.ref).toBe('GEN.7.4');
    const late = [rain[0]!, said('GEN.6.9', '挪亚是个义人。'), said('GEN.6.10', '挪亚生了闪、含、雅弗。'), rain[1]!];
    expect(statingFirst(late, number, 'fact')[0]!.ref).toBe('GEN.6.8');
  });

  it('leads with the count the question asks for when one of the first three states it, not any number', () => {
    const flood = [
      said('GEN.7.17', '洪水泛滥在地上四十天，水往上长，把方舟从地上漂起。'),
      said('GEN.6.8', '惟有挪亚在耶和华眼前蒙恩。'),
      said('GEN.7.6', '当洪水泛滥在地上的时候，挪亚整六百岁。'),
    ];
    const age = { number: true, lifespan: false, counted: countedIn('挪亚几岁时洪水来了？') };
    expect(age.counted).toBeDefined();
    expect(statingFirst(flood, age, 'fact').map((v) => v.ref)).toEqual(['GEN.7.6', 'GEN.7.17', 'GEN.6.8']);
    // Asked for days, the forty days lead as they stand; with no verse of the count, any number still leads.
    const days = { number: true, lifespan: false, counted: countedIn('洪水泛滥了多少天？') };
    expect(statingFirst(flood, days, 'fact')[0]!.ref).toBe('GEN.7.17');
    expect(statingFirst(flood.slice(0, 2), age, 'fact')[0]!.ref).toBe('GEN.7.17');
  });
});

describe('kinFirst', () => {
  const said = (ref: string, text: string): ContextVerse => ({ ref, label: ref, text, book: ref.slice(0, 3) });
  const asked = (kin: string | undefined, who = true) => ({
    asks: {
      fact: true,
      why: false,
      whyTopic: false,
      who,
      where: false,
      number: false,
      lifespan: false,
      ...(kin ? { kin } : {}),
    },
    people: ['david'],
    language: 'zh-Hans' as const,
  });
  // 1 Samuel 22:4 names David's father and mother but not who he is; 17:12 states the tie with the notes' Jesse.
  const ranked = [
    said('1SA.22.4', '大卫领他父母到摩押王面前。'),
    said('2SA.8.9', '哈马王陀以听见大卫杀败哈大底谢的全军，'),
    said('1SA.17.12', '大卫是犹大伯利恒的以法他人耶西的儿子。耶西有八个儿子。'),
  ];

  it('leads a question of kin with the first passage that states the tie between the person and the notes’ answer', () => {
    expect(kinFirst(ranked, asked('father'), ['jesse', 'absalom'], 'fact').map((v) => v.ref)).toEqual([
      '1SA.17.12',
      '1SA.22.4',
      '2SA.8.9',
    ]);
  });

  it('keeps the order when the question asks no tie, the notes name no one, or no passage names both', () => {
    expect(kinFirst(ranked, asked(undefined), ['jesse'], 'fact')[0]!.ref).toBe('1SA.22.4');
    expect(kinFirst(ranked, asked('father'), undefined, 'fact')[0]!.ref).toBe('1SA.22.4');
    expect(kinFirst(ranked, asked('father'), ['obed'], 'fact')[0]!.ref).toBe('1SA.22.4');
    expect(kinFirst(ranked, asked('father', false), ['jesse'], 'fact')[0]!.ref).toBe('1SA.22.4');
    expect(kinFirst(ranked, asked('father'), ['jesse'], 'topic')[0]!.ref).toBe('1SA.22.4');
  });
});
