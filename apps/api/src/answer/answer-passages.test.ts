import { describe, expect, it } from 'vitest';
import type { RetrievedVerse } from '../retrieval/verse-retriever.ts';
import { passagesOf } from './answer-context.ts';

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
    expect(wanted).toEqual([
      { ref: { book: 'DAN', chapter: 13, verse: 1, endVerse: 2 }, outsideCanon: true, vulgate: true },
      { ref: { book: 'DAN', chapter: 12, verse: 13 } },
    ]);
  });
});
