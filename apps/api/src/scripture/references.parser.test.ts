import { describe, expect, it } from 'vitest';
import { AppError } from '../http/app-error.ts';
import { TEST_BOOKS } from './fixtures/books.fixture.ts';
import { toNotation } from './fixtures/reference-notation.ts';
import { TEST_VERSE_COUNTS } from './fixtures/verse-counts.fixture.ts';
import { createReferenceParser, type ParseOptions } from './references.parser.ts';

const parser = createReferenceParser(TEST_BOOKS, { verseCounts: TEST_VERSE_COUNTS });
const parse = (text: string, options?: ParseOptions) => parser.parse(text, options).map(toNotation);

describe('createReferenceParser().parse', () => {
  it.each([
    // Chinese: full names, both scripts, chapter/verse forms
    ['约翰福音3:16', ['JHN.3.16']],
    ['約翰福音 3章16節', ['JHN.3.16']],
    ['约翰福音 3章16节', ['JHN.3.16']],
    ['约翰福音第3章16节', ['JHN.3.16']],
    ['約翰福音三章十六節', ['JHN.3.16']],
    ['约翰福音３：１６', ['JHN.3.16']],
    ['约翰福音3:16-18', ['JHN.3.16-18']],
    ['约翰福音3:16-4:2', ['JHN.3.16-4.2']],
    ['约翰福音3章16节-4章2节', ['JHN.3.16-4.2']],
    ['诗篇23篇', ['PSA.23']],
    ['诗篇第23篇', ['PSA.23']],
    ['詩篇 23', ['PSA.23']],
    ['创世记1-3章', ['GEN.1-3']],
    // Catholic names and Chinese abbreviations
    ['若望福音3:16', ['JHN.3.16']],
    ['约3:16', ['JHN.3.16']],
    ['約3:16', ['JHN.3.16']],
    ['罗8:28', ['ROM.8.28']],
    ['若一4:8', ['1JN.4.8']],
    ['格前13:4-7', ['1CO.13.4-7']],
    ['咏23:1', ['PSA.23.1']],
    ['詠23:1', ['PSA.23.1']],
    ['约翰一书4:8', ['1JN.4.8']],
    ['约一4:8', ['1JN.4.8']],
    // older printings' formal numerals, and the colons of Chinese typesetting
    ['约翰壹书4:8', ['1JN.4.8']],
    ['约壹4:8', ['1JN.4.8']],
    ['約參1:2', ['3JN.1.2']],
    ['约翰福音3∶16', ['JHN.3.16']],
    ['約翰福音3︰16', ['JHN.3.16']],
    ['诗篇第一百一十九篇105节', ['PSA.119.105']],
    ['艾斯德尔传（希腊文）1:1', ['ESG.1.1']],
    // Lists, full-width punctuation
    ['约3:16，17', ['JHN.3.16', 'JHN.3.17']],
    ['约3:16、18', ['JHN.3.16', 'JHN.3.18']],
    ['罗马书8:28；9:1', ['ROM.8.28', 'ROM.9.1']],
    ['犹大书5', ['JUD.1.5']],
    // a full-width colon that ends the clause after a range ("这段经文在…13:1-13：")
    ['这段经文在哥林多前书 13:1-13：', ['1CO.13.1-13']],
    ['這段經文在路加福音 10:25-37：', ['LUK.10.25-37']],
    // Latin script through the npm parser
    ['John 3:16', ['JHN.3.16']],
    ['Juan 3:16', ['JHN.3.16']],
    ['San Juan 3:16', ['JHN.3.16']],
    ['Jean 3.16', ['JHN.3.16']],
    ['Jean 3:16', ['JHN.3.16']],
    ['Jn 3:16-18', ['JHN.3.16-18']],
    ['Rom 8:28-39', ['ROM.8.28-39']],
    ['Rom 8:28–39', ['ROM.8.28-39']],
    ['Rom 8:28—39', ['ROM.8.28-39']],
    ['Rom 8:28‒39', ['ROM.8.28-39']],
    ['Rom 8:28﹣39', ['ROM.8.28-39']],
    ['Rom 8:28－39', ['ROM.8.28-39']],
    ['Rom 8:28, 31; 9:1', ['ROM.8.28', 'ROM.8.31', 'ROM.9.1']],
    ['Ｊｏｈｎ　３：１６', ['JHN.3.16']],
    ['Wisdom 3:1', ['WIS.3.1']],
    ['Sirach 1:1', ['SIR.1.1']],
    ['Sabiduría 3:1', ['WIS.3.1']],
    ['Siracide 1.1', ['SIR.1.1']],
    ['Tobías 3:1', ['TOB.3.1']],
    ['Psalm 23', ['PSA.23']],
    ['Ps 51:1-19', ['PSA.51.1-19']],
    ['John 3:16-4:2', ['JHN.3.16-4.2']],
    ['John 3:16ff', ['JHN.3.16-3ff']],
    ['Psalm 151:1', ['PS2.1.1']],
    ['诗篇151篇', ['PS2.1']],
  ])('reads %s', (text, expected) => {
    expect(parse(text)).toEqual(expected);
  });

  it('reads the French comma convention when told the text is French', () => {
    expect(parse('Jean 3,16', { language: 'fr' })).toEqual(['JHN.3.16']);
    expect(parse('Rom 8,28.31; 9,1', { language: 'fr' })).toEqual(['ROM.8.28', 'ROM.8.31', 'ROM.9.1']);
  });

  it('reads a list of books as no reference, in French as in English', () => {
    const list = 'Ces passages viennent de 1 Samuel, Exode, 2 Chroniques, 2 Samuel ; touchez-en un.';
    expect(parser.findAll(list, { language: 'fr' })).toEqual([]);
    expect(parser.findAll('De 1 Samuel, 2 Rois et Exode.', { language: 'fr' })).toEqual([]);
    // A reference beside the list is still read.
    expect(parse('Exode, 2 Rois 3,16', { language: 'fr' })).toEqual(['2KI.3.16']);
  });

  it('reads ambiguous Chinese abbreviations the Catholic way for Catholic readers', () => {
    expect(parse('多3:5')).toEqual(['TIT.3.5']);
    expect(parse('多3:5', { tradition: 'catholic' })).toEqual(['TOB.3.5']);
    expect(parse('玛1:1')).toEqual(['MAL.1.1']);
    expect(parse('玛1:1', { tradition: 'catholic' })).toEqual(['MAT.1.1']);
    expect(parse('若望福音3:16', { tradition: 'catholic' })).toEqual(['JHN.3.16']);
  });

  it('checks chapters against the scheme: Daniel 13 exists only with the Greek additions', () => {
    expect(parse('Daniel 13:1', { scheme: 'vulgate' })).toEqual(['DAN.13.1']);
    expect(() => parse('Daniel 13:1')).toThrowError(/verse_out_of_range/);
  });

  it.each([
    ['Hezekiah 3:1', 'unknown_book', ['Hezekiah']],
    ['希西家书3:1', 'unknown_book', ['希西家书']],
    ['John 99:1', 'verse_out_of_range', ['John 99:1']],
    ['John 3:99', 'verse_out_of_range', ['John 3:99']],
    ['John 3:0', 'verse_out_of_range', ['John 3:0']],
    ['约翰福音3:16-99', 'verse_out_of_range', ['约翰福音3:16-99']],
    ['约翰福音3:18-16', 'verse_out_of_range', ['约翰福音3:18-16']],
    ['Rom 8:28; 9:99', 'verse_out_of_range', ['9:99']],
    ['what is love?', 'reference_unparsable', ['what is love?']],
    ['', 'reference_unparsable', ['']],
  ])('rejects %s with %s', (text, name, args) => {
    let caught: unknown;
    try {
      parser.parse(text);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(AppError);
    expect(caught).toMatchObject({ errorName: name, args });
  });

  it('checks a reference on its own', () => {
    expect(parser.problemOf({ book: 'JHN', chapter: 3, verse: 16 })).toBeUndefined();
    expect(parser.problemOf({ book: 'XYZ', chapter: 1 })).toBe('unknown_book');
    expect(parser.problemOf({ book: 'PSA', chapter: 22, verse: 7 }, 'vulgate')).toBe('verse_out_of_range');
  });
});

describe('createReferenceParser().findAll', () => {
  it('finds references in running Chinese text with their offsets', () => {
    const text = '请读约翰福音3:16和罗马书8:28，再看诗篇23篇。';
    const found = parser.findAll(text);
    expect(found.map((m) => [toNotation(m.reference), m.text])).toEqual([
      ['JHN.3.16', '约翰福音3:16'],
      ['ROM.8.28', '罗马书8:28'],
      ['PSA.23', '诗篇23篇'],
    ]);
    for (const m of found) expect(text.slice(m.start, m.end)).toBe(m.text);
  });

  it('gives offsets into the original text when NFKC changes it', () => {
    const text = '見約翰福音３：１６－１８節。';
    const [match] = parser.findAll(text);
    expect(match && toNotation(match.reference)).toBe('JHN.3.16-18');
    expect(match?.text).toBe('約翰福音３：１６－１８節');
    expect(match?.start).toBe(1);
  });

  it('gives each item of a list its own span', () => {
    const text = 'See Rom 8:28, 31; 9:1 and 约3:16，17.';
    expect(parser.findAll(text).map((m) => [toNotation(m.reference), m.text])).toEqual([
      ['ROM.8.28', 'Rom 8:28'],
      ['ROM.8.31', '31'],
      ['ROM.9.1', '9:1'],
      ['JHN.3.16', '约3:16'],
      ['JHN.3.17', '17'],
    ]);
  });

  it('finds Spanish and French references in sentences', () => {
    const es = parser.findAll('Lee Juan 3:16 y Romanos 8:28.', { language: 'es' });
    expect(es.map((m) => m.text)).toEqual(['Juan 3:16', 'Romanos 8:28']);
    const fr = parser.findAll('Lisez Jean 3.16 et Romains 8.28.', { language: 'fr' });
    expect(fr.map((m) => toNotation(m.reference))).toEqual(['JHN.3.16', 'ROM.8.28']);
  });

  it('reads references between long quoted verses at their own offsets, with book names of several words whole', () => {
    const verse =
      '« Car Dieu a tant aimé le monde qu’il a donné son Fils unique, afin que quiconque croit en lui ne périsse point. »';
    const text = `${verse} (Jean 3.16)\n- ${verse} (1 Corinthiens 13.4, 7 ; Cantique des cantiques 2.1)\n${verse.repeat(3)} 1 Rois 17.4`;
    const found = parser.findAll(text, { language: 'fr' });
    expect(found.map((m) => [toNotation(m.reference), m.text])).toEqual([
      ['JHN.3.16', 'Jean 3.16'],
      ['1CO.13.4', '1 Corinthiens 13.4'],
      ['1CO.13.7', '7'],
      ['SNG.2.1', 'Cantique des cantiques 2.1'],
      ['1KI.17.4', '1 Rois 17.4'],
    ]);
    for (const m of found) expect(text.slice(m.start, m.end)).toBe(m.text);
  });

  it('does not read a one-character abbreviation glued to another word', () => {
    expect(parser.findAll('他的家书3:1写道')).toEqual([]);
    expect(parser.findAll('参见书3:1')).toHaveLength(1);
  });

  it('does not take an abbreviation without a chapter marker, or a year, for a reference', () => {
    expect(parser.findAll('大约3个人')).toEqual([]);
    expect(parser.findAll('约3:16, 2023年').map((m) => toNotation(m.reference))).toEqual(['JHN.3.16']);
  });

  it('never throws, whatever the text', () => {
    for (const text of [
      '',
      '3:16',
      ':::',
      '约',
      'John',
      '第章节',
      '诗篇第',
      'Rom 8:',
      '\u0301\u0301',
      '𠀀'.repeat(5),
    ]) {
      expect(() => parser.findAll(text)).not.toThrow();
    }
  });
});
