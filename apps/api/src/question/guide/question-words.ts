// How a question asks: questions of fact (how old, how many, who did it, when), and the Chinese measure words that
// carry a number question's answer ("多少岁" → the verse says "……岁"). The words are data, read by
// language/question-shapes.ts; what needs the analyser (a question's own words, jieba's cut) is here.
import type { BibleLanguage } from '@bible-qa/contract';
import {
  asksFactPlainly,
  isFactQuestion,
  verbsBeforeWhere,
  withMeasureRewrites,
} from '../../language/question-shapes.ts';
import { contentWords } from '../../language/text-analysis.ts';
import { foldToSimplified, hanWords } from '../../language/chinese-text.ts';
import { isFaithWord } from './faith-terms.ts';

export {
  asksLifespan,
  asksNumber,
  asksWhere,
  asksWho,
  asksWhy,
  isFactQuestion,
  statesLifespan,
  statesNumber,
} from '../../language/question-shapes.ts';

/**
 * Whether a question asks a detail of a passage it names rather than the passage itself: a count, who did it or when
 * ("谁造了方舟？"), or a question of fact with a word of its own besides the passage's name and the faith's words
 * ("What sign did God give Noah after the flood?", "挪亚方舟停在哪里？"); "Que retenir du Sermon sur la montagne ?" and
 * "大使命是哪几节经文" ask for the passage.
 */
export function asksDetailOf(question: string, alias: string, language: BibleLanguage): boolean {
  if (asksFactPlainly(question)) return true;
  if (!isFactQuestion(question)) return false;
  const chinese = language === 'zh-Hans' || language === 'zh-Hant';
  const aliasWords = new Set(alias.split(' '));
  const own = contentWords(question, chinese ? 'zh' : language).filter(
    (word) =>
      !(chinese ? alias.includes(word) || word.includes(alias) : aliasWords.has(word)) && !isFaithWord(word, language),
  );
  return own.length > 0;
}

/**
 * A Chinese question in the words the Union Version answers it with: its number words as measure words (多少岁 → 岁),
 * and a verb it asks where after (停 in 停在哪里) with its 在.
 */
export function withMeasureWords(question: string): string {
  const out = withMeasureRewrites(question);
  const before = verbsBeforeWhere(question);
  if (before.length === 0) return out;
  // The verb is a word of its own (停 in 方舟停在哪里), not the end of a name (耶稣在哪里); the question is cut only
  // when it asks where.
  const words = new Set(hanWords(foldToSimplified(question.replace(/[^\p{Script=Han}]/gu, ''))));
  const verbs = before.filter(({ verb }) => words.has(foldToSimplified(verb)));
  return verbs.length ? `${out} ${verbs.map(({ phrase }) => phrase).join(' ')}` : out;
}
