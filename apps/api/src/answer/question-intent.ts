import type { AnswerKind } from '@bible-qa/contract';
import { distressOf, distressOfWriter, type CareTheme } from '../language/care-lexicon.ts';
import { readRisk, type RiskLevel, type RiskReading } from '../question/care-risk.ts';
import { namesOnlyAnotherTopic, normalise } from '../language/domain-words.ts';
import { REQUEST_KINDS, requestLists } from '../language/request-words.ts';

export type RequestedKind = Exclude<AnswerKind, 'answer'>;

/** How the reader is: in distress (a gentle answer with passages of comfort), or in crisis (also emergency help). */
export type Care = { level: 'distress' | 'crisis'; theme: CareTheme };

export interface QuestionIntent {
  /** A prayer, sermon outline or poem the question asks for in so many words. */
  kind: RequestedKind | undefined;
  /** Nothing in it is about faith or the Bible and something is plainly about another topic. */
  offTopic: boolean;
  care: Care | undefined;
  /**
   * The help line leads the answer: crisis, the reader may be at risk (they get care, not an answer); concern, the
   * reader may be (comfort follows the help line); topic, self-harm is the subject of a question that says nothing of
   * the asker (the answer follows the help line).
   */
  risk: RiskLevel | undefined;
  /** What the risk reading saw (its signs are logged and evaluated). */
  reading: RiskReading;
  /** What the prayer, sermon or poem is about: the question without the words that ask for one. */
  theme: string;
}

/** Whether a text names a Bible book or reference (the corpus's book names; see readIntent). */
export type ScriptureMention = (text: string) => boolean;

/** The request lists (language/lexicon/request-*.tsv, request.patterns.tsv), read once. */
const REQUEST = requestLists();
/** The kinds in the order they are tried. */
const KINDS = REQUEST_KINDS satisfies readonly RequestedKind[];

function requestedKind(text: string): RequestedKind | undefined {
  for (const kind of KINDS) {
    if (kind === 'sermon' && REQUEST.namedSermon.test(text)) continue;
    if (REQUEST.kinds[kind].test(text)) return kind;
  }
  return undefined;
}

function careOf(text: string, reading: RiskReading): Care | undefined {
  if (reading.level === 'crisis') return { level: 'crisis', theme: 'crisis' };
  // A writer the model reads as perhaps at risk is met with comfort under the help line, whatever they asked.
  if (reading.level === 'concern') return { level: 'distress', theme: distressOf(text)[0] ?? 'despair' };
  const [theme] = distressOfWriter(text);
  return theme ? { level: 'distress', theme } : undefined;
}

/** The words that ask for a prayer, sermon or poem taken out, so what is left names the theme. */
export function themeOfRequest(question: string): string {
  return question
    .replace(REQUEST.words, ' ')
    .replace(/[\s,，。.!！?？¿¡:：;；"“”「」]+/gu, ' ')
    .trim()
    .replace(REQUEST.particle, '')
    .trim();
}

/**
 * Reads what a question asks for and how its asker is. Off-topic is decided conservatively: a question is off
 * topic only when nothing in it is about faith or the Bible (no faith word, no book or reference) and something
 * plainly names another topic; a bare word ("八福", "爱") or a faith question about an everyday matter ("圣经怎么看
 * 吃火锅？") is answered from Scripture.
 */
export function readIntent(
  question: string,
  mentionsScripture: ScriptureMention = () => false,
  history: readonly string[] = [],
  /** The reader's Bible language: a Latin-script question is off topic by its own language's words only. */
  language?: string,
): QuestionIntent {
  const text = normalise(question);
  const kind = requestedKind(text);
  const reading = readRisk(question, { history, mentionsScripture: mentionsScripture(question) });
  const care = careOf(text, reading);
  const risk = reading.level;
  const offTopic = !kind && !care && !risk && !mentionsScripture(question) && namesOnlyAnotherTopic(text, language);
  return { kind, offTopic, care, risk, reading, theme: kind ? themeOfRequest(question) : question.trim() };
}

/** The kind the reader chose, or else the one the question asks for (an answer when neither). */
export function effectiveKind(chosen: AnswerKind, question: string): AnswerKind {
  return chosen !== 'answer' ? chosen : (requestedKind(normalise(question)) ?? 'answer');
}
