import type { ReaderContext } from '../scripture/reader.ts';
import type { BibleReference } from '../scripture/references.types.ts';
import type { ScriptureSource } from '../scripture/scripture-source.ts';
import type { FoundPassage, VerseSource } from './citation-verifier.ts';

type Passage = NonNullable<Awaited<ReturnType<ScriptureSource['passageFor']>>>;

function found(passage: Passage | undefined): FoundPassage | undefined {
  return (
    passage && {
      label: passage.title,
      text: passage.verses.map((v) => v.text).join(' '),
      reference: passage.reference,
      translation: passage.translation.id,
      language: passage.translation.language,
    }
  );
}

/**
 * The verifier's view of the corpus: a passage in the reader's translation for its book (their tradition's text
 * for that testament), and in the corpus's other translations, the reader's language first. The other
 * translations are read only when the reader's has no such verse or a quotation does not match it.
 */
export function corpusVerseSource(bible: ScriptureSource, reader: ReaderContext): VerseSource {
  return {
    lookup: async (ref: BibleReference) => found(await bible.passageFor(ref, reader)),
    async elsewhere(ref: BibleReference) {
      const own = (await bible.passageFor(ref, reader))?.translation.id;
      const { translations } = await bible.tools();
      const others = [...translations.values()]
        .filter((t) => t.id !== own)
        .sort((a, b) => Number(b.language === reader.language) - Number(a.language === reader.language));
      const passages = await Promise.all(others.map((t) => bible.passageFor(ref, reader, t.id)));
      return passages.map(found).filter((p): p is FoundPassage => Boolean(p));
    },
  };
}
