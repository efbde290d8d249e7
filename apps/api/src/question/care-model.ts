// A second reader of risk beside the lists: a logistic regression over a message's words, characters and care
// concepts, fitted by `npm run fit:care` on the train part of the care evaluation (and the gold Bible questions as
// messages that are not at risk), its threshold chosen there too; the held-out part only checks it (decision 0036).
// The lists read what they were written for; the model reads the many ways people say the same thing that no list
// holds ("I feel like a ghost already", "Who exactly am I staying for?"). Either is enough: it errs toward care.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LEXICON_DIR } from '../language/lexicon.ts';

export const CARE_MODEL_FILE = path.join(LEXICON_DIR, 'care-model.json');

export interface CareModelFile {
  source: string;
  /** The weight of each feature; features not listed weigh nothing. */
  weights: Record<string, number>;
  bias: number;
  /** A message at or above this probability is read as at risk. */
  threshold: number;
  /**
   * A message at or above this lower line is read as at risk when the writer speaks of themselves (question/care-risk.ts):
   * the line at which the cross-validated model would alarm BIBLE_CONCERN of Bible questions.
   */
  concern: number;
  /** What the fit measured on the train part (cross-validated), for the record. */
  fitted: Record<string, number | string>;
}

/**
 * The features of a message already in the lists' form (folded, rewritten, idioms out): Chinese characters one, two
 * and three at a time; Latin words and pairs of words; and the care concepts found in it (`c:ending`).
 */
/** Words that turn what follows around, in the lists' folded form. */
const NEGATIONS = new Set(['not', 'never', 'no', 'pas', 'jamais', 'ne', 'nunca']);

export function careFeatures(prepared: string, concepts: Iterable<string> = []): string[] {
  const out = new Set<string>();
  for (const run of prepared.match(/\p{Script=Han}+/gu) ?? []) {
    const chars = Array.from(run);
    for (let i = 0; i < chars.length; i++) {
      out.add(`h:${chars[i]}`);
      if (i + 1 < chars.length) out.add(`h:${chars[i]}${chars[i + 1]}`);
      if (i + 2 < chars.length) out.add(`h:${chars[i]}${chars[i + 1]}${chars[i + 2]}`);
    }
  }
  for (const clause of prepared.split(/[.!?。！？;；,，\n]+/u)) {
    const words = clause.match(/[a-z0-9\u00c0-\u024f']+/g) ?? [];
    let negatedUntil = -1;
    words.forEach((word, i) => {
      // A word soon after "not" is another feature than the word ("do not want to die" is not "want to die").
      if (NEGATIONS.has(word)) negatedUntil = i + 3;
      if (i <= negatedUntil && !NEGATIONS.has(word)) out.add(`n:${word}`);
      out.add(`w:${word}`);
      // The stem of a word (its first five letters) carries across its forms: morir, morirme; tired, tiredness.
      if (word.length > 5) out.add(`p:${word.slice(0, 5)}`);
      if (i + 1 < words.length) out.add(`b:${word}_${words[i + 1]}`);
    });
  }
  for (const concept of concepts) out.add(`c:${concept}`);
  return [...out];
}

export function probability(model: Pick<CareModelFile, 'weights' | 'bias'>, features: readonly string[]): number {
  let z = model.bias;
  for (const feature of features) z += model.weights[feature] ?? 0;
  return 1 / (1 + Math.exp(-z));
}

let loaded: CareModelFile | undefined;

/** The fitted model (committed; `npm run fit:care` writes it anew). */
export function careModel(): CareModelFile {
  loaded ??= JSON.parse(readFileSync(CARE_MODEL_FILE, 'utf8')) as CareModelFile;
  return loaded;
}
