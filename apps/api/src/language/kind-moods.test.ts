import { describe, expect, it } from 'vitest';
import { moodsOf, personWords } from './kind-moods.ts';

describe('the moods of a verse clause', () => {
  it.each([
    ['凡劳苦担重担的人', 'lament'],
    ['耶和华是我的牧者', 'trust'],
    ['要称谢他，称颂他的名', 'praise'],
    ['我们若认自己的罪', 'confession'],
    ['你们要将一切的忧虑卸给神', 'command'],
    ['Come to me, all you who labour and are heavily burdened', 'command'],
    ['The LORD is near to those who have a broken heart', 'lament'],
    ['Your faithfulness reaches to the skies', 'trust'],
    ['Great is your faithfulness', 'praise'],
    ['If we confess our sins', 'confession'],
    ['Go and do likewise', 'command'],
  ] as const)('reads %s as %s', (clause, mood) => expect(moodsOf(clause)).toContain(mood));

  it('reads a word whole: "since" is no sin, "singing" is singing', () => {
    expect(moodsOf('since the day we heard')).not.toContain('confession');
    expect(moodsOf('singing and making melody')).toContain('praise');
  });
});

describe('the people a piece is asked for', () => {
  it('knows mother and 母亲 as who, not what', () => {
    expect(personWords().zh).toContain('母亲');
    expect(personWords().en.has('mother')).toBe(true);
  });
});
