import type { FindOptions } from '../scripture/references.parser.ts';
import { foldToSimplified, HAN_RUN } from '../language/chinese-text.ts';
import { followUpWords } from '../language/follow-up-words.ts';
import type { Mention, ScriptureFinder } from '../question/mentions.ts';

/** Words that point back: to a book ("this book"), to a passage, person or thing, or a bare pronoun. */
const POINTING = followUpWords();
const SHORT_WORDS = 6;
const SHORT_HAN = 10;

function isShort(text: string): boolean {
  const han = (text.match(/\p{Script=Han}/gu) ?? []).length;
  const words = text.split(/\s+/).filter(Boolean).length;
  return han > 0 ? han <= SHORT_HAN : words <= SHORT_WORDS;
}

/**
 * The words retrieval searches for a question in a conversation. A follow-up is retrieved for its own words; the
 * history only says what "this book", "this passage" or (in a short question) "it" means: the latest earlier
 * question that named a book or passage supplies it. A question that names its own book or passage, or points to
 * nothing, is searched as it stands, so "箴言主要讲了什么？" after the Sermon on the Mount is about Proverbs.
 */
export function retrievalQuestion(
  question: string,
  history: readonly { question: string }[],
  namesScripture: boolean,
  scripture: ScriptureFinder,
  options: FindOptions & { bookName: (code: string) => string },
): string {
  if (history.length === 0 || namesScripture) return question;
  const text = question.toLowerCase().replace(HAN_RUN, (run) => foldToSimplified(run));
  const toBook = POINTING.book.test(text);
  // Bare pronouns point back only in a short question ("它的作者是谁？", "Who wrote it?").
  const pointsBack = toBook || POINTING.back.test(text) || (POINTING.pronoun.test(text) && isShort(question));
  if (!pointsBack) return question;
  let referent: Mention | undefined;
  for (const turn of [...history].reverse()) {
    referent = scripture.all(turn.question, options).at(-1);
    if (referent) break;
  }
  if (referent) return `${question} ${toBook ? options.bookName(referent.book) : referent.text}`;
  // "它有几个部分？" after "登山宝训主要讲了什么？": the earlier question's own words say what "it" is.
  const previous = history.at(-1)?.question;
  return toBook || !previous ? question : `${question} ${previous}`;
}
