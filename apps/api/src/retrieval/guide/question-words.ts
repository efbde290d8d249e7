// How a question asks: questions of fact (how old, how many, who did it, when) in the five languages, and the
// Chinese measure words that carry a number question's answer ("多少岁" → the verse says "……岁").

/** Questions of fact: how old, how many, who did it, when, which year (five languages). */
// "Who was Moses?" / "亚伯拉罕是谁？" ask who someone is (a person's key verses answer); "Who built the ark?" /
// "谁造了方舟？" ask a fact (one verse states it).
const FACT_QUESTION =
  /多少|几[个岁年天次位日]|多大|多久|多长|哪一年|什么时候|何时|谁(?![是？?]|$)\p{Script=Han}|是谁\p{Script=Han}|幾[個歲年天次位日]|多長|甚麼時候|什麼時候|誰(?![是？?]|$)\p{Script=Han}|是誰\p{Script=Han}|\bhow (?:many|much|old|long)\b|\bwho\b(?! (?:was|is|were|are)\b)|\bwhen\b|\bwhat year\b|\bcu[aá]nt[oa]s?\b|(?<!\p{L})qui[eé]n(?:es)?(?!\p{L})(?! (?:fue|era|es|eran|son)\b)|\bcu[aá]ndo\b|\bqu[eé] edad\b|\bcombien\b|(?<!\p{L})qui(?!\p{L})(?! (?:[ée]tait|est|fut|sont|[ée]taient)\b)|\bquand\b|\bquel [aâ]ge\b/iu;

export function isFactQuestion(question: string): boolean {
  return FACT_QUESTION.test(question);
}

/** Chinese number questions, asked the way the Union Version states the answer: 多少岁 → 岁, 几天 → 日. */
const CHINESE_MEASURES: readonly [RegExp, string][] = [
  [/(?:多少|几|幾)\s*[岁歲]|多大年[纪紀]|多大/gu, ' 岁 '],
  [/(?:多少|几|幾)\s*(?:天|日)/gu, ' 日 '],
  [/(?:多少|几|幾)\s*年|多久/gu, ' 年 '],
  [/(?:多少|几|幾)\s*[个個]?\s*(儿子|兒子|女儿|女兒|人|门徒|門徒|支派)/gu, ' $1 '],
];

export function withMeasureWords(question: string): string {
  let out = question;
  for (const [pattern, to] of CHINESE_MEASURES) out = out.replace(pattern, to);
  return out;
}
