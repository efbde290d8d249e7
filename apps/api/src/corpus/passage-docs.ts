import path from 'node:path';
import type { PassageDoc } from '../retrieval/passage-index.ts';
import type { ReferenceParser } from '../scripture/references.parser.ts';
import { splitIntoPassages } from '../retrieval/passage-splitter.ts';
import { canonsOf } from '../scripture/canon.ts';
import type { VerseRenumbering } from './corpus-quirks.ts';
import { devotionalRecord, referenceRecord, verseRecord } from './corpus-records.ts';
import { readJsonl, type BadLine, type CorpusFile } from './corpus-reader.ts';
import { factNotes } from './fact-notes.ts';

/**
 * The search index's documents, from the same validated records the database got: verses, entry passages and the
 * fact notes of the reference works (their citations read with the version's parser).
 */
export async function* passageDocs(
  files: CorpusFile[],
  languages: Map<string, string>,
  testamentOf: Map<string, 'OT' | 'NT' | 'DC'>,
  quirks: { notScripture: Set<string>; renumbering: VerseRenumbering },
  parser: ReferenceParser,
  onBytes: (n: number) => void,
): AsyncGenerator<PassageDoc> {
  const ignored: BadLine[] = [];
  for (const file of files) {
    if (file.relPath.startsWith('bibles/') && file.relPath.endsWith('.jsonl')) {
      const translation = path.basename(file.relPath, '.jsonl');
      const lang = languages.get(translation);
      if (!lang) continue;
      for await (const { line: _line, ...read } of readJsonl(file, verseRecord, ignored, onBytes)) {
        const testament = testamentOf.get(read.book);
        if (!testament || quirks.notScripture.has(`${translation}:${read.book}.${read.chapter}.${read.verse}`))
          continue;
        for (const v of quirks.renumbering.rowsOf(translation, read) ?? [read]) {
          const ref = `${v.book}.${v.chapter}.${v.verse}`;
          if (v.text.trim() === '') continue;
          yield {
            id: `${translation}:${ref}`,
            kind: 'verse',
            lang,
            translation,
            ref,
            testament,
            ...(canonsOf(v.book).length < 3 ? { canons: canonsOf(v.book) } : {}),
            text: v.text,
          };
        }
      }
    } else if (file.relPath.startsWith('reference/') || file.relPath.startsWith('devotionals/')) {
      const isReference = file.relPath.startsWith('reference/');
      const entries = isReference
        ? readJsonl(file, referenceRecord, ignored, onBytes)
        : readJsonl(file, devotionalRecord, ignored, onBytes);
      for await (const entry of entries) {
        const collection = 'collection' in entry ? entry.collection : path.basename(file.relPath, '.jsonl');
        const pieces = splitIntoPassages(entry.text);
        for (const [i, text] of pieces.entries()) {
          yield {
            id: pieces.length === 1 ? entry.id : `${entry.id}#${i + 1}`,
            kind: 'entry',
            lang: entry.lang,
            collection,
            title: entry.title,
            ...(entry.refs[0] ? { ref: entry.refs[0] } : {}),
            text,
          };
        }
        if (!('collection' in entry)) continue;
        for (const [i, note] of factNotes(entry, parser).entries()) {
          yield {
            id: `${entry.id}#n${i + 1}`,
            kind: 'note',
            lang: entry.lang,
            collection,
            title: entry.title,
            refs: note.refs,
            text: note.text,
          };
        }
      }
    } else {
      onBytes(file.bytes);
    }
  }
}
