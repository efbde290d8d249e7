import { describe, expect, it } from 'vitest';
import { TEST_BOOKS } from '../scripture/fixtures/books.fixture.ts';
import { createReferenceParser } from '../scripture/references.parser.ts';
import { createVerseCountTable } from '../scripture/verse-counts.ts';
import { factNotes } from './fact-notes.ts';

const parser = createReferenceParser(TEST_BOOKS, {
  verseCounts: createVerseCountTable([
    { scheme: 'kjv', book: 'GEN', chapter: 8, verses: 22 },
    { scheme: 'kjv', book: 'GEN', chapter: 9, verses: 29 },
    { scheme: 'kjv', book: 'EXO', chapter: 6, verses: 30 },
    { scheme: 'kjv', book: 'JDG', chapter: 4, verses: 24 },
    { scheme: 'kjv', book: 'JDG', chapter: 5, verses: 31 },
    { scheme: 'kjv', book: '2KI', chapter: 19, verses: 37 },
    { scheme: 'kjv', book: 'ISA', chapter: 37, verses: 38 },
    { scheme: 'kjv', book: '1SA', chapter: 31, verses: 13 },
  ]),
});

describe('factNotes', () => {
  it('cuts a dictionary article into the words before each citation, with the verses that citation names', () => {
    const notes = factNotes(
      {
        collection: 'eastons-dictionary',
        text:
          'Sacred land, the name of a country on one of the mountains of which the ark rested after the Flood subsided ' +
          '(Gen. 8:4). In 2 Kings 19:37, Isa. 37:38, the word is rendered “Armenia.” It is very high.',
      },
      parser,
    );
    expect(notes).toEqual([
      {
        text: 'Sacred land, the name of a country on one of the mountains of which the ark rested after the Flood subsided',
        refs: ['GEN.8.4'],
      },
      // Citations separated only by punctuation are one group; one that opens its sentence is explained after it.
      { text: 'the word is rendered “Armenia.”', refs: ['2KI.19.37', 'ISA.37.38'] },
    ]);
  });

  it('keeps ranges and reads each line of a topical entry on its own, its heading line left out', () => {
    const notes = factNotes(
      { collection: 'naves-topical', text: 'Aaron\n-Marriage of EXO 6:23\n-Killed Sisera JDG 4:17-22; 5:27' },
      parser,
    );
    expect(notes).toEqual([
      { text: 'Marriage of', refs: ['EXO.6.23'] },
      { text: 'Killed Sisera', refs: ['JDG.4.17-JDG.4.22', 'JDG.5.27'] },
    ]);
  });

  it('keeps only the last words of a long run-up, and leaves out references the corpus cannot hold', () => {
    const long = `${Array.from({ length: 100 }, (_, i) => `w${i}`).join(' ')} (Gen. 9:13) and (Gen. 9:99).`;
    const [note, ...rest] = factNotes({ collection: 'smiths-dictionary', text: long }, parser);
    expect(note?.refs).toEqual(['GEN.9.13']);
    expect(note?.text.split(' ')[0]).toBe('w40');
    expect(note?.text.split(' ').at(-1)).toBe('w99');
    expect(rest).toEqual([]);
  });

  it('makes no notes of the works that cite without stating facts (the lexicons, the creeds)', () => {
    for (const collection of ['strongs-greek', 'creeds-confessions']) {
      expect(factNotes({ collection, text: 'The ark rested (Gen. 8:4).' }, parser)).toEqual([]);
    }
  });

  it("reads the commentary's citations of the chapters it comments on, and leaves its sermon's other citations out", () => {
    const entry = {
      collection: 'matthew-henry-complete',
      refs: ['1SA.31.1-1SA.31.13', 'GEN.9.13'],
      text:
        'Here is, I. His army routed, 1 Sam. 31:1. II. Himself wounded (1 Sam. 31:3), and slain by his own hand, ' +
        '1 Sam. 31:4. So the bow in the cloud (Gen. 9:13) was a token. His body exposed, 1 Sam. 31:9, 10.',
    };
    expect(factNotes(entry, parser)).toEqual([
      { text: 'Here is, I. His army routed', refs: ['1SA.31.1'] },
      { text: 'II. Himself wounded', refs: ['1SA.31.3'] },
      { text: 'and slain by his own hand', refs: ['1SA.31.4'] },
      // The words after Genesis 9:13 run on to the next kept citation; Genesis itself is no note.
      { text: 'So the bow in the cloud (Gen. 9:13) was a token. His body exposed', refs: ['1SA.31.9', '1SA.31.10'] },
    ]);
    // Without the passage it comments on, a commentary entry gives no notes.
    expect(factNotes({ ...entry, refs: [] }, parser)).toEqual([]);
  });
});
