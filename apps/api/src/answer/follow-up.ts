import type { FindOptions } from '../scripture/references.parser.ts';
import { foldToSimplified, HAN_RUN } from '../retrieval/chinese-text.ts';
import { wholeWords } from '../retrieval/guide/domain-words.ts';
import type { Mention, ScriptureFinder } from '../question/mentions.ts';

/** Words that point back to a book ("this book"): the referent is the book alone. */
const BOOK_BACK_HAN = /这卷书|这本书|此书|该书|这卷|这部书/u;
const BOOK_BACK_LATIN = wholeWords(['this book', 'that book', 'este libro', 'ese libro', 'ce livre', 'cet ouvrage']);
/** Words that point back to a passage, person or thing named before. */
const BACK_HAN = /这段经文|这段话|这节经文|这节|这一章|这章|这篇|这个比喻|这个故事|这位|此人/u;
const BACK_LATIN = wholeWords([
  'this passage',
  'this chapter',
  'this verse',
  'this parable',
  'this story',
  'that passage',
  'este pasaje',
  'este capítulo',
  'este versículo',
  'esta parábola',
  'ce passage',
  'ce chapitre',
  'ce verset',
  'cette parabole',
]);
/** Bare pronouns point back only in a short question ("它的作者是谁？", "Who wrote it?"). */
const PRONOUN_HAN = /[他她它]/u;
const PRONOUN_LATIN = wholeWords(['it', 'he', 'him', 'she', 'her', 'they', 'él', 'ella', 'ellos', 'il', 'elle', 'lui']);
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
  const toBook = BOOK_BACK_HAN.test(text) || BOOK_BACK_LATIN.test(text);
  const pointsBack =
    toBook ||
    BACK_HAN.test(text) ||
    BACK_LATIN.test(text) ||
    ((PRONOUN_HAN.test(text) || PRONOUN_LATIN.test(text)) && isShort(question));
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
