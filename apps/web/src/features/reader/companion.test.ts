import type { TranslationChoice } from '@bible-qa/contract';
import { describe, expect, it } from 'vitest';
import { companionOf } from './companion.ts';

const choice = (id: string, language: string): TranslationChoice => ({
  id,
  name: id,
  abbr: id,
  language,
  tradition: 'protestant',
});
const CUV = choice('cuv-hans', 'zh-Hans');
const CUV_HANT = choice('cuv-hant', 'zh-Hant');
const WENLI = choice('cuv-wenli', 'zh-Hant');
const WEB = choice('webbe', 'en');
const KJV = choice('kjv', 'en');
const RV = choice('rv1909', 'es');
const DARBY = choice('darby-fr', 'fr');

describe('the parallel view opens a genuinely different text', () => {
  it('beside the simplified Union Version: English, not the same text in traditional characters', () => {
    expect(companionOf([CUV, CUV_HANT, WENLI, WEB, KJV], 'cuv-hans')?.id).toBe('webbe');
    expect(companionOf([CUV_HANT, CUV, KJV], 'cuv-hant')?.id).toBe('kjv');
  });

  it('beside a Spanish or French text: English', () => {
    expect(companionOf([RV, DARBY, KJV], 'rv1909')?.id).toBe('kjv');
    expect(companionOf([DARBY, CUV, WEB], 'darby-fr')?.id).toBe('webbe');
  });

  it('beside an English text: another English translation', () => {
    expect(companionOf([WEB, CUV, KJV], 'webbe')?.id).toBe('kjv');
  });

  it('with no English: another language, then any other text', () => {
    expect(companionOf([CUV, CUV_HANT, RV], 'cuv-hans')?.id).toBe('rv1909');
    expect(companionOf([CUV, CUV_HANT, WENLI], 'cuv-hans')?.id).toBe('cuv-wenli');
    // Only the same text in the other script: better than nothing.
    expect(companionOf([CUV, CUV_HANT], 'cuv-hans')?.id).toBe('cuv-hant');
    expect(companionOf([CUV], 'cuv-hans')).toBeUndefined();
  });
});
