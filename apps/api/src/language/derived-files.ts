// Where the retriever's data files derived from the corpus live (retrieval/build-derived-data.ts writes them). In the
// compiled bundle every module is the bundle's folder, where scripts/build-api.ts copies them, so paths are built
// from this module's folder, never from a subfolder's.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const DERIVED_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'derived');

export const CHINESE_NAMES_FILE = path.join(DERIVED_DIR, 'names-zh.json');

/** Real words the care reading must not mend into a word of its lists (scripts/build-care-words.ts). */
export const CARE_KNOWN_WORDS_FILE = path.join(DERIVED_DIR, 'care-known-words.txt');

export interface ChineseNamesFile {
  source: string;
  /** The Union Version's spelling of a name (Simplified) → the English names it spells (犹大: judah, judas). */
  names: Record<string, string[]>;
  /** Words of the Union Version jieba's dictionary lacks (罗得, 会幕, 基路伯), kept whole like the names. */
  words: string[];
}
