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

  it("gives the English name of a person the Union Version spells, whole though jieba's dictionary would cut it", () => {
    expect(keywords('谁杀了歌利亚？', 'zh-Hans')?.split(' ')).toContain('goliath');
    expect(keywords('烏利亞的妻子是誰？', 'zh-Hant')?.split(' ')).toContain('uriah');
    expect(keywords('押沙龙是怎么死的？', 'zh-Hans')?.split(' ')).toContain('absalom');
    // One spelling, two people: 犹大 is Judah and Judas.
    expect(keywords('谁取代了犹大作使徒？', 'zh-Hans')?.split(' ')).toEqual(expect.arrayContaining(['judah', 'judas']));
  });

  it('tells a word whose accents set it apart from the word it folds to (oró, amó, Moïse)', () => {
    // oró (prayed) and oro (gold), amó (loved) and amo (master): the glossary keys the stressed words apart.
    const prayed = keywords('¿Dónde oró Jesús antes de ser arrestado?', 'es')?.split(' ');
    expect(prayed).toContain('pray');
    expect(prayed).not.toContain('gold');
    const loved = keywords('¿A quién amó Jacob más que a Lea?', 'es')?.split(' ');
    expect(loved).toContain('love');
    expect(loved).not.toContain('master');
    // Moïse (Moses) and mois (month): a French word with a diaeresis is keyed apart too.
    const moses = keywords('Qui a trouvé Moïse dans le fleuve ?', 'fr')?.split(' ');
    expect(moses).toContain('moses');
    expect(moses).not.toContain('month');
    // Typed without its accents, a word reads both senses.
    expect(keywords('Combien de mois ?', 'fr')?.split(' ')).toEqual(expect.arrayContaining(['month', 'moses']));
    expect(keywords('¿Donde oro Jesus?', 'es')?.split(' ')).toEqual(expect.arrayContaining(['gold', 'pray']));
    expect(keywords('¿De qué era el becerro de oro?', 'es')?.split(' ')).toContain('gold');
    expect(keywords('¿Qué pasó en el río Jordán?', 'es')?.split(' ')).toContain('river');
    // Not a marked word the text writes rarely beside it: the roï of Lakhaï-roï (three verses) is not what "roi" means.
    expect(keywords('Qui fut le premier roi d’Israël ?', 'fr')?.split(' ')).not.toContain('lahai');
  });

  it('translates book names, which old translations may spell differently (Rut, Ruth)', () => {
    expect(keywords('¿Quién fue Rut?', 'es')?.split(' ')).toContain('Ruth');
  });

  it('leaves out the words of place that only say where in a Chinese question (上面, 里面)', () => {
    // The learned glossary reads 上面 as "thereon set" and 下面 as "son history chief".
    expect(keywords('十诫是写在什么上面的？', 'zh-Hans')?.split(' ')).toEqual(['written']);
    expect(keywords('约拿在鱼的肚子里面几天？', 'zh-Hans')?.split(' ')).not.toContain('remain');
  });

  it('answers undefined for English questions and questions of stop words only', () => {
    expect(keywords('What is forgiveness?', 'en')).toBeUndefined();
    expect(keywords('¿Qué es?', 'es')).toBeUndefined();
  });
});
