// Query-side stop words, including the words of a question about the Bible ("what does the Bible say about").
// The index keeps every token (BM25's IDF already discounts them); dropping them from queries is what keeps
// common-term queries fast. Latin lists are written naturally and folded by the analyser.
// Chinese entries are jieba words, matched after Traditional→Simplified folding.

export type StopWordLang = 'en' | 'es' | 'fr' | 'zh';

const en = `a about above after again against all am an and any are as at be because been before being below between
both but by can could did do does doing down during each few for from further had has have having he her here hers
herself him himself his how i if in into is it its itself just me more most my myself no nor not now of off on once only
or other our ours ourselves out over own same she should so some such than that the their theirs them themselves then
there these they this those through to too under until up very was we were what when where which while who whom why will
with would you your yours yourself yourselves s t don shall unto thee thou thy thine ye hath doth upon also yet
tell explain mean meaning please bible say says saying scripture scriptures verse verses`;

const es = `a al algo algunas algunos ante antes como con contra cual cuando de del desde donde durante e el ella ellas
ellos en entre era erais eran eras eres es esa esas ese eso esos esta estaba estado estais estamos estan estar estas
este esto estos estoy fue fueron fui fuimos ha habia han has hasta hay he la las le les lo los mas me mi mis mucho muy
nada ni no nos nosotros o os otra otras otro otros para pero poco por porque que quien quienes se sea ser si sido sin
sobre sois somos son soy su sus tambien tanto te tiene tienen todo todos tu tus un una uno unos vosotros y ya yo qué
cómo dónde cuál quién por qué él mí tú sí más está están según biblia dice dicen escritura escrituras versículo`;

const fr = `a ai au aux avec ce ces c d dans de des du elle elles en est et etre eu il ils j je l la le les leur leurs
lui m ma mais me meme mes moi mon n ne nos notre nous on ou par pas pour qu que qui s sa se ses son sont sur t ta te tes
toi ton tu un une vos votre vous y été être était étaient fut ça cette cet quoi quel quelle quels quelles comment
pourquoi où donc car ni si selon bible dit disent écriture écritures verset`;

// jieba words: particles, pronouns used in questions, question words, request phrases, and "the Bible says".
const zh = `的 了 是 在 和 与 及 或 也 都 就 而 吗 呢 吧 啊 呀 么 着 过 之 其 这 那 这个 那个 这些 那些 什么 为什么 怎么
怎样 怎么样 如何 哪 哪里 哪个 哪些 谁 请 请问 我 我们 你 你们 有 没有 是否 关于 对于 一个 一些 里 中 能 会 可以 应该 所 被
把 给 让 从 向 对 为 因为 所以 但是 但 如果 还是 告诉 解释 意思 什么样 圣经 经文 说
多少 几 多久 主要 讲 讲了 内容 介绍 一下 到底 究竟 有关 相关 记载 提到 我想 想 知道 吧 很 非常 是不是 有没有`;

const split = (list: string): string[] => list.split(/\s+/).filter(Boolean);

export const STOP_WORD_LISTS: Readonly<Record<StopWordLang, readonly string[]>> = {
  en: split(en),
  es: split(es),
  fr: split(fr),
  zh: split(zh),
};
