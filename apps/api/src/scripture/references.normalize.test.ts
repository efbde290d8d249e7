import { describe, expect, it } from 'vitest';
import { normalizeReferenceText } from './references.normalize.ts';

describe('normalizeReferenceText', () => {
  it('folds full-width digits and punctuation and every dash', () => {
    expect(normalizeReferenceText('约３：１６－１８，２０').text).toBe('约3:16-18,20');
    expect(normalizeReferenceText('8:28–39 8:28—39 8:28‒39 8:28﹣39 8:28～39').text).toBe(
      '8:28-39 8:28-39 8:28-39 8:28-39 8:28-39',
    );
  });

  it('maps spans back to the original text when NFKC changes its length', () => {
    const original = 'ﬁne Ｒｏｍ ８：２８';
    const normalized = normalizeReferenceText(original);
    expect(normalized.text).toBe('fine Rom 8:28');
    const start = normalized.text.indexOf('Rom');
    expect(normalized.toOriginal(start, normalized.text.length)).toEqual([4, original.length]);
    expect(normalized.toOriginal(0, 1)).toEqual([0, 1]);
  });

  it('keeps combining marks with their letter', () => {
    const original = 'Ge\u0301nesis 1:1';
    const normalized = normalizeReferenceText(original);
    expect(normalized.text).toBe('Génesis 1:1');
    expect(normalized.toOriginal(0, normalized.text.length)).toEqual([0, original.length]);
  });
});
