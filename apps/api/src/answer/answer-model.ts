import type { AnswerKind, ChatMode, Locale, Tradition } from '@bible-qa/contract';
import type { QuestionAnalysis } from '../question/analyse.ts';
import type { RiskLevel } from '../question/care-risk.ts';
import type { Care } from './question-intent.ts';
import type { Theme } from './theme-passages.ts';

/** A verse the answer may quote: its text always comes from the corpus, in the reader's translation. */
export interface ContextVerse {
  ref: string;
  label: string;
  text: string;
  book: string;
  /** Set when the text is not from the reader's translation (a book it lacks): the translation shown instead. */
  translationName?: string;
  /** That translation is in another language than the reader's (Tobit in English for a Chinese Catholic). */
  otherLanguage?: true;
  /** The reader's canon does not hold this book (Sirach for a Protestant who asked for it by name). */
  outsideCanon?: true;
  /**
   * A passage of several verses grown from one the retriever ranked (the verses around it tell the scene): that verse's
   * text, when it is not the first. A question of fact's account quotes it in its lead: the answer is most often there.
   */
  stating?: string;
}

export interface ContextEntry {
  id: string;
  collection: string;
  collectionName: string;
  title: string;
  excerpt: string;
  /** The passages the entry cites or comments on (USFM, as stored), when known: the prompt keeps entries on topic. */
  refs?: string[];
}

/** Everything a model needs to answer one question, gathered by the pipeline. */
export interface AnswerContext {
  question: string;
  kind: AnswerKind;
  mode: ChatMode;
  language: Locale;
  tradition: Tradition;
  translationName: string;
  verses: ContextVerse[];
  /** Cross-references of the key verses (professional mode draws on them). */
  crossReferences: ContextVerse[];
  entries: ContextEntry[];
  /**
   * What the question is: a question of fact (how old, who, where), a passage it names or cites, or a topic; the
   * offline composer leads with what answers it.
   */
  focus?: 'fact' | 'passage' | 'reference' | 'topic';
  /** How the question asks (question/analyse.ts), for the composer; absent for prayers, poems and care. */
  asks?: QuestionAnalysis['asks'];
  /**
   * A question of who (where): the people (places) the dictionaries' best notes are about, best first (English, lower
   * case).
   */
  named?: string[];
  /**
   * How sure the fitted lead model is that the key passage (verses[0]) is the right one of those it chose among: the
   * composer states an answer in a sentence of its own only when it is sure enough (lead-choice.ts).
   */
  leadConfidence?: number;
  /**
   * The verses around the key verse (advanced and professional modes), when it is a single verse, less those the
   * answer shows already: one run, or the runs before and after.
   */
  setting?: ContextVerse[];
  /** Earlier turns of the conversation, oldest first. */
  history: { question: string; answer: string }[];
  /** How many answers this question has had already: a prayer, sermon or poem asked again takes another arrangement. */
  again?: number;
  /** What the question showed beyond its words (question-intent.ts); absent for a plain answer. */
  intent?: AnswerIntent;
}

export interface AnswerIntent {
  /** Outside faith and the Bible: a short redirect, no passages. */
  offTopic: boolean;
  /** A reader in distress or crisis: passages of comfort, gently. */
  care?: Care;
  /**
   * The help line leads the answer, before any verse or heading: crisis (the reader may be at risk, or was a moment
   * ago in this conversation), or topic (self-harm is what a question asks about).
   */
  risk?: RiskLevel;
  /** What a prayer, sermon or poem is about, in the reader's words or the passage they named. */
  theme: string;
  /** The first curated theme the request speaks of, when any (theme-passages.ts). */
  topic?: Theme;
}

/**
 * The chat-model port: the grounded composer (offline default) and the OpenAI-compatible adapter both stream the
 * answer's markdown as text chunks. Aborting the signal must stop the upstream work.
 */
export interface AnswerModel {
  readonly name: string;
  /** Whether the model is given the key verse's cross-references (the lookup is skipped when not). */
  readonly usesCrossReferences: boolean;
  stream(context: AnswerContext, signal: AbortSignal): AsyncIterable<string>;
}
