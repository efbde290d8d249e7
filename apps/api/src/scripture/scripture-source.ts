import type { Passage, Translation } from '@bible-qa/contract';
import type { createReferenceFormatter } from './references.format.ts';
import type { ReferenceParser } from './references.parser.ts';
import type { BibleReference, BookRecord } from './references.types.ts';
import type { ReaderContext } from './reader.ts';

/**
 * What the answer engine reads scripture through: the current corpus version's parser and formatter, and passages
 * in the reader's translation. The Bible service provides it; the engine depends on this shape, not on the feature.
 */
export interface ScriptureSource {
  tools(): Promise<{
    parser: ReferenceParser;
    format: ReturnType<typeof createReferenceFormatter>;
    translations: ReadonlyMap<string, Translation>;
    books: ReadonlyMap<string, BookRecord>;
  }>;
  /** A parsed reference's passage in the reader's translation, or undefined when it has no such verses. */
  passageFor(ref: BibleReference, reader: ReaderContext, translation?: string): Promise<Passage | undefined>;
  /** The translation a reader sees for a book (their tradition's text in their language). */
  translationFor(reader: ReaderContext, book?: string, requested?: string): Promise<Translation>;
}
