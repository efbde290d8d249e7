import { describe, expect, it } from 'vitest';
import { composeAnswerFirst, pairedMarks, quotedInside, statedAnswer } from './answer-first.ts';
import { LEAD_STATE_AT } from './lead-choice.ts';
import type { AnswerContext, ContextVerse } from './answer-model.ts';
import { countedIn } from '../language/question-shapes.ts';

const verse = (n: number): ContextVerse => ({
  ref: `GEN.5.${n}`,
  label: `Genesis 5:${n}`,
  text: `Verse ${n} of the chapter.`,
  book: 'GEN',
});

function context(focus: AnswerContext['focus']): AnswerContext {
  return {
    question: 'How long did Methuselah live?',
    kind: 'answer',
    mode: 'advanced',
    language: 'en',
    tradition: 'protestant',
    translationName: 'World English Bible',
    verses: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map(verse),
    crossReferences: [verse(20), verse(21)],
    entries: [],
    focus,
    history: [],
  };
}

describe('composeAnswerFirst in advanced mode', () => {
  it('quotes four other passages after the key one, names five more, and no more', () => {
    const text = composeAnswerFirst(context('topic'));
    for (const n of [2, 3, 4, 5]) expect(text).toContain(`“Verse ${n} of the chapter.” (Genesis 5:${n})`);
    expect(text).toContain('See also: Genesis 5:6, Genesis 5:7, Genesis 5:8, Genesis 5:9, Genesis 5:10');
    expect(text).not.toContain('Verse 6 of the chapter');
    expect(text).not.toContain('Genesis 5:11');
  });

  it("puts the key verse's setting after the other passages", () => {
    const text = composeAnswerFirst({
      ...context('fact'),
      setting: [{ ...verse(1), ref: 'GEN.5.1-3', label: 'Genesis 5:1-3' }],
    });
    expect(text.indexOf('### In its setting')).toBeGreaterThan(text.indexOf('See also:'));
  });

  it('gives a question of fact the ranked passages, not the parallels of its key verse', () => {
    const fact = composeAnswerFirst(context('fact'));
    expect(fact).not.toContain('Cross-references');
    expect(fact).not.toContain('Genesis 5:20');
    const topic = composeAnswerFirst(context('topic'));
    expect(topic).toContain('### Cross-references');
    expect(topic).toContain('(Genesis 5:20)');
  });
});

/** How a question of fact asks (question/analyse.ts), with what the test sets. */
function asksFact(set: Partial<NonNullable<AnswerContext['asks']>>): NonNullable<AnswerContext['asks']> {
  return { fact: true, why: false, whyTopic: false, who: false, where: false, number: false, lifespan: false, ...set };
}

describe('the lead of a question of fact', () => {
  const key = { ...context('fact'), verses: [verse(1)] };
  it('states the verse as the answer, except to a "why" question, which gets the passage that speaks to it', () => {
    expect(composeAnswerFirst(key)).toMatch(/^According to Genesis 5:1: “Verse 1/);
    // The composer reads how the question asks from its analysis (question/analyse.ts), not from its words.
    const asksWhy = asksFact({ why: true });
    const why = composeAnswerFirst({ ...key, question: 'Why does God allow suffering?', asks: asksWhy });
    expect(why).toMatch(/^The Bible speaks to this most directly in Genesis 5:1:/);
    const pourquoi = composeAnswerFirst({
      ...key,
      language: 'fr-fr',
      question: 'Pourquoi Dieu permet-il la souffrance ?',
      asks: asksWhy,
    });
    expect(pourquoi).toMatch(/^La Bible répond le plus directement/);
  });

  it('states the count a question of number asks, in the verse’s own words, before the verse; never another number', () => {
    const asks = (question: string) => asksFact({ number: true, counted: countedIn(question) });
    const ask = (question: string, text: string, language: AnswerContext['language'] = 'en') =>
      composeAnswerFirst({
        ...key,
        language,
        question,
        asks: asks(question),
        verses: [{ ...verse(7), ref: 'DEU.34.7', label: language === 'en' ? 'Deuteronomy 34:7' : '申命记 34:7', text }],
      });
    expect(ask('How old was Moses when he died?', 'Moses was one hundred and twenty years old when he died.')).toMatch(
      /^In short: one hundred and twenty years \(Deuteronomy 34:7\)\.\n\n> Moses was one hundred/,
    );
    expect(ask('摩西死的时候多少岁？', '摩西死的时候年一百二十岁；眼目没有昏花，精神没有衰败。', 'zh-cn')).toMatch(
      /^简要回答：一百二十岁（申命记 34:7）。\n\n> 摩西死的时候/,
    );
    // Not asserted when unsure: the key verse states two counts, or the passages after it agree on another count.
    expect(
      ask(
        'How many years did Methuselah live?',
        'Methuselah lived seven hundred eighty-two years, and nine hundred years.',
      ),
    ).toMatch(/^According to/);
    const outvoted = composeAnswerFirst({
      ...key,
      question: 'How many disciples did Jesus choose?',
      asks: asks('How many disciples did Jesus choose?'),
      verses: [
        { ...verse(1), text: 'The two disciples heard him speak.' },
        { ...verse(2), text: 'He called his twelve disciples to him.' },
        { ...verse(3), text: 'These are the names of the twelve disciples.' },
      ],
    });
    expect(outvoted).toMatch(/^According to Genesis 5:1: /);
    // A verse that states a number, but not in the unit asked (a date), is quoted without an answer stated.
    expect(ask('How many years did Israel wander?', 'On the fifteenth day of the second month they came.')).toMatch(
      /^According to Deuteronomy 34:7: /,
    );
  });

  it('names the person a question of who asks when the notes point to them and the key verse names them', () => {
    const asksWho = asksFact({ who: true });
    const ask = (named: string[], text: string, language: AnswerContext['language'] = 'en') =>
      composeAnswerFirst({
        ...key,
        language,
        question: 'Who was the first king of Israel?',
        asks: asksWho,
        named,
        verses: [
          { ...verse(1), ref: '1SA.10.1', label: language === 'en' ? '1 Samuel 10:1' : '撒母耳记上 10:1', text },
        ],
      });
    expect(ask(['saul'], 'Samuel took the vial of oil, and poured it on the head of Saul, and kissed him.')).toMatch(
      /^In short: Saul \(1 Samuel 10:1\)\.\n\n> Samuel took the vial/,
    );
    // In the reader's language, as the verse spells the name (derived/names-zh.json).
    expect(ask(['saul'], '撒母耳拿瓶膏油倒在扫罗的头上，与他亲嘴。', 'zh-cn')).toMatch(
      /^简要回答：扫罗（撒母耳记上 10:1）。\n\n> 撒母耳拿瓶膏油/,
    );
    // Not stated when the key verse does not name the person the notes point to, or when no note points to one.
    expect(ask(['saul'], 'Samuel took the vial of oil, and poured it on his head.')).toMatch(/^According to/);
    expect(ask([], 'Samuel took the vial of oil, and poured it on the head of Saul.')).toMatch(/^According to/);
    // Nor when the notes' second person is the one the verse names: the two readings must agree on the first.
    expect(ask(['jonathan', 'saul'], 'Samuel poured it on the head of Saul.')).toMatch(/^According to/);
  });

  it('names the place a question of where asks when the notes and the key verse agree on it', () => {
    const asksWhere = asksFact({ where: true });
    const text =
      'The ship rested in the seventh month, on the seventeenth day of the month, on the mountains of Ararat.';
    const where = (named: string[]) =>
      composeAnswerFirst({
        ...key,
        question: 'Where did the ark come to rest?',
        asks: asksWhere,
        named,
        verses: [{ ...verse(1), ref: 'GEN.8.4', label: 'Genesis 8:4', text }],
      });
    expect(where(['ararat'])).toMatch(/^In short: Ararat \(Genesis 8:4\)\.\n\n> The ship rested/);
    expect(where(['sinai'])).toMatch(/^According to Genesis 8:4: /);
  });

  it('states an answer only when the lead model is sure enough of its key passage; else quotes it', () => {
    const text = 'The ship rested in the seventh month, on the mountains of Ararat.';
    const context = (leadConfidence?: number) => ({
      ...key,
      question: 'Where did the ark come to rest?',
      asks: asksFact({ where: true }),
      named: ['ararat'],
      verses: [{ ...verse(1), ref: 'GEN.8.4', label: 'Genesis 8:4', text }],
      ...(leadConfidence === undefined ? {} : { leadConfidence }),
    });
    expect(statedAnswer(context(0.9), 0.5)).toBe('Ararat');
    expect(statedAnswer(context(0.3), 0.5)).toBeUndefined();
    // The rules chose the key passage (no confidence): stated as before.
    expect(statedAnswer(context(), 0.5)).toBe('Ararat');
    // The composer asks with the fitted threshold (lead-weights.json), which lies between.
    expect(LEAD_STATE_AT).toBeGreaterThan(0.05);
    expect(LEAD_STATE_AT).toBeLessThan(0.95);
    expect(composeAnswerFirst(context(0.99))).toMatch(/^In short: Ararat/);
    expect(composeAnswerFirst(context(0.01))).toMatch(/^According to Genesis 8:4: /);
  });

  it('states no person by a name the reference works tell a place at least as often (Haran)', () => {
    const context = (named: string, text: string) => ({
      ...key,
      question: 'Who went with Abram when he left?',
      asks: asksFact({ who: true }),
      named: [named],
      verses: [{ ...verse(1), ref: 'GEN.12.4', label: 'Genesis 12:4', text }],
    });
    const text = 'Lot went with him. Abram was seventy-five years old when he departed from Haran.';
    expect(statedAnswer(context('haran', text), 0)).toBeUndefined();
    expect(statedAnswer(context('lot', text), 0)).toBe('Lot');
  });

  it('names the account when a few verses of a story answer it, and quotes them whole', () => {
    const account = { ...verse(2), ref: 'GEN.5.2-GEN.5.4', label: 'Genesis 5:2-4', text: 'Verses 2 to 4.' };
    const story = composeAnswerFirst({ ...key, verses: [account] });
    expect(story).toMatch(/^The account is in Genesis 5:2-4:\n\n> Verses 2 to 4\.\n> — Genesis 5:2-4/);
    const chinese = composeAnswerFirst({ ...key, language: 'zh-cn', verses: [{ ...account, label: '创世记 5:2-4' }] });
    expect(chinese).toMatch(/^这件事记在创世记 5:2-4：/);
  });

  it('quotes the verse the retriever ranked in the account’s lead when the scene before it is long', () => {
    const ranked = 'The dove came back to him at evening, and behold, in her mouth was a freshly plucked olive leaf.';
    const account = {
      ...verse(2),
      ref: 'GEN.8.9-GEN.8.11',
      label: 'Genesis 8:9-11',
      text: `But the dove found no place to rest her foot. He waited yet another seven days. ${ranked}`,
      stating: ranked,
    };
    const story = composeAnswerFirst({ ...key, verses: [account] });
    expect(story).toMatch(/^The account is in Genesis 8:9-11, which says: “The dove came back.*olive leaf\.”\n\n> But/);
    // The verse is never named by its number alone, which the verifier would read as a reference without a book.
    expect(story).not.toMatch(/verse 11/i);
    const french = composeAnswerFirst({ ...key, language: 'fr-fr', verses: [{ ...account, label: 'Genèse 8:9-11' }] });
    expect(french).toMatch(/^Le récit se trouve en Genèse 8:9-11, qui dit : « The dove/);
    // A topic's lead is the passage itself, whatever the retriever ranked in it.
    expect(composeAnswerFirst({ ...context('topic'), verses: [account] })).not.toMatch(/which says/);
  });
});

describe('quotedInside', () => {
  it("turns a verse's speech marks into the inner pair and leaves out a mark whose partner is in another verse", () => {
    expect(quotedInside('耶稣说：「你们要彼此相爱。」')).toBe('耶稣说：『你们要彼此相爱。』');
    expect(quotedInside('我也要指示他，为我的名必须受许多的苦难。」')).toBe('我也要指示他，为我的名必须受许多的苦难。');
    expect(quotedInside('他说：「经上记着说：『人活着不是单靠食物。』」')).toBe(
      '他说：『经上记着说：「人活着不是单靠食物。」』',
    );
    expect(quotedInside('主对亚拿尼亚说：「你只管去！')).toBe('主对亚拿尼亚说：你只管去！');
  });

  it('leaves a block quote its paired marks and drops the lone ones, in the key verse and its setting', () => {
    expect(pairedMarks('主对亚拿尼亚说：「你只管去！他是我所拣选的器皿。 我也要指示他。」 亚拿尼亚就去了。')).toBe(
      '主对亚拿尼亚说：「你只管去！他是我所拣选的器皿。 我也要指示他。」 亚拿尼亚就去了。',
    );
    const text = composeAnswerFirst({
      ...context('topic'),
      language: 'zh-cn',
      question: '神为什么允许苦难？',
      verses: [
        { ref: 'ACT.9.16', label: '使徒行传 9:16', text: '我也要指示他，为我的名必须受许多的苦难。」', book: 'ACT' },
      ],
      setting: [
        {
          ref: 'ACT.9.15-ACT.9.16',
          label: '使徒行传 9:15-16',
          text: '主说：「你只管去！ 我也要指示他。」」',
          book: 'ACT',
        },
      ],
    });
    expect(text).toContain('> 我也要指示他，为我的名必须受许多的苦难。\n> ——使徒行传 9:16');
    expect(text).toContain('> 主说：「你只管去！ 我也要指示他。」\n');
  });

  it('quotes a Chinese fact lead with its speech nested, not 「……」」', () => {
    const text = composeAnswerFirst({
      ...context('fact'),
      language: 'zh-cn',
      verses: [
        { ref: 'ACT.9.16', label: '使徒行传 9:16', text: '我也要指示他，为我的名必须受许多的苦难。」', book: 'ACT' },
      ],
    });
    expect(text).toContain('「我也要指示他，为我的名必须受许多的苦难。」');
    expect(text).not.toContain('」」');
  });
});

describe('quotation marks around an English verse that prints its own', () => {
  const forgive: ContextVerse = {
    ref: 'MAT.6.14',
    label: 'Matthew 6:14',
    text: '“For if you forgive men their trespasses, your heavenly Father will also forgive you.',
    book: 'MAT',
  };
  it('prints one opening mark in the lead and in the list of other passages (issue 29)', () => {
    const base = context('fact');
    const lead = composeAnswerFirst({ ...base, verses: [forgive] });
    expect(lead).toMatch(/^According to Matthew 6:14: “For if you forgive/);
    const listed = composeAnswerFirst({ ...base, focus: 'topic', verses: [verse(1), forgive] });
    expect(listed).toContain(
      '- “For if you forgive men their trespasses, your heavenly Father will also forgive you.” (',
    );
    expect(listed).not.toContain('““');
  });
});

describe("a book the reader's language has no text of", () => {
  const tobit: ContextVerse = {
    ref: 'TOB.4.7',
    label: '多俾亚传 4:7',
    text: 'Give alms from your substance, and do not turn your face away from any poor person.',
    book: 'TOB',
    translationName: 'Catholic Public Domain Version (2009)',
    otherLanguage: true,
  };
  const chinese = (verses: ContextVerse[]): AnswerContext => ({
    ...context('topic'),
    language: 'zh-cn',
    tradition: 'catholic',
    question: '圣经关于施舍怎么说？',
    verses,
  });

  const line = '文库中没有多俾亚传的中文经文，其经文引自Catholic Public Domain Version (2009)（英文）。';

  it('says so in one line in the reader’s language, first when the key verse is from that book', () => {
    const text = composeAnswerFirst(chinese([tobit, { ...verse(1), label: '创世记 5:1' }]));
    expect(text.split('\n')[0]).toBe(line);
    expect(text.split('\n').filter((l) => l === line)).toHaveLength(1);
  });

  it('says so after the other passages when the answer leads with a verse in the reader’s language', () => {
    const text = composeAnswerFirst(chinese([{ ...verse(1), label: '创世记 5:1' }, tobit]));
    expect(text.split('\n')[0]).not.toBe(line);
    const lines = text.split('\n');
    expect(lines.indexOf(line)).toBeGreaterThan(lines.findIndex((l) => l.includes('多俾亚传 4:7')));
    expect(text).toContain('（多俾亚传 4:7（Catholic Public Domain Version (2009)））');
  });

  it('says nothing when every passage is in the reader’s language, or another translation in it', () => {
    expect(composeAnswerFirst(chinese([{ ...verse(1), label: '创世记 5:1' }]))).not.toContain('文库中没有');
    const english = composeAnswerFirst({
      ...context('topic'),
      verses: [{ ...tobit, label: 'Tobit 4:7', otherLanguage: undefined }],
    });
    expect(english).not.toContain('is quoted from');
  });
});
