import { describe, expect, it } from 'vitest';
import { PSALM_VERSE_COUNTS } from './fixtures/psalm-counts.fixture.ts';
import { toNotation } from './fixtures/reference-notation.ts';
import type { BibleReference, VersificationScheme } from './references.types.ts';
import { schemeOf, toScheme } from './versification.ts';

const psalm = (chapter: number, verse?: number): BibleReference =>
  verse === undefined ? { book: 'PSA', chapter } : { book: 'PSA', chapter, verse };
const map = (ref: BibleReference, from: VersificationScheme, to: VersificationScheme) =>
  toNotation(toScheme(ref, from, to));

/**
 * Pairs read off the corpus texts: the KJV verse, and where the same words stand in crampon (hebrew), drc
 * (vulgate) and giguet-lxx-fr (lxx).
 */
const KNOWN_PAIRS: Array<{ kjv: [number, number]; hebrew: string; vulgate: string; lxx: string; words: string }> = [
  { kjv: [23, 1], hebrew: 'PSA.23.1', vulgate: 'PSA.22.1', lxx: 'PSA.22.1', words: 'The LORD is my shepherd' },
  { kjv: [51, 1], hebrew: 'PSA.51.3', vulgate: 'PSA.50.3', lxx: 'PSA.50.3', words: 'Have mercy upon me, O God' },
  { kjv: [51, 10], hebrew: 'PSA.51.12', vulgate: 'PSA.50.12', lxx: 'PSA.50.12', words: 'Create in me a clean heart' },
  { kjv: [3, 1], hebrew: 'PSA.3.2', vulgate: 'PSA.3.2', lxx: 'PSA.3.1', words: 'LORD, how are they increased' },
  { kjv: [9, 1], hebrew: 'PSA.9.2', vulgate: 'PSA.9.2', lxx: 'PSA.9.1', words: 'I will praise thee, O LORD' },
  { kjv: [10, 1], hebrew: 'PSA.10.1', vulgate: 'PSA.9.22', lxx: 'PSA.9.21', words: 'Why standest thou afar off' },
  { kjv: [42, 1], hebrew: 'PSA.42.2', vulgate: 'PSA.41.2', lxx: 'PSA.41.1', words: 'As the hart panteth' },
  { kjv: [114, 1], hebrew: 'PSA.114.1', vulgate: 'PSA.113.1', lxx: 'PSA.113.1', words: 'When Israel went out' },
  { kjv: [115, 1], hebrew: 'PSA.115.1', vulgate: 'PSA.113.9', lxx: 'PSA.113.9', words: 'Not unto us, O LORD' },
  { kjv: [116, 1], hebrew: 'PSA.116.1', vulgate: 'PSA.114.1', lxx: 'PSA.114.1', words: 'I love the LORD' },
  { kjv: [116, 10], hebrew: 'PSA.116.10', vulgate: 'PSA.115.1', lxx: 'PSA.115.1', words: 'I believed' },
  { kjv: [119, 105], hebrew: 'PSA.119.105', vulgate: 'PSA.118.105', lxx: 'PSA.118.105', words: 'Thy word is a lamp' },
  { kjv: [147, 1], hebrew: 'PSA.147.1', vulgate: 'PSA.146.1', lxx: 'PSA.146.1', words: 'Praise ye the LORD' },
  {
    kjv: [147, 12],
    hebrew: 'PSA.147.12',
    vulgate: 'PSA.147.1',
    lxx: 'PSA.147.1',
    words: 'Praise the LORD, O Jerusalem',
  },
  { kjv: [150, 1], hebrew: 'PSA.150.1', vulgate: 'PSA.150.1', lxx: 'PSA.150.1', words: 'Praise God in his sanctuary' },
];

describe('toScheme', () => {
  it.each(KNOWN_PAIRS)('finds "$words" (KJV Ps $kjv) in every numbering and back', (pair) => {
    const kjv = psalm(...pair.kjv);
    for (const scheme of ['hebrew', 'vulgate', 'lxx'] as const) {
      expect(map(kjv, 'kjv', scheme)).toBe(pair[scheme]);
      const [chapter, verse] = pair[scheme].split('.').slice(1).map(Number);
      expect(map(psalm(chapter ?? 0, verse), scheme, 'kjv')).toBe(toNotation(kjv));
    }
  });

  it('shows Psalm 23 asked in KJV numbering as Psalm 22 in the Douay-Rheims, and back', () => {
    expect(toScheme(psalm(23), 'kjv', 'vulgate')).toEqual(psalm(22));
    expect(toScheme(psalm(22), 'vulgate', 'kjv')).toEqual(psalm(23));
    expect(toScheme(psalm(23), 'kjv', 'hebrew')).toEqual(psalm(23));
  });

  it('turns joined and split psalms into verse ranges', () => {
    expect(map(psalm(9), 'vulgate', 'kjv')).toBe('PSA.9.1-10.18');
    expect(map(psalm(10), 'kjv', 'vulgate')).toBe('PSA.9.22-39');
    expect(map(psalm(116), 'kjv', 'vulgate')).toBe('PSA.114.1-115.10');
    expect(map(psalm(113), 'lxx', 'kjv')).toBe('PSA.114.1-115.18');
    expect(map(psalm(147), 'kjv', 'lxx')).toBe('PSA.146.1-147.9');
    expect(map({ book: 'PSA', chapter: 9, verse: 1, endChapter: 10, endVerse: 18 }, 'kjv', 'lxx')).toBe('PSA.9.1-38');
  });

  it('maps superscriptions and verses one numbering joins onto the KJV verse that holds them', () => {
    expect(map(psalm(3, 1), 'vulgate', 'kjv')).toBe('PSA.3.1'); // "A psalm of David when he fled…"
    expect(map(psalm(50, 2), 'vulgate', 'kjv')).toBe('PSA.51.1');
    expect(map(psalm(13, 5), 'kjv', 'vulgate')).toBe('PSA.12.6');
    expect(map(psalm(13, 6), 'kjv', 'vulgate')).toBe('PSA.12.6');
    expect(map(psalm(12, 6), 'vulgate', 'kjv')).toBe('PSA.13.5');
    expect(map(psalm(2, 13), 'vulgate', 'kjv')).toBe('PSA.2.12'); // DRC splits KJV 2:12 in two
  });

  it('keeps a verse range a range', () => {
    expect(map({ book: 'PSA', chapter: 51, verse: 1, endVerse: 19 }, 'kjv', 'vulgate')).toBe('PSA.50.3-21');
    expect(map({ book: 'PSA', chapter: 22, endChapter: 24 }, 'kjv', 'vulgate')).toBe('PSA.21-23');
  });

  it('moves Psalm 151 between its own book and the Greek Psalter', () => {
    expect(map({ book: 'PS2', chapter: 1, verse: 3 }, 'kjv', 'lxx')).toBe('PSA.151.3');
    expect(map(psalm(151, 3), 'lxx', 'vulgate')).toBe('PS2.1.3');
  });

  it.each([
    ['JOL.2.28', 'JOL', 2, 28, 'JOL.3.1'], // "I will pour out my spirit upon all flesh"
    ['MAL.4.5', 'MAL', 4, 5, 'MAL.3.23'], // "I will send you Elijah the prophet"
    ['JON.1.17', 'JON', 1, 17, 'JON.2.1'], // "a great fish to swallow up Jonah"
    ['ISA.9.6', 'ISA', 9, 6, 'ISA.9.5'], // "unto us a child is born"
  ] as const)('finds KJV %s where the Hebrew chapters put it', (_label, book, chapter, verse, hebrew) => {
    const kjv = { book, chapter, verse };
    expect(map(kjv, 'kjv', 'hebrew')).toBe(hebrew);
    const [, c, v] = hebrew.split('.').map(Number);
    expect(toScheme({ book, chapter: c ?? 0, verse: v }, 'hebrew', 'kjv')).toEqual(kjv);
  });

  it('turns a chapter the Hebrew division moves into a verse range', () => {
    expect(map({ book: 'MAL', chapter: 4 }, 'kjv', 'hebrew')).toBe('MAL.3.19-24');
    expect(map({ book: 'MAL', chapter: 3 }, 'hebrew', 'kjv')).toBe('MAL.3.1-4.6');
    expect(map({ book: 'JOL', chapter: 2 }, 'kjv', 'hebrew')).toBe('JOL.2.1-3.5');
    expect(map({ book: 'JOL', chapter: 2, verse: 28, endVerse: 32 }, 'kjv', 'hebrew')).toBe('JOL.3.1-5');
    expect(map({ book: 'GEN', chapter: 1 }, 'kjv', 'hebrew')).toBe('GEN.1');
    expect(map({ book: 'MAL', chapter: 4, verse: 5 }, 'kjv', 'vulgate')).toBe('MAL.4.5');
  });

  it('leaves other books and equal schemes alone', () => {
    const john = { book: 'JHN', chapter: 3, verse: 16 };
    expect(toScheme(john, 'kjv', 'vulgate')).toBe(john);
    expect(toScheme(psalm(23, 1), 'lxx', 'lxx')).toEqual(psalm(23, 1));
  });

  describe.each(['hebrew', 'vulgate', 'lxx'] as const)('the %s Psalter in the corpus', (scheme) => {
    const kjvCounts = PSALM_VERSE_COUNTS.kjv;
    const counts = PSALM_VERSE_COUNTS[scheme];

    it('receives every KJV verse on a verse it has, and gives it back', () => {
      kjvCounts.forEach((count, index) => {
        for (let verse = 1; verse <= count; verse++) {
          const there = toScheme(psalm(index + 1, verse), 'kjv', scheme);
          expect(there.verse).toBeGreaterThanOrEqual(1);
          expect(there.verse).toBeLessThanOrEqual(counts[there.chapter - 1] ?? 0);
          const back = toScheme(there, scheme, 'kjv');
          expect(back.chapter).toBe(index + 1);
          // Where the numbering joins two KJV verses, the way back lands on the first of them.
          expect(back.verse).toBeLessThanOrEqual(verse);
          expect(verse - (back.verse ?? 0)).toBeLessThanOrEqual(1);
        }
      });
    });

    it('sends every one of its own verses to a KJV verse that exists', () => {
      counts.forEach((count, index) => {
        if (index + 1 > 150) return; // the LXX's Psalm 151 is the book PS2
        for (let verse = 1; verse <= count; verse++) {
          const kjv = toScheme(psalm(index + 1, verse), scheme, 'kjv');
          expect(kjv.verse).toBeGreaterThanOrEqual(1);
          expect(kjv.verse).toBeLessThanOrEqual(kjvCounts[kjv.chapter - 1] ?? 0);
        }
      });
    });
  });
});

describe('schemeOf', () => {
  it.each([
    ['kjv', 'kjv'],
    ['cuv-hans', 'kjv'],
    ['rv1909', 'kjv'],
    ['darby-fr', 'hebrew'],
    ['crampon', 'hebrew'],
    ['drc', 'vulgate'],
    ['cpdv', 'vulgate'],
    ['giguet-lxx-fr', 'lxx'],
  ])('numbers %s the %s way', (translation, scheme) => {
    expect(schemeOf(translation)).toBe(scheme);
  });

  it('rejects a translation it does not know', () => {
    expect(() => schemeOf('niv')).toThrowError(/translation_unknown/);
  });
});
