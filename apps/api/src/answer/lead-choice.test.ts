import { describe, expect, it } from 'vitest';
import { countedIn } from '../language/question-shapes.ts';
import type { RetrievedVerse } from '../retrieval/verse-retriever.ts';
import type { ContextVerse } from './answer-model.ts';
import { leadFirst } from './answer-context.ts';
import {
  chooseLead,
  LEAD_FEATURES,
  LEAD_TABLE,
  leadFeatures,
  type LeadCandidate,
  type LeadTable,
} from './lead-choice.ts';

const said = (ref: string, text: string, found: Partial<RetrievedVerse> = {}): LeadCandidate => ({
  verse: { ref, label: ref, text, book: ref.slice(0, 3) } satisfies ContextVerse,
  found: { ref: ref.split('-')[0]!, score: 0.03, sources: ['text'], ...found },
});

const question = (textQuery: string, asks: Partial<Parameters<typeof leadFeatures>[1]['asks']> = {}) => ({
  language: 'en' as const,
  people: [] as string[],
  textQuery,
  asks: { fact: true, why: false, whyTopic: false, who: false, where: false, number: false, lifespan: false, ...asks },
});

const feature = (row: readonly number[], name: (typeof LEAD_FEATURES)[number]) => row[LEAD_FEATURES.indexOf(name)];

describe('leadFeatures', () => {
  it('measures each passage: its place, its ranks, the question’s words, the answer named, the count asked', () => {
    const asks = { number: true, counted: countedIn('How many days did Jesus fast?') };
    const rows = leadFeatures(
      [
        said('MAT.4.1', 'Then Jesus was led up by the Spirit into the wilderness to be tempted by the devil.', {
          score: 0.04,
          ranks: { text: 0, note: 2 },
        }),
        said('MAT.4.2-MAT.4.3', 'When he had fasted forty days and forty nights, he was hungry afterward.', {
          score: 0.02,
          ranks: { text: 3 },
        }),
      ],
      question('days Jesus fast', asks),
      undefined,
    );
    expect(feature(rows[0]!, 'place1')).toBe(0);
    expect(feature(rows[1]!, 'place1')).toBe(1);
    expect(feature(rows[0]!, 'fused')).toBe(1);
    expect(feature(rows[1]!, 'fused')).toBeCloseTo(0.5);
    expect(feature(rows[0]!, 'rank.note')).toBeCloseTo(1 / 3);
    expect(feature(rows[1]!, 'rank.note')).toBe(0);
    expect(feature(rows[0]!, 'counted')).toBe(0);
    expect(feature(rows[1]!, 'counted')).toBe(1);
    expect(feature(rows[1]!, 'number')).toBe(1);
    // "days" and "fast" (the stem the index keeps beside "fasted") of "days Jesus fast": two of three words.
    expect(feature(rows[1]!, 'cover')).toBeCloseTo(2 / 3);
    expect(feature(rows[0]!, 'cover')).toBeCloseTo(1 / 3);
    expect(feature(rows[1]!, 'verses')).toBeCloseTo(2 / 4);
    // Both in Matthew, a book that tells events.
    expect(feature(rows[0]!, 'narrative')).toBe(1);
    expect(feature(rows[0]!, 'earliest')).toBe(1);
  });

  it('reads the people asked about and the name the reference works give, in the reader’s language', () => {
    const rows = leadFeatures(
      [
        said('1PE.3.20', 'in the days of Noah, while the ark was being built'),
        said('GEN.6.14', 'Make a ship of gopher wood.'),
      ],
      { ...question('built ark', { who: true }), language: 'en' },
      ['noah'],
    );
    expect(feature(rows[0]!, 'answer1')).toBe(1);
    expect(feature(rows[1]!, 'answer1')).toBe(0);
    // Genesis comes before 1 Peter: the first telling.
    expect(feature(rows[0]!, 'earliest')).toBe(0);
    expect(feature(rows[1]!, 'earliest')).toBe(1);
    expect(feature(rows[0]!, 'narrative')).toBe(0);
  });
});

describe('chooseLead', () => {
  const fast = [
    said('MAT.4.1', 'Then Jesus was led up by the Spirit into the wilderness.'),
    said('LUK.4.1', 'Jesus, full of the Holy Spirit, returned from the Jordan.'),
    said('MAT.4.2', 'When he had fasted forty days and forty nights, he was hungry afterward.'),
  ];
  const asks = { number: true, counted: countedIn('How many days did Jesus fast?') };
  const table = (depth: number): LeadTable => ({ fact: { depth, weights: { counted: 2, place1: -0.5 } } });

  it('orders the first `depth` passages by score, equal scores and the rest in the retriever’s order', () => {
    const choice = chooseLead(fast, question('days Jesus fast', asks), undefined, 'fact', table(3));
    expect(choice.verses.map((v) => v.ref)).toEqual(['MAT.4.2', 'MAT.4.1', 'LUK.4.1']);
    // Scores 0, -0.5, 2 and 0: Mark 1:13 (0) passes Luke 4:1 (-0.5); past the depth, Mark 1:12 keeps its place.
    const more = [
      ...fast,
      said('MRK.1.13', 'He was there in the wilderness.'),
      said('MRK.1.12', 'The Spirit drove him.'),
    ];
    const sorted = chooseLead(more, question('days Jesus fast', asks), undefined, 'fact', table(4)).verses;
    expect(sorted.map((v) => v.ref)).toEqual(['MAT.4.2', 'MAT.4.1', 'MRK.1.13', 'LUK.4.1', 'MRK.1.12']);
    // Its confidence: the softmax of the scores 0, -0.5 and 2, at the chosen one.
    expect(choice.confidence).toBeCloseTo(Math.exp(2) / (1 + Math.exp(-0.5) + Math.exp(2)), 6);
  });

  it('looks no deeper than the model’s depth, and keeps the order for a shape without a model', () => {
    expect(chooseLead(fast, question('days Jesus fast', asks), undefined, 'fact', table(2)).verses[0]!.ref).toBe(
      'MAT.4.1',
    );
    expect(chooseLead(fast, question('days Jesus fast', asks), undefined, 'topic', table(3)).verses[0]!.ref).toBe(
      'MAT.4.1',
    );
  });

  it('is what leadFirst uses when the table has the shape; the rules otherwise', () => {
    const q = question('days Jesus fast', asks);
    expect(leadFirst(fast, q, undefined, 'fact', table(3)).verses[0]!.ref).toBe('MAT.4.2');
    // The rules look among the first three for a verse of the count asked for too.
    expect(leadFirst(fast, q, undefined, 'fact', {}).verses[0]!.ref).toBe('MAT.4.2');
    expect(leadFirst(fast.slice(0, 2), q, undefined, 'fact', {}).verses[0]!.ref).toBe('MAT.4.1');
  });
});

describe('lead-weights.json', () => {
  it('holds weights of known features only, and a depth for each shape it models', () => {
    for (const model of Object.values(LEAD_TABLE)) {
      expect(model.depth).toBeGreaterThanOrEqual(2);
      for (const name of Object.keys(model.weights)) expect(LEAD_FEATURES).toContain(name);
    }
  });
});
