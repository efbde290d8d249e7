// How every reader's text is folded before a word list is matched against it: one place, so the lists and the
// questions meet in the same form. Chinese is read in Simplified (OpenCC's 'tw' table is a superset of the standard
// Traditional forms, so Hong Kong and Taiwan text folds too); Latin-script text in lower case without accents.
import { Converter } from 'opencc-js';

export const HAN_RUN = /\p{Script=Han}+/gu;
const toSimplified = Converter({ from: 'tw', to: 'cn' });

export function foldToSimplified(run: string): string {
  return toSimplified(run);
}

/** NFKC, lower case, Han text in Simplified: the form questions are read in. */
export function normalise(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(HAN_RUN, (run) => foldToSimplified(run));
}

/**
 * The form word lists are matched in: `normalise`, then accents taken off Latin letters (désespéré → desespere,
 * "ya no quiero" written without its accents still reads), typographic apostrophes made plain, and a letter held
 * for emphasis ("soooo tired", "diiie") written once.
 */
export function foldForLexicon(text: string): string {
  return normalise(text)
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .normalize('NFC')
    .replace(/[’‘`´]/gu, "'")
    .replace(/(\p{Script=Latin})\1{2,}/gu, '$1');
}
