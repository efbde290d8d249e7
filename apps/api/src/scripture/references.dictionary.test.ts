import { describe, expect, it } from 'vitest';
import { TEST_BOOKS } from './fixtures/books.fixture.ts';
import { DICTIONARY_REFERENCES } from './fixtures/dictionary-references.fixture.ts';
import { toNotation } from './fixtures/reference-notation.ts';
import { createReferenceParser } from './references.parser.ts';

const parser = createReferenceParser(TEST_BOOKS);

describe('references in the corpus dictionaries', () => {
  it('has at least 50 strings from the corpus', () => {
    expect(DICTIONARY_REFERENCES.length).toBeGreaterThanOrEqual(50);
  });

  it.each(DICTIONARY_REFERENCES.map((entry) => [entry.id, entry.text, entry.refs] as const))(
    'reads the citation of %s: %s',
    (_id, text, refs) => {
      const found = parser.findAll(text, { language: 'en' });
      expect(found.map((m) => toNotation(m.reference))).toEqual(refs);
      for (const m of found) expect(text.slice(m.start, m.end)).toBe(m.text);
    },
  );
});
