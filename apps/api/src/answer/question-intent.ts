import type { AnswerKind } from '@bible-qa/contract';
import { ASKS_HAN, FIRST_PERSON_HAN, FIRST_PERSON_LATIN, distressOf, type CareTheme } from './care-lexicon.ts';
import { readRisk, type RiskLevel, type RiskReading } from '../question/care-risk.ts';
import { namesOnlyAnotherTopic, normalise, wholeWords } from '../retrieval/guide/domain-words.ts';

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
   * The help line leads the answer: crisis, the reader may be at risk (they get care, not an answer); topic,
   * self-harm is the subject of a question that says nothing of the asker (the answer follows the help line).
   */
  risk: RiskLevel | undefined;
  /** What the risk reading saw (its signs are logged and evaluated). */
  reading: RiskReading;
  /** What the prayer, sermon or poem is about: the question without the words that ask for one. */
  theme: string;
}

/** Whether a text names a Bible book or reference (the corpus's book names; see readIntent). */
export type ScriptureMention = (text: string) => boolean;

const LATIN_VERB = {
  en: 'write|compose|draft|create|craft|make|give me|prepare|outline|need|want',
  es: 'escr[ií]b\\p{L}*|redacta\\p{L}*|comp[oó]n\\p{L}*|crea\\p{L}*|haz\\p{L}*|dame|prepara\\p{L}*|necesito|quiero',
  fr: '[ée]cri[st]\\p{L}*|r[ée]dige\\p{L}*|compose\\p{L}*|cr[ée]e\\p{L}*|fais|donne-moi|pr[ée]pare\\p{L}*|propose\\p{L}*|besoin',
};
const VERBS = `(?:${LATIN_VERB.en}|${LATIN_VERB.es}|${LATIN_VERB.fr})`;
/** A request verb, then within a few words (no sentence end) the thing asked for. */
const asked = (nouns: string) =>
  new RegExp(`(?<!\\p{L})${VERBS}(?!\\p{L})[^?¿.!。？]{0,50}?(?<!\\p{L})(?:${nouns})(?!\\p{L})`, 'u');

const KIND_PATTERNS: Record<RequestedKind, { han: RegExp[]; latin: RegExp[] }> = {
  prayer: {
    han: [
      /(?:写|作|拟|撰写|起草|编)[^？?。]{0,20}(?<!主)(?:祷告|祈祷|祷文|祷词)/u,
      /(?<!主)(?:祷告文|祷告词|祈祷文|祷词)/u,
      /(?:帮我|替我|请)?(?:为|替)(?!什么|何)[^？?。，,]{0,16}(?:祷告|祈祷|代祷)(?:吧|一下)?[。！!]?$/u,
    ],
    latin: [
      asked('prayers?|oraci[oó]n|pri[eè]re'),
      wholeWords(['a prayer (?:for|about|over)', 'una oraci[oó]n (?:por|para)', 'une pri[eè]re (?:pour|sur)']),
      wholeWords(['pray for (?:me|us|my \\p{L}+)', '(?:ora|reza) por (?:m[ií]|nosotros|mi \\p{L}+)']),
      wholeWords(['prie[zs]? pour (?:moi|nous|mon \\p{L}+|ma \\p{L}+)']),
    ],
  },
  sermon: {
    han: [
      /讲道大纲|讲道提纲|证道大纲|讲章|讲道稿|证道稿|布道稿/u,
      /(?:写|作|拟|撰写|准备|起草|编)[^？?。]{0,20}(?:讲道|证道|布道|讲章)/u,
    ],
    latin: [
      asked('sermons?|homil(?:y|ies)|serm[oó]n|predicaci[oó]n|homil[ií]a|pr[ée]dication|hom[ée]lie'),
      wholeWords(['sermon outline', 'bosquejo de (?:un )?serm[oó]n', 'plan de (?:sermon|pr[ée]dication)']),
    ],
  },
  poem: {
    han: [
      /(?:写|作|创作|来|给我)[^？?。]{0,4}(?:一首|首|几句|几行)[^？?。]{0,16}(?:诗|歌)(?![篇人])/u,
      /写诗|作诗|赋诗|(?:写|作)[^？?。]{0,4}小诗/u,
    ],
    latin: [
      asked('poems?|poetry|hymn|poema|poes[ií]a|himno|po[èé]me|po[ée]sie|cantique'),
      wholeWords(['a poem (?:about|on|for)', 'un poema (?:sobre|de|para)', 'un po[èé]me (?:sur|pour)']),
    ],
  },
};
/** "Outline the Sermon on the Mount" asks about that sermon, not for one. */
const NAMED_SERMON = wholeWords(['sermon on the mount', 'serm[oó]n del monte', 'sermon sur la montagne']);

function requestedKind(text: string): RequestedKind | undefined {
  for (const kind of ['prayer', 'sermon', 'poem'] as const) {
    const { han, latin } = KIND_PATTERNS[kind];
    if (kind === 'sermon' && NAMED_SERMON.test(text)) continue;
    if (han.some((p) => p.test(text)) || latin.some((p) => p.test(text))) return kind;
  }
  return undefined;
}

function careOf(text: string, reading: RiskReading): Care | undefined {
  if (reading.level === 'crisis') return { level: 'crisis', theme: 'crisis' };
  const statement = /\p{Script=Han}/u.test(text) && !ASKS_HAN.test(text);
  const firstPerson = FIRST_PERSON_HAN.test(text) || FIRST_PERSON_LATIN.test(text) || statement;
  if (!firstPerson) return undefined;
  const [theme] = distressOf(text);
  return theme ? { level: 'distress', theme } : undefined;
}

/** The words that ask for a prayer, sermon or poem taken out, so what is left names the theme. */
/** Request verbs as written (not as stems, which would also take "creation" for "crea-"), longest first. */
const THEME_VERBS = [
  'can you|could you|would you|give me|pray|write|compose|draft|create|craft|make|prepare|outline|need|want',
  'puedes|podr[ií]as|escr[ií]beme|escribir|escribe|redacta|comp[oó]n|crea|hazme|haz|dame|prepara|ora|reza',
  'peux-tu|pourriez-vous|[ée]cris-moi|[ée]crivez|[ée]cris|r[ée]dige[sz]?|compose[sz]?|cr[ée]e[sz]?|fais|donne-moi|pr[ée]pare[sz]?|propose[sz]?|prie[sz]?',
].join('|');
const REQUEST_WORDS = new RegExp(
  [
    '[请請]|[帮幫]我|替我|[给給]我|[为為]我|能否|可以|一段|一篇|一首|一份|几句|幾句|[个個]|[写寫]|[为為]主[题題]|主[题題]|[关關]于|[关關]於',
    '的?(?:[祷禱]告[文词詞]?|祈[祷禱][文词詞]?|[祷禱][词詞]|[讲講]道大[纲綱]|[讲講]道|[讲講]章|[证證]道|[诗詩](?:歌|(?!篇)))',
    `(?<!\\p{L})(?:please|${THEME_VERBS}|an?|me|short|brief|little|breve|cort[ao]|courte?|petite?|una?|une?|des?|por favor|s'il (?:te|vous) pla[iî]t|prayers?|oraci[oó]n|pri[eè]re|sermons?(?: outline)?|serm[oó]n|pr[ée]dication|homil(?:y|[ií]a)|hom[ée]lie|outline|bosquejo|plan|poems?|poema|po[èé]me|poetry|poes[ií]a|po[ée]sie|hymn|himno|cantique|for|about|on|por|para|sobre|pour|sur)(?!\\p{L})`,
  ].join('|'),
  'giu',
);

export function themeOfRequest(question: string): string {
  return question
    .replace(REQUEST_WORDS, ' ')
    .replace(/[\s,，。.!！?？¿¡:：;；"“”「」]+/gu, ' ')
    .trim()
    .replace(/^[的之]|[的之]$/u, '')
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
): QuestionIntent {
  const text = normalise(question);
  const kind = requestedKind(text);
  const reading = readRisk(question, { history, mentionsScripture: mentionsScripture(question) });
  const care = careOf(text, reading);
  const risk = reading.level;
  const offTopic = !kind && !care && !risk && !mentionsScripture(question) && namesOnlyAnotherTopic(text);
  return { kind, offTopic, care, risk, reading, theme: kind ? themeOfRequest(question) : question.trim() };
}

/** The kind the reader chose, or else the one the question asks for (an answer when neither). */
export function effectiveKind(chosen: AnswerKind, question: string): AnswerKind {
  return chosen !== 'answer' ? chosen : (requestedKind(normalise(question)) ?? 'answer');
}
