// The Union Version's spelling of names Chinese readers write otherwise: the Catholic Studium Biblicum's (梅瑟 for
// 摩西, 伯多禄 for 彼得, 若望 for 约翰) and today's common spellings (诺亚 for 挪亚, 撒马利亚 for 撒玛利亚, 约旦 for 约但).
// The corpus's Chinese Bibles are the Union Version, so a question is searched in its spelling; without it
// "撒马利亚妇人" found Mary (马利亚) inside Samaria. Only strings of two characters or more that are no everyday words.
import { foldToSimplified } from '../chinese-text.ts';

const SPELLINGS: readonly (readonly [string, string])[] = [
  // Today's spellings.
  ['撒马利亚', '撒玛利亚'],
  ['诺亚', '挪亚'],
  ['约旦', '约但'],
  ['拿撒冷', '拿撒勒'],
  // The Studium Biblicum's (思高本), Old Testament.
  ['亚巴郎', '亚伯拉罕'],
  ['依撒格', '以撒'],
  ['雅各伯', '雅各'],
  ['若瑟', '约瑟'],
  ['梅瑟', '摩西'],
  ['亚郎', '亚伦'],
  ['若苏厄', '约书亚'],
  ['基德红', '基甸'],
  ['三松', '参孙'],
  ['卢德', '路得'],
  ['撒慕尔', '撒母耳'],
  ['撒乌耳', '扫罗'],
  ['达味', '大卫'],
  ['撒落满', '所罗门'],
  ['厄里亚', '以利亚'],
  ['厄里叟', '以利沙'],
  ['依撒意亚', '以赛亚'],
  ['耶肋米亚', '耶利米'],
  ['厄则克耳', '以西结'],
  ['达尼尔', '但以理'],
  ['约纳', '约拿'],
  ['诺厄', '挪亚'],
  ['厄娃', '夏娃'],
  ['加音', '该隐'],
  ['亚伯尔', '亚伯'],
  ['哥肋雅', '歌利亚'],
  ['厄斯德尔', '以斯帖'],
  ['纳堂', '拿单'],
  ['法郎', '法老'],
  ['西乃山', '西奈山'],
  ['白冷', '伯利恒'],
  // New Testament.
  ['伯多禄', '彼得'],
  ['保禄', '保罗'],
  ['扫禄', '扫罗'],
  ['若翰', '约翰'],
  ['若望', '约翰'],
  ['玛窦', '马太'],
  ['马尔谷', '马可'],
  ['多默', '多马'],
  ['斐理伯', '腓利'],
  ['安德肋', '安得烈'],
  ['巴尔多禄茂', '巴多罗买'],
  ['玛弟亚', '马提亚'],
  ['斯德望', '司提反'],
  ['巴尔纳伯', '巴拿巴'],
  ['弟茂德', '提摩太'],
  ['拉匝禄', '拉撒路'],
  ['玛尔大', '马大'],
  ['玛达肋纳', '抹大拉'],
  ['匝凯', '撒该'],
  ['黑落德', '希律'],
  ['依撒伯尔', '以利沙伯'],
  ['匝加利亚', '撒迦利亚'],
  ['尼苛德摩', '尼哥底母'],
  ['加里肋亚', '加利利'],
  ['纳匝肋', '拿撒勒'],
];

/** A Chinese question folded to Simplified, in the Union Version's spelling of the names it writes otherwise. */
export function unionSpelling(text: string): string {
  let out = foldToSimplified(text);
  for (const [variant, union] of SPELLINGS) if (out.includes(variant)) out = out.split(variant).join(union);
  return out;
}
