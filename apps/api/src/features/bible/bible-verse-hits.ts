import type { Passage } from '@bible-qa/contract';
import type { CorpusRepository } from '../../corpus/corpus.repository.ts';
import type { PassageIndex } from '../../retrieval/passage-index.ts';
import { highlight } from '../../retrieval/highlight.ts';
import { analyzeQuery } from '../../language/text-analysis.ts';
import { corpusEntryRefs, createVerseRetriever, type VerseRetriever } from '../../retrieval/verse-retriever.ts';
import type { ReaderContext } from '../../scripture/reader.ts';
import type { ReferenceParser } from '../../scripture/references.parser.ts';
import type { BibleReference, VersificationScheme } from '../../scripture/references.types.ts';
import { parseUsfm } from '../../scripture/usfm.ts';

/** A corpus version as the search reads it. */
interface Version {
  versionId: number;
  index: PassageIndex;
  parser: ReferenceParser;
}

/** Reads a passage in the reader's (or a named) translation, in the numbering it is given in. */
type ReadPassage = (
  ref: BibleReference,
  translation: string | undefined,
  scheme: VersificationScheme,
) => Promise<Passage>;

/**
 * Verse search: each verse once, in the reader's translation (a book it lacks from a text that has it), ranked as
 * the answer engine ranks them (its own retriever per corpus version: what search finds is what an answer would
 * cite); the words of the query are marked.
 */
export function createVerseHits({ corpusData }: { corpusData: CorpusRepository }) {
  const retrievers = new Map<number, VerseRetriever>();
  function retrieverOf(version: Version): VerseRetriever {
    let retriever = retrievers.get(version.versionId);
    if (!retriever) {
      // The newest two: the version in use and the one being warmed before the switch.
      for (const id of [...retrievers.keys()].sort((a, b) => a - b).slice(0, -1)) retrievers.delete(id);
      retriever = createVerseRetriever({
        index: version.index,
        parser: version.parser,
        entryRefs: corpusEntryRefs(corpusData, version.versionId),
      });
      retrievers.set(version.versionId, retriever);
    }
    return retriever;
  }

  async function verseHits(
    version: Version,
    read: ReadPassage,
    q: string,
    reader: ReaderContext,
    limit: number,
    translation?: string,
  ) {
    const { verses } = await retrieverOf(version).retrieve(q, {
      language: reader.language,
      tradition: reader.tradition,
      ...(translation ? { translation } : {}),
      limit,
    });
    const terms = analyzeQuery(q, { lang: reader.language, stems: true });
    const found = await Promise.all(
      verses.map(async (v) => {
        const ref = parseUsfm(v.ref);
        if (!ref) return undefined;
        const scheme = v.numbering === 'vulgate' ? 'vulgate' : 'kjv';
        const asked = v.numbering === 'vulgate' ? 'cpdv' : translation;
        const p = await read(ref, asked, scheme).catch(() => read(ref, 'cpdv', scheme).catch(() => undefined));
        if (!p) return undefined;
        const text = p.verses.map((x) => x.text).join(' ');
        return {
          id: `${p.translation.id}:${v.ref}`,
          kind: 'verse' as const,
          lang: p.translation.language,
          translation: p.translation.id,
          collection: null,
          ref: v.ref,
          title: p.title,
          text,
          highlight: highlight(text, terms, undefined, p.translation.language),
          score: v.score,
        };
      }),
    );
    return found.filter((h) => h !== undefined);
  }

  return Object.assign(verseHits, {
    /** Builds a version's retriever before it takes requests. */
    prepare: (version: Version) => void retrieverOf(version),
  });
}
