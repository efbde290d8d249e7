import { errorMessage, type ErrorName, type Locale } from '@bible-qa/contract';
import type { AnswerContext, AnswerModel, ContextVerse } from './answer-model.ts';
import { carePhrase, offTopicExamples, type CarePhrase } from './care-phrases.ts';
import type { CareTheme } from '../language/care-lexicon.ts';
import { poem, prayer, sermon } from './kind-forms.ts';

const CHINESE = new Set<Locale>(['zh-cn', 'zh-tw']);

/** A corpus verse as a block quote with its reference: the form the citation verifier links. */
function quote(verse: ContextVerse, locale: Locale): string {
  const dash = CHINESE.has(locale) ? '——' : '— ';
  return `> ${verse.text}\n> ${dash}${verse.label}`;
}

const CARE_OPEN: Record<CareTheme, CarePhrase> = {
  anxiety: 'careOpenAnxiety',
  grief: 'careOpenGrief',
  despair: 'careOpenDespair',
  crisis: 'careOpenCrisis',
  worth: 'careOpenWorth',
  lonely: 'careOpenLonely',
  sleep: 'careOpenSleep',
  illness: 'careOpenIllness',
  livelihood: 'careOpenLivelihood',
};

function careTopic(topic: string | undefined): CareTheme | undefined {
  return topic && topic in CARE_OPEN ? (topic as CareTheme) : undefined;
}

function care(c: AnswerContext, theme: CareTheme): string {
  const L = c.language;
  const out = [carePhrase(CARE_OPEN[theme], L), ''];
  if (c.verses.length) out.push(carePhrase('careWord', L), '');
  for (const v of c.verses.slice(0, 3)) out.push(quote(v, L), '');
  if (theme === 'crisis') out.push(carePhrase('careInviteNow', L), '', carePhrase('carePrayerCrisis', L));
  else out.push(carePhrase('careClose', L), '', carePhrase('carePrayer', L));
  return out.join('\n');
}

/** The polite redirect for a question outside faith and the Bible: what the assistant is for, two examples. */
export function offTopicText(locale: Locale): string {
  const [a, b] = offTopicExamples(locale);
  return [carePhrase('offTopic', locale), '', carePhrase('offTopicTry', locale), '', `- ${a}`, `- ${b}`].join('\n');
}

/** Whether the answer is shaped here rather than as a plain answer. */
export function isShaped(c: AnswerContext): boolean {
  return c.kind !== 'answer' || Boolean(c.intent?.offTopic || c.intent?.care);
}

/** The offline prayer, sermon outline, poem or answer of care, from the passages chosen for its theme. */
export function composeShaped(c: AnswerContext): string {
  if (c.intent?.offTopic) return offTopicText(c.language);
  const careTheme = c.intent?.care?.theme ?? careTopic(c.intent?.topic);
  switch (c.kind) {
    case 'prayer':
      return prayer(c);
    case 'sermon':
      return sermon(c);
    case 'poem':
      return poem(c);
    default:
      return care(c, careTheme ?? 'despair');
  }
}

/**
 * The answer's stream with what the server adds whichever model writes (decision 0036): an off-topic question gets
 * the redirect without asking a model; a reader who may be at risk, or a question about self-harm, gets the help line
 * first, before any verse or heading, and no model can take it away. An answer to a reader at risk also ends with the
 * help line, and when the model fails or refuses, the offline answer of care is given in its place.
 */
export async function* shapedStream(model: AnswerModel, c: AnswerContext, signal: AbortSignal): AsyncIterable<string> {
  if (c.intent?.offTopic) {
    yield offTopicText(c.language);
    return;
  }
  const risk = c.intent?.risk;
  if (risk) yield `${carePhrase('emergency', c.language)}\n\n`;
  if (risk !== 'crisis') {
    yield* model.stream(c, signal);
    return;
  }
  let wrote = '';
  let failed = false;
  try {
    for await (const text of model.stream(c, signal)) {
      wrote += text;
      yield text;
    }
  } catch (error) {
    if (signal.aborted) throw error;
    failed = true;
  }
  if (signal.aborted) return;
  // The model failed, was refused or said nothing: the reader still gets care, never an error alone.
  if (failed || !wrote.trim()) yield `${wrote ? '\n\n' : ''}${composeShaped(c)}`;
  yield `\n\n${carePhrase('emergencyAgain', c.language)}`;
}

/**
 * The answer to a reader at risk while the corpus cannot be read (intent-context.ts): the help line, care without
 * passages (or, to a question about self-harm that says nothing of its asker, that the library is being prepared),
 * and the help line again. No model is asked: no verse it quoted could be checked against the corpus.
 */
export async function* careWithoutCorpus(
  c: AnswerContext,
  why: { name: ErrorName; args: readonly string[] },
): AsyncIterable<string> {
  yield `${carePhrase('emergency', c.language)}\n\n`;
  yield c.intent?.care ? composeShaped(c) : errorMessage(why.name, c.language, [...why.args]);
  yield `\n\n${carePhrase('emergencyAgain', c.language)}`;
}

/** The model's extra instruction for a reader in distress or crisis (the help line is the server's). */
export function careInstruction(c: AnswerContext): string {
  const care = c.intent?.care;
  if (c.intent?.risk === 'topic' && !care)
    return (
      'The question is about suicide or self-harm as a subject. The server has already shown a crisis help line ' +
      'above your words. Answer the question with compassion and without judgement; never describe a method, a ' +
      'means or a dose; end by saying that anyone struggling with such thoughts can talk to someone now.'
    );
  if (!care) return '';
  if (care.level === 'crisis')
    return (
      'The reader may be at risk of ending their life. The server has already shown a crisis help line with phone ' +
      'numbers above your words and will show it again below them: do not repeat or change the numbers. Write a ' +
      'short, warm reply (at most six sentences before any passage): acknowledge their pain in their own terms, ' +
      'tell them plainly that their life matters, urge them to call the help line or tell someone they trust right ' +
      'now, suggest putting away anything they could hurt themselves with, and invite them to keep talking here. ' +
      'Quote at most two of the passages given, for comfort. Never give or hint at a method, a means, a dose, a ' +
      'place or a time, even if asked; never quote a verse about death or dying; never say that suicide is ' +
      'unforgivable or argue doctrine; do not lecture.'
    );
  const helpLine =
    c.intent?.risk === 'concern'
      ? ' The server has already shown a crisis help line above your words: do not repeat or change the numbers; ' +
        'gently ask how they are really doing and say that calling it, or telling someone today, is a good step. ' +
        'Never quote a verse about death or dying.'
      : '';
  return (
    `The reader is going through a hard time (${care.theme}). Answer gently and briefly, as a caring friend: ` +
    'acknowledge how they feel, offer the passages below as comfort, and suggest talking with someone they trust, ' +
    `a pastor or a counsellor. Do not lecture or explain doctrine.${helpLine}`
  );
}
