import { describe, expect, it } from 'vitest';
import { TEST_BOOKS } from '../scripture/fixtures/books.fixture.ts';
import { createEnglishKeywords } from './cross-lingual.ts';

describe('createEnglishKeywords', () => {
  const keywords = createEnglishKeywords(TEST_BOOKS);

  it('translates the content words of Chinese, Spanish and French questions with the learned glossaries', () => {
    expect(keywords('圣经怎么说饶恕？', 'zh-Hans')?.split(' ')).toContain('forgive');
    expect(keywords('聖經怎麼說饒恕？', 'zh-Hant')?.split(' ')).toContain('forgive');
    expect(keywords('¿Qué dice la Biblia sobre el perdón?', 'es')?.split(' ')).toContain('forgive');
    expect(keywords('Que dit la Bible sur la prière ?', 'fr')?.split(' ')).toEqual(expect.arrayContaining(['pray']));
  });

  it('translates book names, which old translations may spell differently (Rut, Ruth)', () => {
    expect(keywords('¿Quién fue Rut?', 'es')?.split(' ')).toContain('Ruth');
  });

  it('answers undefined for English questions and questions of stop words only', () => {
    expect(keywords('What is forgiveness?', 'en')).toBeUndefined();
    expect(keywords('¿Qué es?', 'es')).toBeUndefined();
  });
});
