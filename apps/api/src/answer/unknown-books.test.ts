// The two lists the unknown-book finder reads, held to their lines: every example of not-book-names.tsv is read as
// no book, and every name of book-aliases.tsv is read by the reference parser as the book it names.
import { describe, expect, it } from 'vitest';
import { dataLines } from '../language/lexicon.ts';
import { TEST_BOOKS } from '../scripture/fixtures/books.fixture.ts';
import { createReferenceParser } from '../scripture/references.parser.ts';
import { bookAliases } from '../scripture/references.latin.ts';
import type { BibleLanguage } from '../scripture/references.types.ts';
import { createUnknownBookFinder } from './unknown-books.ts';

const parser = createReferenceParser(TEST_BOOKS);
const findUnknownBooks = createUnknownBookFinder(parser.catalogue);

describe('the unknown-book finder', () => {
  it('marks a name no Bible has before a chapter and verse, in each Latin language', () => {
    expect(findUnknownBooks('See Hezekiah 3:16, Ezequías 3,16 and 2 Hezekiah 1:2.').map((u) => u.text)).toEqual([
      'Hezekiah 3:16',
      'Ezequías 3,16',
      '2 Hezekiah 1:2',
    ]);
    // A chapter alone, lower case, or Chinese is not read.
    expect(findUnknownBooks('Hezekiah 3, the hezekiah 3:16, 希西家书3:16')).toEqual([]);
    // Nor a thousand, a name before a period, or a real book misspelt or cut, as the reference works print them.
    const printed = 'the Assyrians 185,000 men; history of Adam. 37:2; Phle 1:24; Exek 25:8; Nehe 12:2; Sam 21:16';
    expect(findUnknownBooks(printed)).toEqual([]);
  });

  it.each(dataLines('not-book-names.tsv').map(({ line, cells }) => [line, cells[2] ?? '']))(
    'reads the example of not-book-names.tsv line %i as no book: %s',
    (_line, example) => {
      expect(example).not.toBe('');
      expect(findUnknownBooks(example)).toEqual([]);
    },
  );

  it.each(
    bookAliases()
      .filter((a) => parser.catalogue.get(a.book))
      .map((a) => [a.language, a.name, a.book]),
  )('reads the %s alias %s as %s', (language, name, book) => {
    const [found] = parser.findAll(`${name} 1:1`, { language: language as BibleLanguage });
    expect(found?.reference.book).toBe(book);
    expect(findUnknownBooks(`${name} 1:1`)).toEqual([]);
  });
});
