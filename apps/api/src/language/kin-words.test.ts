import { describe, expect, it } from 'vitest';
import { readWordsByTag } from './word-list.ts';
import { isSingleTie, kinAsked, statesKin } from './kin-words.ts';

describe('kinAsked', () => {
  it('reads the tie a question asks of someone, in English, in every reader language', () => {
    expect(kinAsked('大卫的父亲是谁？', 'zh-Hans')).toBe('father');
    expect(kinAsked('撒母耳的母親叫什麼名字？', 'zh-Hant')).toBe('mother');
    expect(kinAsked("What was the name of Moses' wife?", 'en')).toBe('wife');
    expect(kinAsked("What was the name of Moses' father-in-law?", 'en')).toBe('father-in-law');
    expect(kinAsked('¿Quién fue el padre del rey David?', 'es')).toBe('father');
    expect(kinAsked('Comment s’appelait la femme de Moïse ?', 'fr')).toBe('wife');
  });

  it('takes the tie named first, and none from a word that only holds one', () => {
    expect(kinAsked('亚伦的姐姐、拿着鼓带领妇女跳舞的女先知是谁？', 'zh-Hans')).toBe('sister');
    expect(kinAsked('Which son of David rebelled against his father?', 'en')).toBe('son');
    expect(kinAsked('Who was the grandson of Ruth?', 'en')).toBeUndefined();
    expect(kinAsked('Who killed Goliath?', 'en')).toBeUndefined();
    expect(kinAsked('谁杀了歌利亚？', 'zh-Hans')).toBeUndefined();
  });

  it('reads no tie asked when the question asks whose it is: the answer is the one who has it', () => {
    expect(kinAsked('Whose wife falsely accused Joseph?', 'en')).toBeUndefined();
    expect(kinAsked('大衛是誰的兒子？', 'zh-Hant')).toBeUndefined();
    expect(kinAsked('Who was the wife of Isaac?', 'en')).toBe('wife');
  });
});

describe('statesKin', () => {
  it('finds a word of family, birth or marriage in the reader’s Bible', () => {
    expect(statesKin('大卫是犹大伯利恒的以法他人耶西的儿子。', 'zh-Hans')).toBe(true);
    expect(statesKin('And Jesse begat David the king.', 'en')).toBe(true);
    expect(statesKin('Y Jesé engendró al rey David.', 'es')).toBe(true);
    expect(statesKin('Et Isaï engendra David, le roi.', 'fr')).toBe(true);
    expect(statesKin('David smote the Philistine in his forehead.', 'en')).toBe(false);
    expect(statesKin('大卫用机弦甩石打中非利士人的额。', 'zh-Hans')).toBe(false);
  });
});

describe('kin-words.tsv', () => {
  it('gives every asked word a tie that English asks with, and marks only asked ties as single', () => {
    const byTag = readWordsByTag('kin-words.tsv');
    const english = new Set([...byTag.keys()].filter((t) => t.startsWith('en.asked.')).map((t) => t.slice(9)));
    expect(english.has('father')).toBe(true);
    const ties = [...byTag.keys()].filter((t) => /^[a-z]+\.asked\./.test(t)).map((t) => t.split('.')[2]!);
    expect(ties.filter((tie) => !english.has(tie))).toEqual([]);
    expect((byTag.get('one') ?? []).filter((tie) => !english.has(tie))).toEqual([]);
    expect(isSingleTie('father')).toBe(true);
    expect(isSingleTie('son')).toBe(false);
  });
});
