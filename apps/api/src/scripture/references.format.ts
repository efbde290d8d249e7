import type { BookCatalogue } from './book-names.ts';
import type { BibleLanguage, BibleReference, Tradition } from './references.types.ts';

/** "From this verse to the end of the chapter" (John 3:16ff). */
const ONWARDS: Record<BibleLanguage, string> = { en: 'ff', es: 'ss', fr: 'ss', 'zh-Hans': '起', 'zh-Hant': '起' };

export interface FormatOptions {
  locale: BibleLanguage;
  tradition: Tradition;
}

/**
 * A reference as readers write it, with the book name from books.json: '约翰福音 3:16', '若望福音 3:16' (Catholic
 * Chinese), 'John 3:16-18', 'Jean 3:16', 'Genesis 1:1-2:3', 'Psalm 23', '诗篇 23篇', '创世记 1-3章'.
 */
export function createReferenceFormatter(catalogue: BookCatalogue) {
  return function formatReference(ref: BibleReference, options: FormatOptions): string {
    return format(catalogue, ref, options);
  };
}

function format(catalogue: BookCatalogue, ref: BibleReference, options: FormatOptions): string {
  const chinese = options.locale === 'zh-Hans' || options.locale === 'zh-Hant';
  // Psalm 151 is a book of its own in books.json, but readers cite it as a psalm.
  const shown = ref.book === 'PS2' ? { ...ref, book: 'PSA', chapter: 151, endChapter: undefined } : ref;
  const name = bookName(catalogue, shown, options);
  if (shown.verse === undefined) {
    const chapters = shown.endChapter === undefined ? `${shown.chapter}` : `${shown.chapter}-${shown.endChapter}`;
    if (!chinese) return `${name} ${chapters}`;
    return `${name} ${chapters}${shown.book === 'PSA' ? '篇' : '章'}`;
  }
  let text = `${name} ${shown.chapter}:${shown.verse}`;
  if (shown.endChapter !== undefined && shown.endVerse !== undefined) text += `-${shown.endChapter}:${shown.endVerse}`;
  else if (shown.endChapter === shown.chapter) text += ONWARDS[options.locale];
  else if (shown.endChapter !== undefined) text += chinese ? `-${shown.endChapter}章` : `-${shown.endChapter}`;
  else if (shown.endVerse !== undefined) text += `-${shown.endVerse}`;
  return text;
}

/** English cites a single psalm in the singular ("Psalm 23"), and the book in the plural for a run of psalms. */
function bookName(catalogue: BookCatalogue, ref: BibleReference, options: FormatOptions): string {
  const name = catalogue.name(ref.book, options.locale, options.tradition);
  if (ref.book === 'PSA' && options.locale === 'en' && ref.endChapter === undefined) return 'Psalm';
  return name;
}
