import { describe, expect, it } from 'vitest';
import { createPassageGuide, type GuideEntry } from './passage-guide.ts';

const entries: GuideEntry[] = [
  {
    id: 'lords-prayer',
    kind: 'passage',
    refs: ['MAT.6.9-MAT.6.13'],
    names: { 'zh-Hans': ['主祷文'], en: ["Lord's Prayer", 'Our Father'], es: ['Padre Nuestro'], fr: ['Notre Père'] },
  },
  { id: 'elijah', kind: 'person', refs: ['1KI.17.1'], names: { 'zh-Hans': ['以利亚'], en: ['Elijah'] } },
  { id: 'eleazar', kind: 'person', refs: ['NUM.20.28'], names: { 'zh-Hans': ['以利亚撒'], en: ['Eleazar'] } },
  { id: 'leah', kind: 'person', refs: ['GEN.29.16'], names: { 'zh-Hans': ['利亚'], en: ['Leah'] } },
  { id: 'mary', kind: 'person', refs: ['LUK.1.27'], names: { 'zh-Hans': ['玛利亚'] } },
  { id: 'samaria', kind: 'place', refs: ['1KI.16.24'], names: { 'zh-Hans': ['撒玛利亚'] } },
  {
    id: 'anxiety',
    kind: 'topic',
    refs: ['PHP.4.6-PHP.4.7', '1PE.5.7'],
    names: { 'zh-Hans': ['焦虑', '忧虑'], en: ['worry', 'anxiety'], fr: ['inquiétude'] },
  },
  {
    id: 'feeding-of-the-5000',
    kind: 'passage',
    refs: ['MAT.14.15-MAT.14.21'],
    names: { en: ['feeding of the five thousand'], es: ['multiplicación de los panes'] },
  },
  {
    id: 'good-samaritan',
    kind: 'passage',
    refs: ['LUK.10.30-LUK.10.37'],
    names: { 'zh-Hans': ['好撒玛利亚人'], en: ['Good Samaritan'] },
  },
  {
    id: 'baptism-of-jesus',
    kind: 'passage',
    refs: ['MAT.3.13-MAT.3.17'],
    names: { 'zh-Hans': ['耶稣受洗', '主受洗'], en: ['baptism of Jesus'] },
  },
  { id: 'baptism', kind: 'topic', refs: ['ROM.6.3-ROM.6.4'], names: { 'zh-Hans': ['受洗', '洗礼'] } },
];
const guide = createPassageGuide(entries);
const ids = (question: string, language: Parameters<typeof guide.match>[1]) =>
  guide.match(question, language).map((m) => m.entry.id);

describe('passage guide', () => {
  it('finds a named passage in Simplified and Traditional Chinese', () => {
    expect(ids('主祷文的内容是什么？', 'zh-Hans')).toEqual(['lords-prayer']);
    expect(ids('主禱文的內容是什麼？', 'zh-Hant')).toEqual(['lords-prayer']);
  });

  it('keeps Chinese names whole: the longest alias wins and the shorter one inside it is not matched', () => {
    expect(ids('以利亚撒是谁？', 'zh-Hans')).toEqual(['eleazar']);
    expect(ids('以利亚是怎样被接升天的？', 'zh-Hans')).toEqual(['elijah']);
    expect(ids('撒玛利亚在哪里？', 'zh-Hans')).toEqual(['samaria']);
    expect(ids('圣母玛利亚是谁', 'zh-Hans')).toEqual(['mary']);
    expect(ids('好撒玛利亚人的比喻', 'zh-Hans')).toEqual(['good-samaritan']);
  });

  it("does not find a person inside another's name the Union Version spells (利亚, Leah, in 乌利亚, Uriah)", () => {
    expect(ids('乌利亚的妻子是谁？', 'zh-Hans')).toEqual([]);
    expect(ids('烏利亞的妻子是誰？', 'zh-Hant')).toEqual([]);
    expect(ids('利亚是谁的妻子？', 'zh-Hans')).toEqual(['leah']);
  });

  it('lists the longer names that hold a name', () => {
    expect(guide.longerNames('以利亚')).toEqual(['以利亚撒']);
    expect(guide.longerNames('玛利亚')).toEqual(['撒玛利亚']);
    expect(guide.longerNames('以利亚撒')).toEqual([]);
  });

  it('matches English, Spanish and French words after stemming and accent folding, on word boundaries', () => {
    expect(ids('What does the Bible say when I am worried?', 'en')).toEqual(['anxiety']);
    expect(ids('Explain the lord’s prayer', 'en')).toEqual(['lords-prayer']);
    expect(ids('¿Qué significa el padre nuestro?', 'es')).toEqual(['lords-prayer']);
    expect(ids('Que dit la Bible sur les inquiétudes ?', 'fr')).toEqual(['anxiety']);
    expect(ids('Que veut dire Notre Pere ?', 'fr')).toEqual(['lords-prayer']);
    expect(ids('Tell me about the Elijahs', 'en')).toEqual(['elijah']);
    // A word inside another never matches.
    expect(ids('Our fatherland and its worryless people', 'en')).toEqual([]);
  });

  it('returns matches in question order, one per entry', () => {
    expect(ids('焦虑时怎样念主祷文？焦虑', 'zh-Hans')).toEqual(['anxiety', 'lords-prayer']);
  });

  it('matches nothing in a question about something else, or in an unlisted language', () => {
    expect(ids('今天天气怎么样？', 'zh-Hans')).toEqual([]);
    expect(ids('主祷文', 'fr')).toEqual([]);
  });

  it('skips articles, prepositions and "and" on both sides, and no word that carries meaning', () => {
    expect(ids('how many baskets were left after feeding the five thousand', 'en')).toEqual(['feeding-of-the-5000']);
    expect(ids('¿Qué es la multiplicación de panes?', 'es')).toEqual(['feeding-of-the-5000']);
    // "Our" is not skipped: "father" alone is not the Lord's Prayer.
    expect(ids('what did our father say', 'en')).toEqual(['lords-prayer']);
    expect(ids('my father is ill', 'en')).toEqual([]);
  });
});

describe('a Chinese passage name with question words inside it', () => {
  it('is found when only question words of the list stand between its parts, in either script', () => {
    expect(ids('耶稣为什么要受洗？', 'zh-Hans')).toEqual(['baptism-of-jesus']);
    expect(ids('耶穌為什麼要受洗？', 'zh-Hant')).toEqual(['baptism-of-jesus']);
    expect(ids('耶稣是在哪里受洗的？', 'zh-Hans')).toEqual(['baptism-of-jesus']);
    expect(guide.match('耶稣为什么要受洗？', 'zh-Hans')[0]).toMatchObject({
      start: 0,
      end: 8,
      text: '耶稣为什么要受洗',
    });
  });

  it('is not found across other words, nor for a topic, and a name whole is found as before', () => {
    // 在约旦河 is not a question word: the topic alone.
    expect(ids('耶稣在约旦河受洗', 'zh-Hans')).toEqual(['baptism']);
    expect(ids('我为什么要受洗？', 'zh-Hans')).toEqual(['baptism']);
    expect(ids('耶稣受洗的意义', 'zh-Hans')).toEqual(['baptism-of-jesus']);
  });
});
