// Words of today's Chinese that the Union Version (1919), the corpus's Chinese Bible, says otherwise: 出生 is 生在 or
// 降生, 原谅 is 饶恕, 老公 is 丈夫, 最后 is 末后. A Chinese question's text search asks for both, so that a verse that
// answers in the Union Version's words is found (谁是第一个殉道者？ → "司提反被害流血", Acts 22:20). Only words the Union
// Version does not use itself (or uses in another sense), each with the words it says instead; written from the two
// vocabularies, not from the questions of the gold set.

const DICTION: readonly (readonly [string, string])[] = [
  // Family and people.
  ['爸爸', '父亲'],
  ['妈妈', '母亲'],
  ['老公', '丈夫'],
  ['老婆', '妻子'],
  ['弟弟', '兄弟'],
  ['老师', '夫子 先生'],
  ['学生', '门徒'],
  ['邻居', '邻舍'],
  ['陌生人', '客旅'],
  ['富人', '财主'],
  ['士兵', '兵丁'],
  ['国王', '王'],
  ['皇帝', '该撒 王'],
  ['牧师', '牧人 长老'],
  ['信徒', '信的人 门徒'],
  // Life, death and family events.
  ['出生', '生在 降生'],
  ['诞生', '生在 降生'],
  ['怀上', '怀孕'],
  ['结婚', '娶 嫁'],
  ['离婚', '休妻'],
  ['去世', '死'],
  ['死后', '死'],
  ['年龄', '岁 年纪'],
  ['生病', '病'],
  ['治好', '医治'],
  ['睡觉', '睡'],
  ['喝酒', '饮酒 酒'],
  // Deeds and happenings.
  ['开始', '起头 起初'],
  ['最后', '末后 末了'],
  ['最终', '末后'],
  ['唯一', '独一'],
  ['建成', '建造 造成'],
  ['取代', '代替 接续'],
  ['扔进', '扔在 丢在'],
  ['救起', '救'],
  ['殉道', '被害 流血'],
  ['背叛', '卖 叛逆'],
  ['出卖', '卖'],
  ['惩罚', '刑罚'],
  ['服侍', '服事'],
  ['允许', '准'],
  ['欺骗', '欺哄 诡诈'],
  ['撒谎', '说谎'],
  ['诱惑', '试探 引诱'],
  // Faith and worship.
  ['原谅', '饶恕 赦免'],
  ['宽恕', '饶恕 赦免'],
  ['奇迹', '神迹 奇事'],
  ['洗礼', '施洗 受洗'],
  ['祈祷', '祷告'],
  ['崇拜', '敬拜'],
  ['撒旦', '撒但'],
  ['恶魔', '魔鬼 鬼'],
  ['天堂', '天国 乐园'],
  // Feelings and virtues.
  ['担心', '忧虑 挂虑'],
  ['焦虑', '忧虑 挂虑'],
  ['耐心', '忍耐'],
  ['勇敢', '刚强 壮胆'],
  ['坚强', '刚强'],
  ['幸福', '福'],
  ['感觉', '觉得'],
  // Creation.
  ['彩虹', '虹'],
  ['星星', '星'],
  ['太阳', '日头'],
  ['沙漠', '旷野'],
  ['森林', '树林'],
  ['动物', '走兽 牲畜'],
];

/**
 * A Simplified Chinese question with the Union Version's words for the words of today's Chinese it holds, after it
 * (出生 → "…出生… 生在 降生"); the question is unchanged when it holds none.
 */
export function withUnionDiction(question: string): string {
  const said = DICTION.filter(([today]) => question.includes(today)).map(([, union]) => union);
  return said.length ? `${question} ${said.join(' ')}` : question;
}
