import { describe, expect, it } from 'vitest';
import { stem, stemLang } from './stemmer.ts';

const conflated = (lang: 'en' | 'es' | 'fr', words: string) => new Set(words.split(' ').map((w) => stem(w, lang)));

describe('stem', () => {
  it('conflates English inflections, the KJV -eth included', () => {
    expect(conflated('en', 'forgive forgives forgiving forgiveth forgiven forgiveness')).toEqual(new Set(['forgiv']));
    expect(conflated('en', 'sin sins sinned sinning')).toEqual(new Set(['sin']));
    expect(conflated('en', 'enemy enemies')).toEqual(new Set(['enemi']));
    expect(conflated('en', 'faith faithful faithfulness')).toEqual(new Set(['faith']));
  });

  it('conflates Spanish and French verb and noun forms', () => {
    expect(conflated('es', 'perdon perdonad perdonar perdono perdonados perdones')).toEqual(new Set(['perdon']));
    expect(conflated('es', 'trabajo trabajar trabajad trabajos')).toEqual(new Set(['trabaj']));
    expect(conflated('fr', 'priere prieres priez prier prions prie')).toEqual(new Set(['pri']));
    expect(conflated('fr', 'pardon pardonnez pardonner pardonne pardonnera')).toEqual(new Set(['pardon']));
  });

  it('leaves short words, look-alikes and non-words alone', () => {
    expect(['is', 'was', 'his', 'us', 'jesus', 'bless'].map((w) => stem(w, 'en'))).toEqual([
      'is',
      'was',
      'his',
      'us',
      'jesus',
      'bless',
    ]);
    expect([stem('foi', 'fr'), stem('fois', 'fr'), stem('roi', 'fr'), stem('rois', 'fr')]).toEqual([
      'foi',
      'fois',
      'roi',
      'rois',
    ]);
    expect(stem('fe', 'es')).toBe('fe');
    expect(stem('3', 'en')).toBe('3');
    expect(stem('αγαπη', 'en')).toBe('αγαπη');
  });
});

describe('stemLang', () => {
  it('maps BCP 47 tags of the stemmed languages, and nothing else', () => {
    expect([stemLang('en'), stemLang('es-ES'), stemLang('FR'), stemLang('zh-Hans'), stemLang(undefined)]).toEqual([
      'en',
      'es',
      'fr',
      undefined,
      undefined,
    ]);
  });
});
