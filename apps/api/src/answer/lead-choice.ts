// The key passage of an answer: the first passages the retriever ranks, ordered by a linear model's score of what each
// shows (its places in the rankings, the question's words and people in it, the name the reference works give as the
// answer, a number or a tie of kin stated when one is asked). The weights are `lead-weights.json`, written by
// `npm run fit:lead` from the gold set's train part (decision 0020): a new signal is a new feature here and a weight
// the script fits.
import { nameSpelledIn } from '../language/cross-lingual.ts';
import { statesKin } from '../language/kin-words.ts';
import { statesCount, statesNumber, statesLifespan } from '../language/question-shapes.ts';
import { analyzeForIndex, analyzeQuery } from '../language/text-analysis.ts';
import type { QuestionAnalysis } from '../question/analyse.ts';
import { RANKERS, type RetrievedVerse } from '../retrieval/verse-retriever.ts';
import { bookPlace, isNarrative } from '../scripture/canon.ts';
import { parseUsfm } from '../scripture/usfm.ts';
import type { AnswerContext, ContextVerse } from './answer-model.ts';
import leadWeights from './lead-weights.json' with { type: 'json' };

/** What a passage shows, one number each (0 when it shows nothing of it), by name. */
export const LEAD_FEATURES = [
  // its place among the passages (the first is the reference: 0 for all)
  'place1',
  'place2',
  'place3',
  'place4',
  'place5',
  'place6',
  'place7',
  // its fused score against the best ranked passage's
  'fused',
  // 1 / (1 + its place) in each ranking that holds it
  ...RANKERS.map((name) => `rank.${name}` as const),
  // the share of the question's search terms its text holds
  'cover',
  // the share of the people the question names that its text names
  'people',
  // it names the first (second) person the reference works' notes give as the answer
  'answer1',
  'answer2',
  // a question of number: it states a number; the count asked for; an age at death
  'number',
  'counted',
  'lifespan',
  // a question of kin: it states a tie of family
  'kin',
  // it is in a book that tells events; no passage among those offered is in an earlier book (the first telling)
  'narrative',
  'earliest',
  // how many verses it holds, and whether its text is in another language than the reader's
  'verses',
  'otherLanguage',
] as const;
export type LeadFeature = (typeof LEAD_FEATURES)[number];

/** Weights per feature, for one shape of question. */
export type LeadWeights = Partial<Record<LeadFeature, number>>;
/** One shape's model: the passages its lead is chosen among, and the weights. */
export interface LeadModel {
  depth: number;
  weights: LeadWeights;
}
export type LeadTable = Partial<Record<'fact' | 'topic', LeadModel>>;
export const LEAD_TABLE: LeadTable = leadWeights.shapes as LeadTable;
/**
 * The least confidence in the key passage at which the composer states an answer in a sentence of its own ("In short:
 * Jesse (1 Samuel 17:12)."); below it the answer shows the passage without asserting. Fitted with the weights.
 */
export const LEAD_STATE_AT: number = (leadWeights as { stateAt?: number }).stateAt ?? 0;

/** A passage offered for the lead: the verse shown, and the retriever's verse it grew from. */
export interface LeadCandidate {
  verse: ContextVerse;
  found?: RetrievedVerse;
}

type LeadQuestion = Pick<QuestionAnalysis, 'asks' | 'people' | 'language' | 'textQuery'>;

/** What the features of one question's passages are measured against, read once. */
function readerOf(analysis: LeadQuestion, named: readonly string[] | undefined) {
  const { language, people } = analysis;
  const terms = analyzeQuery(analysis.textQuery, { lang: language, keepStopWordsIfEmpty: false });
  const answers = (named ?? []).filter((n) => !people.includes(n));
  return { language, people, terms, answers };
}

/** The features of the first `depth` candidates, in LEAD_FEATURES order (scores are against the best of them all). */
export function leadFeatures(
  candidates: readonly LeadCandidate[],
  analysis: LeadQuestion,
  named: readonly string[] | undefined,
  depth = candidates.length,
): number[][] {
  const { language, people, terms, answers } = readerOf(analysis, named);
  const { asks } = analysis;
  const best = Math.max(0, ...candidates.map((c) => (c.found && c.found.score < 1 ? c.found.score : 0)));
  const offered = candidates.slice(0, depth);
  const first = Math.min(...offered.map((c) => bookPlace(c.verse.book)));
  return offered.map(({ verse, found }, i) => {
    const text = verse.text;
    const tokens = new Set(analyzeForIndex(text, language));
    const holds = (name: string | undefined) => (name && nameSpelledIn(name, text, language) ? 1 : 0);
    const ref = parseUsfm(verse.ref);
    const span = ref?.verse !== undefined ? (ref.endVerse ?? ref.verse) - ref.verse + 1 : 1;
    const f: Record<LeadFeature, number> = {
      place1: i === 1 ? 1 : 0,
      place2: i === 2 ? 1 : 0,
      place3: i === 3 ? 1 : 0,
      place4: i === 4 ? 1 : 0,
      place5: i === 5 ? 1 : 0,
      place6: i === 6 ? 1 : 0,
      place7: i >= 7 ? 1 : 0,
      fused: !found ? 0 : found.score >= 1 || best === 0 ? 1 : found.score / best,
      ...(Object.fromEntries(
        RANKERS.map((name) => {
          const at = found?.ranks?.[name];
          return [`rank.${name}`, at === undefined ? 0 : 1 / (1 + at)];
        }),
      ) as Record<`rank.${(typeof RANKERS)[number]}`, number>),
      cover: terms.length ? terms.filter((t) => tokens.has(t)).length / terms.length : 0,
      people: people.length ? people.filter((p) => holds(p)).length / people.length : 0,
      answer1: holds(answers[0]),
      answer2: holds(answers[1]),
      number: asks.number && statesNumber(text) ? 1 : 0,
      counted: asks.number && asks.counted && statesCount(asks.counted, text) ? 1 : 0,
      lifespan: asks.lifespan && statesLifespan(text) ? 1 : 0,
      kin: asks.kin && statesKin(text, language) ? 1 : 0,
      narrative: isNarrative(verse.book) ? 1 : 0,
      earliest: bookPlace(verse.book) === first ? 1 : 0,
      verses: Math.min(span, 8) / 4,
      otherLanguage: verse.otherLanguage ? 1 : 0,
    };
    return LEAD_FEATURES.map((name) => f[name]);
  });
}

/** The score of one candidate's features under a shape's weights. */
export function leadScore(features: readonly number[], weights: LeadWeights): number {
  return LEAD_FEATURES.reduce((sum, name, i) => sum + (weights[name] ?? 0) * features[i]!, 0);
}

/** The passages in answer order, and how sure the model is of the first (when a model chose it). */
export interface LeadChoice {
  verses: ContextVerse[];
  /** The model's probability that the key passage is the right one of those it chose among (softmax of the scores). */
  confidence?: number;
}

/**
 * The first `depth` passages in the order of their scores, the best first (the key passage), then the others in the
 * retriever's order. A question that cites or names its passage keeps it first; a shape without weights keeps the
 * retriever's order. Ordering all of them, not only moving the best up: gold among the first three, train 0.791 →
 * 0.801 (docs/experiments/2026-12-01-lead-model.md).
 */
export function chooseLead(
  candidates: readonly LeadCandidate[],
  analysis: LeadQuestion,
  named: readonly string[] | undefined,
  focus: AnswerContext['focus'],
  table: LeadTable = LEAD_TABLE,
): LeadChoice {
  const verses = candidates.map((c) => c.verse);
  const model = focus === 'fact' || focus === 'topic' ? table[focus] : undefined;
  if (!model) return { verses };
  if (candidates.length < 2) return { verses, confidence: 1 };
  const scores = leadFeatures(candidates, analysis, named, model.depth).map((f) => leadScore(f, model.weights));
  // Best first; equal scores keep the retriever's order.
  const order = scores.map((score, i) => ({ score, i })).sort((a, b) => b.score - a.score || a.i - b.i);
  const best = order[0]!.score;
  const odds = scores.reduce((sum, s) => sum + Math.exp(s - best), 0);
  return {
    verses: [...order.map(({ i }) => verses[i]!), ...verses.slice(scores.length)],
    confidence: 1 / odds,
  };
}
