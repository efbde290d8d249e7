import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIndex, openIndex } from './lance-passage-index.ts';
import type { Embedder, PassageIndex } from './passage-index.ts';
import { RRF_K } from './rank-fusion.ts';
import { FIXTURE_DOCS } from './test-fixtures.ts';

// Deterministic stand-in for a multilingual embedding model: one dimension per concept, plus a constant one.
const CONCEPTS = [
  ['shepherd', 'sheep', 'flock', 'pastor', 'berger', '牧'],
  ['love', 'loved', 'amó', 'aimé', '爱', '愛'],
  ['peace', 'peacemakers', '和睦'],
];
const fakeEmbedder: Embedder = {
  dimensions: CONCEPTS.length + 1,
  async embed(texts) {
    return texts.map((text) => {
      const lower = text.toLowerCase();
      return [...CONCEPTS.map((words) => (words.some((w) => lower.includes(w)) ? 1 : 0)), 0.1];
    });
  },
};

let dir: string;
let index: PassageIndex;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'passage-vectors-'));
  await buildIndex(dir, FIXTURE_DOCS, undefined, { embedder: fakeEmbedder });
  index = await openIndex(dir, { embedder: fakeEmbedder });
});
afterAll(async () => {
  index?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('vector search with reciprocal rank fusion', () => {
  it('records the vector dimensions in the manifest', () => {
    expect(index.info.vectorDimensions).toBe(4);
  });

  it('finds passages the words miss, marked as vector matches', async () => {
    const hits = await index.search({ query: 'who looks after the flock?', limit: 20 });
    expect(hits.filter((h) => h.matchedBy.includes('text'))).toEqual([]);
    expect(hits.slice(0, 5).map((h) => h.id)).toEqual(
      expect.arrayContaining(['kjv:PSA.23.1', 'rv1909:PSA.23.1', 'darby-fr:PSA.23.1', 'cuv-hans:PSA.23.1']),
    );
  });

  it('ranks a passage found by both retrievers first, with the fused score', async () => {
    const [first] = await index.search({ query: 'shepherd', lang: 'en' });
    expect(first?.id).toBe('kjv:PSA.23.1');
    expect(first?.matchedBy).toEqual(['text', 'vector']);
    expect(first?.score).toBeCloseTo(2 / (RRF_K + 1));
  });

  it('applies filters to the vector side too', async () => {
    const hits = await index.search({ query: 'the flock', translations: ['rv1909'] });
    expect(hits.map((h) => h.translation)).toEqual(hits.map(() => 'rv1909'));
    expect(hits[0]?.id).toBe('rv1909:PSA.23.1');
  });

  it('answers from full text when opened without an embedder', async () => {
    const textOnly = await openIndex(dir);
    const hits = await textOnly.search({ query: 'who looks after the flock?' });
    expect(hits).toEqual([]);
    textOnly.close();
  });
});
