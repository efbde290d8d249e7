// Query-side stop words of the four analysed languages, read once from lexicon/stop-words.tsv (what they are and
// why is said there). The analyser folds them as it folds a query (language/text-analysis.ts).
import { readWordsByTag } from './word-list.ts';

export type StopWordLang = 'en' | 'es' | 'fr' | 'zh';
export const STOP_WORD_LANGS: readonly StopWordLang[] = ['en', 'es', 'fr', 'zh'];

function read(): Readonly<Record<StopWordLang, readonly string[]>> {
  const byTag = readWordsByTag('stop-words.tsv');
  const unknown = [...byTag.keys()].find((tag) => !(STOP_WORD_LANGS as readonly string[]).includes(tag));
  if (unknown) throw new Error(`stop-words.tsv: no language ${unknown}`);
  return { en: byTag.get('en') ?? [], es: byTag.get('es') ?? [], fr: byTag.get('fr') ?? [], zh: byTag.get('zh') ?? [] };
}

export const STOP_WORD_LISTS = read();
