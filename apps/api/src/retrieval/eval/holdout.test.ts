import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { EVAL_LANGS, loadGoldSet } from './gold-set.ts';
import { FIRST_SET_HOLDOUT_IDS, HOLDOUT_FRACTION, goldSplit, idDigestFraction, isHeldOut } from './holdout.ts';

/** SHA-256 of the id, written out here apart from the module, so the rule is checked and not merely repeated. */
const digestOf = (id: string) => createHash('sha256').update(id, 'utf8').digest('hex');

describe('isHeldOut', () => {
  it('keeps the first set as it was split: its 20 held-out ids, and none of its other questions', () => {
    expect(FIRST_SET_HOLDOUT_IDS.size).toBe(20);
    for (const id of FIRST_SET_HOLDOUT_IDS) expect(isHeldOut(id)).toBe(true);
    // zh-hans-01 … zh-hans-24, zh-hant-01 … zh-hant-11, en-01 … en-14, es-01 … es-10, fr-01 … fr-10
    const firstSet = Object.entries({ 'zh-hans': 24, 'zh-hant': 11, en: 14, es: 10, fr: 10 }).flatMap(([lang, last]) =>
      Array.from({ length: last }, (_, i) => `${lang}-${String(i + 1).padStart(2, '0')}`),
    );
    expect(firstSet).toHaveLength(69);
    expect(firstSet.filter(isHeldOut).sort()).toEqual([...FIRST_SET_HOLDOUT_IDS].sort());
  });

  it('holds a later question out exactly when its SHA-256 digest starts below a quarter of the range', () => {
    expect(HOLDOUT_FRACTION).toBe(0.25);
    const later = Array.from({ length: 200 }, (_, i) => `en-${i + 15}`);
    for (const id of later) {
      const lowDigest = parseInt(digestOf(id).slice(0, 8), 16) < 0x40000000;
      expect(isHeldOut(id)).toBe(lowDigest);
    }
    const share = later.filter(isHeldOut).length / later.length;
    expect(share).toBeGreaterThan(0.15);
    expect(share).toBeLessThan(0.35);
  });

  it('reads the first 8 hex digits of the digest as a fraction', () => {
    // SHA-256("abc") starts ba7816bf.
    expect(idDigestFraction('abc')).toBeCloseTo(0xba7816bf / 2 ** 32, 12);
  });
});

describe('the held-out part of the gold set', () => {
  it('holds out at least a fifth of every language and of the questions the corpus cannot answer', async () => {
    const questions = await loadGoldSet();
    const share = (group: typeof questions) => group.filter((q) => isHeldOut(q.id)).length / group.length;
    for (const lang of EVAL_LANGS) expect(share(questions.filter((q) => q.lang === lang))).toBeGreaterThanOrEqual(0.2);
    expect(share(questions.filter((q) => q.type === 'unanswerable'))).toBeGreaterThanOrEqual(0.2);
  });
});

describe('goldSplit', () => {
  it('splits a set into disjoint parts by the rule', () => {
    const set = [{ id: 'en-01' }, { id: 'en-07' }, { id: 'zh-hans-01' }];
    expect(goldSplit(set, 'holdout').map((q) => q.id)).toEqual(['en-07']);
    expect(goldSplit(set, 'train').map((q) => q.id)).toEqual(['en-01', 'zh-hans-01']);
    expect(goldSplit(set, 'all')).toHaveLength(3);
  });
});
