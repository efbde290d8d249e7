// How a question asks: questions of fact (how old, how many, who did it, when) in the five languages, and the
// Chinese measure words that carry a number question's answer ("多少岁" → the verse says "……岁").
import type { BibleLanguage } from '@bible-qa/contract';
import { contentWords } from '../text-analysis.ts';
import { foldToSimplified, hanWords } from '../chinese-text.ts';
import { isFaithWord } from './faith-terms.ts';

/** Questions of fact: how old, how many, who did it, when, which year (five languages). */
// "Who was Moses?" / "亚伯拉罕是谁？" ask who someone is (a person's key verses answer); "Who built the ark?" /
// "谁造了方舟？" ask a fact (one verse states it).
const FACT_QUESTION =
  /多少|几[个岁年天次位日]|多大|多久|多长|哪一年|什么时候|何时|谁(?![是？?]|$)\p{Script=Han}|是谁\p{Script=Han}|幾[個歲年天次位日]|多長|甚麼時候|什麼時候|誰(?![是？?]|$)\p{Script=Han}|是誰\p{Script=Han}|\bhow (?:many|much|old|long)\b|\bwho\b(?! (?:was|is|were|are)\b)|\bwhen\b|\bwhat year\b|\bcu[aá]nt[oa]s?\b|(?<!\p{L})qui[eé]n(?:es)?(?!\p{L})(?! (?:fue|era|es|eran|son)\b)|\bcu[aá]ndo\b|\bqu[eé] edad\b|\bcombien\b|(?<!\p{L})qui(?!\p{L})(?! (?:[ée]tait|est|fut|sont|[ée]taient)\b)|\bquand\b|\bquel [aâ]ge\b/iu;

/**
 * Questions that ask a detail of a story rather than what the Bible says on a topic or who someone is: what, which,
 * where, whose, why ("What sign did God give Noah?", "挪亚方舟停在哪里？", "¿Dónde reposó el arca?") and "who was the
 * <someone> of …" ("Who was the wife of Isaac?", "亚伯拉罕的妻子是谁？").
 */
const DETAIL_QUESTION = new RegExp(
  [
    String.raw`\b(?:what|which|where|whose|whom|why)\b`,
    String.raw`\bwho (?:was|is|were|are) (?!the |a |an )\p{L}+(?:['’]s?)? \p{L}`,
    String.raw`\bwho (?:was|is|were|are) (?:the|a|an) .*\b(?:of|in|at|that|who|whom|to)\b`,
    String.raw`\bwho (?:was|is|were|are) the (?:first|last|only|\p{L}+est)\b`,
    String.raw`\bhow (?:did|was|were)\b`,
    String.raw`(?<!\p{L})(?:qu[eé]|cu[aá]l(?:es)?|d[oó]nde|por qu[eé])(?!\p{L})`,
    String.raw`(?<!\p{L})qui[eé]n(?:es)? (?:fue|era|es|eran|fueron) (?:el|la|los|las|un|una) \p{L}+ (?:de|del|que)(?!\p{L})`,
    String.raw`(?<!\p{L})c[oó]mo (?:se llamaba|se llamaban|muri[oó]|murieron)(?!\p{L})`,
    String.raw`(?<!\p{L})(?:que|quel(?:le)?s?|o[uù]|pourquoi)(?!\p{L})|(?<!\p{L})qu['’]`,
    String.raw`(?<!\p{L})qui (?:[ée]tait|est|fut|a|avait) (?!le |la |l['’]|les |un |une )\p{L}+ \p{L}`,
    String.raw`(?<!\p{L})qui (?:[ée]tait|est|fut) (?:le |la |les |l['’]|un |une ).*(?<!\p{L})(?:de|d['’]|du|des|qui|que|à)(?!\p{L})`,
    String.raw`(?<!\p{L})comment (?:s['’]appel|.{0,40}\bmort)`,
    String.raw`什么|什麼|甚麼|哪|为什么|為什麼|为何|為何|的\p{Script=Han}{1,6}是[谁誰]|[谁誰]是第|最\p{Script=Han}{0,4}的(?:人|是)`,
    String.raw`(?<!是)[谁誰][？?]?$|是怎[么麼样樣]\p{Script=Han}{1,4}的`,
  ].join('|'),
  'iu',
);
/** What a reader asks about a topic, a passage's meaning or a person as a whole: the guide leads those. */
const OVERVIEW_QUESTION = new RegExp(
  [
    String.raw`^\s*\p{Script=Han}{1,8}是(?:什[么麼]|甚麼)[？?]?\s*$|^\s*什[么麼](?:是|叫)|有什[么麼]意[义義]`,
    String.raw`是哪[一二三四五六七八九十几幾]?[条條节節章篇福]|哪[几幾]节|哪[几幾]節|哪些[经經]文|\b(?:summar\w*|overview)\b|(?<!\p{L})(?:retenir|r[ée]sum\w*|resumen|resumir)(?!\p{L})`,
    String.raw`\b(?:say|says|said|teach|teaches|mean|means|meaning|view|think)\b|\babout\s*\??\s*$|\bstory of\b`,
    String.raw`(?<!\p{L})(?:de qu[eé] (?:se )?trata|historia de|de quoi parle|histoire d[eu])(?!\p{L})|故事`,
    String.raw`\bwhat (?:is|are) (?:an? |the )?\p{L}+(?: \p{L}+)?\s*\??$`,
    String.raw`(?<!\p{L})(?:dice|dicen|ense[ñn]a|significa|significado)(?!\p{L})`,
    String.raw`(?<!\p{L})qu[eé] es (?:el |la |un |una )?\p{L}+\s*\??$`,
    String.raw`(?<!\p{L})(?:dit|disent|enseigne|signifie|sens)(?!\p{L})`,
    String.raw`qu['’]est-ce que (?:la |le |l['’]|les |un |une )?\p{L}+\s*\??$`,
    String.raw`怎么说|怎麼說|如何说|如何說|如何看|怎样看|怎樣看|什么意思|什麼意思|是什么样|是什麼樣|讲了什么|講了什麼|说了什么|說了什麼|教导|教導|有什么教|有什麼教|关于|關於|对\p{Script=Han}{1,8}的看法|對\p{Script=Han}{1,8}的看法`,
  ].join('|'),
  'iu',
);

export function isFactQuestion(question: string): boolean {
  return FACT_QUESTION.test(question) || (DETAIL_QUESTION.test(question) && !OVERVIEW_QUESTION.test(question));
}

/** "Who" (five languages), and "which prophet/king/…", "what was the name of": the answer is a person. */
const WHO_QUESTION =
  /[谁誰]|哪[一位个個]?(?:位|个人|個人|先知|王|门徒|門徒|使徒|士师|士師|儿子|兒子|女人|妇人|婦人)|\bwho(?:m|se)?\b|\b(?:which|what) (?:\p{L}+ )?(?:prophet|king|queen|son|daughter|disciple|apostle|judge|woman|man|priest|brother|sister|wife|husband)s?\b|\bname of\b|(?<!\p{L})qui[eé]n(?:es)?(?!\p{L})|(?<!\p{L})qui(?!\p{L})|(?<!\p{L})(?:c[oó]mo se llamaba|quel(?:le)? (?:prophète|roi|reine|fils|fille|disciple|apôtre|juge|femme|homme))(?!\p{L})/iu;

export function asksWho(question: string): boolean {
  return WHO_QUESTION.test(question);
}

/** "Why" (five languages): a question of this kind is answered by the passages that speak to it, not a stated fact. */
const WHY_QUESTION = /为什么|為什麼|为何|為何|\bwhy\b|(?<!\p{L})(?:por qu[eé]|pourquoi)(?!\p{L})/iu;

export function asksWhy(question: string): boolean {
  return WHY_QUESTION.test(question);
}

/**
 * Whether a question asks a detail of a passage it names rather than the passage itself: a count, who did it or when
 * ("谁造了方舟？"), or a question of fact with a word of its own besides the passage's name and the faith's words
 * ("What sign did God give Noah after the flood?", "挪亚方舟停在哪里？"); "Que retenir du Sermon sur la montagne ?" and
 * "大使命是哪几节经文" ask for the passage.
 */
export function asksDetailOf(question: string, alias: string, language: BibleLanguage): boolean {
  if (FACT_QUESTION.test(question)) return true;
  if (!isFactQuestion(question)) return false;
  const chinese = language === 'zh-Hans' || language === 'zh-Hant';
  const aliasWords = new Set(alias.split(' '));
  const own = contentWords(question, chinese ? 'zh' : language).filter(
    (word) =>
      !(chinese ? alias.includes(word) || word.includes(alias) : aliasWords.has(word)) && !isFaithWord(word, language),
  );
  return own.length > 0;
}

/** Chinese number questions, asked the way the Union Version states the answer: 多少岁 → 岁, 几天 → 日. */
const CHINESE_MEASURES: readonly [RegExp, string][] = [
  [/(?:多少|几|幾)\s*[岁歲]|多大年[纪紀]|多大/gu, ' 岁 '],
  [/(?:多少|几|幾)\s*(?:天|日)/gu, ' 日 '],
  [/(?:多少|几|幾)\s*年|多久/gu, ' 年 '],
  [/(?:多少|几|幾)\s*[个個]?\s*(儿子|兒子|女儿|女兒|人|门徒|門徒|支派)/gu, ' $1 '],
];

/** "Where" after a one-character verb (停在哪里, 葬在何处): the Union Version says the place right after "停在". */
const WHERE_AFTER_VERB = /(\p{Script=Han})在(?:哪里|哪裡|哪儿|哪兒|何处|何處)/gu;

export function withMeasureWords(question: string): string {
  let out = question;
  for (const [pattern, to] of CHINESE_MEASURES) out = out.replace(pattern, to);
  const before = [...question.matchAll(WHERE_AFTER_VERB)].map((m) => m[1]!);
  if (before.length === 0) return out;
  // The verb is a word of its own (停 in 方舟停在哪里), not the end of a name (耶稣在哪里); the question is cut only
  // when it asks where.
  const words = new Set(hanWords(foldToSimplified(question.replace(/[^\p{Script=Han}]/gu, ''))));
  const verbs = before.filter((c) => words.has(foldToSimplified(c)));
  return verbs.length ? `${out} ${verbs.map((c) => `${c}在`).join(' ')}` : out;
}

/** How many, how old, how long (five languages). */
const NUMBER_QUESTION =
  /多少|几|幾|多大|多久|多长|多長|\bhow (?:many|much|old|long)\b|(?<!\p{L})cu[aá]nt[oa]s?(?!\p{L})|(?<!\p{L})qu[eé] edad(?!\p{L})|(?<!\p{L})combien(?!\p{L})|(?<!\p{L})quel [aâ]ge(?!\p{L})/iu;

export function asksNumber(question: string): boolean {
  return NUMBER_QUESTION.test(question);
}

/** A number as the Bibles of the five languages write one: digits, number words, or Chinese numerals with a measure. */
const NUMBER_STATED = new RegExp(
  [
    String.raw`\d`,
    String.raw`[一二三四五六七八九十百千万萬两兩]+(?:年|岁|歲|日|天|夜|个|個|人|次|位|千|万|萬|百|十|舍客勒|肘|支派|代)`,
    String.raw`\b(?:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|score|threescore|fourscore|twice|thrice)\b`,
    String.raw`(?<!\p{L})(?:dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez|once|doce|trece|catorce|quince|veinte|treinta|cuarenta|cincuenta|sesenta|setenta|ochenta|noventa|cien|ciento|doscientos|trescientos|quinientos|mil)(?!\p{L})`,
    String.raw`(?<!\p{L})(?:deux|trois|quatre|cinq|sept|huit|neuf|dix|onze|douze|treize|quatorze|quinze|seize|vingt|trente|quarante|cinquante|soixante|cent|mille)(?!\p{L})`,
  ].join('|'),
  'iu',
);

export function statesNumber(text: string): boolean {
  return NUMBER_STATED.test(text);
}

/** How long someone lived, how old they were when they died (five languages): their whole age answers. */
const LIFESPAN_QUESTION = new RegExp(
  [
    String.raw`活了(?:多少|几|幾)|(?:多少|几|幾)[岁歲](?:死|去世|过世|過世)|享年|享寿|享壽|寿数|壽數`,
    String.raw`\bhow (?:long|many years) did .{1,40} live\b|\bhow old was .{1,40} when (?:he|she) died\b|\blifespan\b`,
    String.raw`(?<!\p{L})cu[aá]ntos a[ñn]os vivi[oó](?!\p{L})|(?<!\p{L})(?:a qu[eé] edad|qu[eé] edad ten[ií]a .{1,40} cuando) muri[oó](?!\p{L})`,
    String.raw`(?<!\p{L})combien d['’](?:années|ans) .{0,30}v[ée]cu|(?<!\p{L})(?:[àa] quel [aâ]ge .{0,30}(?:mort|mourut)|quel [aâ]ge avait .{1,40} (?:quand il est mort|quand elle est morte|[àa] sa mort))(?!\p{L})`,
  ].join('|'),
  'iu',
);

export function asksLifespan(question: string): boolean {
  return LIFESPAN_QUESTION.test(question);
}

/** A verse that tells a death ("……共活了九百六十九岁就死了", "then he died", "y murió", "puis il mourut"). */
const DEATH_STATED = /死|去世|\bdied\b|(?<!\p{L})(?:muri[oó]|mourut|mort)(?!\p{L})/iu;

/** Whether a verse states someone's whole age: a number, and their death. */
export function statesLifespan(text: string): boolean {
  return NUMBER_STATED.test(text) && DEATH_STATED.test(text);
}
