import { describe, expect, it } from 'vitest';
import {
  OPENING_CHARS,
  firstCitationGold,
  foldForAnswer,
  openingHasAnswer,
  openingText,
  showsVerseTwice,
  statesAnswer,
} from './answer-facts.ts';

const linked = (reference: string, start?: number, end?: number) => ({
  status: 'linked' as const,
  reference,
  ...(start === undefined ? {} : { start, end }),
});

/** A citation of `text` where it first stands in `content`. */
const citing = (content: string, text: string, reference: string) => {
  const start = content.indexOf(text);
  return linked(reference, start, start + text.length);
};

describe('foldForAnswer', () => {
  it('folds case, width, accents, Traditional characters and punctuation', () => {
    expect(foldForAnswer('Saül')).toBe('saul');
    expect(foldForAnswer('ＳＡＵＬ')).toBe('saul');
    expect(foldForAnswer('掃羅')).toBe('扫罗');
    expect(foldForAnswer('Lot’s  wife!')).toBe('lot s wife');
  });
});

describe('statesAnswer', () => {
  it('finds a Chinese form anywhere, in either script', () => {
    expect(statesAnswer('以色列的第一个王是扫罗。', ['扫罗'])).toBe(true);
    expect(statesAnswer('以色列的第一個王是掃羅。', ['扫罗'])).toBe(true);
    expect(statesAnswer('以色列的第一个王是扫罗。', ['掃羅'])).toBe(true);
    expect(statesAnswer('大卫作王', ['扫罗'])).toBe(false);
  });

  it('finds other forms as whole words only, whatever their case and accents', () => {
    expect(statesAnswer('The first king was SAUL.', ['Saul'])).toBe(true);
    expect(statesAnswer('Le premier roi fut Saül.', ['Saul'])).toBe(true);
    expect(statesAnswer('El primer rey fue Saul.', ['Saúl'])).toBe(true);
    expect(statesAnswer('every living thing', ['Eve'])).toBe(false);
    expect(statesAnswer('Paul wrote', ['Saul'])).toBe(false);
    expect(statesAnswer('the feuille d’olivier', ["feuille d'olivier"])).toBe(true);
    expect(statesAnswer('faith, hope, and love remain', ['faith hope and love'])).toBe(true);
  });

  it('finds a number in digits or words, never inside a longer number', () => {
    expect(statesAnswer('Moses was 120 years old', ['120', 'one hundred and twenty'])).toBe(true);
    expect(statesAnswer('one hundred and twenty years', ['120', 'one hundred and twenty'])).toBe(true);
    expect(statesAnswer('他禁食四十昼夜', ['40', '四十'])).toBe(true);
    expect(statesAnswer('活了一百四十岁', ['40', '四十'])).toBe(false);
    expect(statesAnswer('四十二个月', ['40', '四十'])).toBe(false);
    expect(statesAnswer('it lasted 140 days', ['40'])).toBe(false);
    expect(statesAnswer('服事了十七年', ['七年'])).toBe(false);
    expect(statesAnswer('服事了七年', ['七年'])).toBe(true);
  });

  it('ignores an empty form', () => {
    expect(statesAnswer('anything', [' '])).toBe(false);
  });
});

describe('the opening', () => {
  it('is the first 280 characters, the answer found there and not later', () => {
    const content = `${'x '.repeat(150)}Saul`;
    expect(OPENING_CHARS).toBe(280);
    expect(openingHasAnswer(content, [], ['Saul'])).toBe(false);
    expect(openingHasAnswer(content, [], ['Saul'], 400)).toBe(true);
  });

  it('does not read the answer in a reference: a book named after someone, or chapter and verse', () => {
    const samuel = 'According to 1 Samuel 16:13: “Then the horn of oil…”';
    expect(openingHasAnswer(samuel, [citing(samuel, '1 Samuel 16:13', '1SA.16.13')], ['Samuel'])).toBe(false);
    const zh = '根据撒母耳记上 16:13：「撒母耳就用角里的膏油……」';
    expect(openingHasAnswer(zh, [citing(zh, '撒母耳记上 16:13', '1SA.16.13')], ['撒母耳'])).toBe(true);
    const moses = 'According to Deuteronomy 34:7: “Moses was one hundred and twenty years old…”';
    expect(openingHasAnswer(moses, [citing(moses, 'Deuteronomy 34:7', 'DEU.34.7')], ['7'])).toBe(false);
    expect(openingText('Jn 3,16 y 19:2-5 dicen', [])).not.toMatch(/\d/);
  });
});

describe('first citation gold', () => {
  it('holds when the first linked passage holds a gold verse', () => {
    const gold = ['1SA.10.1'];
    expect(firstCitationGold({ gold, citations: [linked('1SA.10.1-1SA.10.2'), linked('2SA.5.3')] })).toBe(true);
    expect(firstCitationGold({ gold, citations: [linked('2SA.5.3'), linked('1SA.10.1')] })).toBe(false);
    expect(firstCitationGold({ gold, citations: [{ status: 'invalid', reference: null }, linked('1SA.10.1')] })).toBe(
      true,
    );
    expect(firstCitationGold({ gold, citations: [] })).toBe(false);
  });
});

describe('verses shown twice', () => {
  it('counts the same verse again and a verse inside another shown range', () => {
    expect(showsVerseTwice([linked('DEU.34.7'), linked('DEU.34.5-DEU.34.9')])).toBe(true);
    expect(showsVerseTwice([linked('JHN.3.16'), linked('ROM.5.8'), linked('JHN.3.16')])).toBe(true);
    expect(showsVerseTwice([linked('DEU.34.7'), linked('DEU.34.8-DEU.34.9'), linked('JOS.1.1')])).toBe(false);
  });

  it('reads a reference named above and under its own quotation as one passage shown once', () => {
    expect(showsVerseTwice([linked('GEN.5.1-GEN.5.2'), linked('GEN.5.1-GEN.5.2'), linked('GEN.2.7')])).toBe(false);
    expect(showsVerseTwice([linked('GEN.5.1-GEN.5.2'), linked('GEN.2.7'), linked('GEN.5.1-GEN.5.2')])).toBe(true);
  });

  it('reads a reference inside a quoted verse as that verse’s words, not a passage shown', () => {
    const lead = linked('1KI.17.9-1KI.17.11', 0, 10);
    const note = linked('LUK.4.26', 30, 40);
    const under = { ...linked('1KI.17.9-1KI.17.11', 90, 100), quote: { start: 20, end: 80 } };
    const related = linked('LUK.4.26', 120, 130);
    expect(showsVerseTwice([lead, note, under, related])).toBe(false);
    // Outside the quotation it is a passage of its own, shown twice.
    expect(showsVerseTwice([lead, { ...note, start: 82, end: 88 }, under, related])).toBe(true);
  });

  it('reads linked citations only', () => {
    expect(showsVerseTwice([linked('JHN.3.16'), { status: 'misquoted', reference: 'JHN.3.16' }])).toBe(false);
  });
});
