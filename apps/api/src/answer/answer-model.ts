import type { AnswerKind, ChatMode, Locale, Tradition } from '@bible-qa/contract';

/** A verse the answer may quote: its text always comes from the corpus, in the reader's translation. */
export interface ContextVerse {
  ref: string;
  label: string;
  text: string;
  book: string;
  /** Set when the text is not from the reader's translation (a book it lacks): the translation shown instead. */
  translationName?: string;
  /** The reader's canon does not hold this book (Sirach for a Protestant who asked for it by name). */
  outsideCanon?: true;
}

export interface ContextEntry {
  id: string;
  collection: string;
  collectionName: string;
  title: string;
  excerpt: string;
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
  /** Earlier turns of the conversation, oldest first. */
  history: { question: string; answer: string }[];
}

/**
 * The chat-model port: the grounded composer (offline default) and the OpenAI-compatible adapter both stream the
 * answer's markdown as text chunks. Aborting the signal must stop the upstream work.
 */
export interface AnswerModel {
  readonly name: string;
  /** The composer quotes cross-references; a language model's prompt does not carry them, so they are skipped. */
  readonly usesCrossReferences: boolean;
  stream(context: AnswerContext, signal: AbortSignal): AsyncIterable<string>;
}
