import { describe, expect, it } from 'vitest';
import { moodsOf, personWords, warns, withoutPersonWords } from './kind-moods.ts';

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

  it('reads the shadow of death as lament, not the shadow of the Almighty or a turning shadow', () => {
    expect(moodsOf('though I walk through the valley of the shadow of death')).toContain('lament');
    expect(moodsOf('will rest in the shadow of the Almighty')).not.toContain('lament');
    expect(moodsOf('with whom can be no variation nor turning shadow')).not.toContain('lament');
  });
});

describe('the people a piece is asked for', () => {
  it('knows mother and 母亲 as who, not what', () => {
    expect(personWords().zh).toContain('母亲');
    expect(personWords().en.has('mother')).toBe(true);
  });
});

describe('warns: a clause of wrath or condemnation, which no prayer or poem says', () => {
  it.each([
    ['不信子的人得不着永生，神的震怒常在他身上', true],
    ['不信的，必被定罪', true],
    ['but the wrath of God remains on him', true],
    ['and after this, judgement', true],
    ['叫一切信他的，不至灭亡，反得永生', false],
    ['如今，那些在基督耶稣里的就不定罪了', false],
    ['should not perish, but have eternal life', false],
    ['There is therefore now no condemnation', false],
    ['The LORD is my shepherd', false],
  ])('%s → %s', (clause, expected) => {
    expect(warns(clause)).toBe(expected);
  });
});

describe('withoutPersonWords: what a request is about, without whom it is for', () => {
  it('takes out the person and keeps the rest', () => {
    expect(withoutPersonWords('刚信主的朋友')).toBe('刚信主的');
    expect(withoutPersonWords('a prayer for my friend who just believed')).toBe('a prayer for my who just believed');
  });

  it('is nothing when the request names no one, or only someone', () => {
    expect(withoutPersonWords('神的信实')).toBeUndefined();
    expect(withoutPersonWords('朋友')).toBeUndefined();
  });
});
