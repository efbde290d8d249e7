import { describe, expect, it } from 'vitest';
import { TEST_BOOKS } from '../scripture/fixtures/books.fixture.ts';
import { createReferenceParser } from '../scripture/references.parser.ts';
import { ENTRY_EXCERPT, entryExcerpt, withoutReferences } from './entry-excerpt.ts';

const parser = createReferenceParser(TEST_BOOKS);

describe('reference-work excerpts', () => {
  it('lose their own scripture references, so only the verses the answer quotes are citations', () => {
    const excerpt = withoutReferences(
      '"The day of salvation," 2 Cor 6:2, is now (comp. Ps 106:8; Isa 63:8). It saves.',
      parser,
    );
    expect(parser.findAll(excerpt, { language: 'en' })).toEqual([]);
    expect(excerpt).toContain('The day of salvation');
    expect(excerpt).toContain('It saves.');
  });

  it('are the start of the entry (commentary runs to tens of kilobytes), without its references', () => {
    const text = `${'word '.repeat(110)}(comp. Gen 1:1) more words that are never shown. John 3:16, past the cut`;
    const excerpt = entryExcerpt(text, parser);
    expect(excerpt).toBe(`${'word '.repeat(109)}word more words that are never shown. J`);
    expect(excerpt.length).toBeLessThan(ENTRY_EXCERPT);
  });
});
