import { describe, expect, it } from 'vitest';
import type { AnswerContext, ContextVerse } from './answer-model.ts';
import { ownWords } from '../eval/kinds/kind-metrics.ts';
import { poem, prayer, sermon } from './kind-forms.ts';
import { kindChoices, kindPhrase, type KindPhrase } from './kind-phrases.ts';
import { quoteMatches } from './quotation.ts';
import { clausesOf } from './verse-clauses.ts';

const verse = (ref: string, label: string, text: string): ContextVerse => ({
  ref,
  label,
  text,
  book: ref.split('.')[0]!,
});

const ZH = [
  verse('PSA.34.18', '诗篇 34:18', '耶和华靠近伤心的人，拯救灵性痛悔的人。'),
  verse('MAT.11.28', '马太福音 11:28', '凡劳苦担重担的人可以到我这里来，我就使你们得安息。'),
  verse(
    'PSA.42.11',
    '诗篇 42:11',
    '我的心哪，你为何忧闷？为何在我里面烦躁？应当仰望神，因我还要称赞他。他是我脸上的光荣，是我的神。',
  ),
  verse(
    'LAM.3.22-LAM.3.23',
    '耶利米哀歌 3:22-23',
    '我们不至消灭，是出于耶和华诸般的慈爱；是因他的怜悯不至断绝。 每早晨，这都是新的；你的诚实极其广大！',
  ),
];
const EN = [
  verse(
    'PSA.34.18',
    'Psalm 34:18',
    'Yahweh is near to those who have a broken heart, and saves those who have a crushed spirit.',
  ),
  verse(
    'MAT.11.28',
    'Matthew 11:28',
    '“Come to me, all you who labour and are heavily burdened, and I will give you rest.',
  ),
  verse(
    'PHP.4.6',
    'Philippians 4:6',
    'In nothing be anxious, but in everything, by prayer and petition with thanksgiving, let your requests be made known to God.',
  ),
];

function context(language: 'zh-cn' | 'en', theme: string, verses: ContextVerse[], again = 0): AnswerContext {
  return {
    question: theme,
    kind: 'poem',
    mode: 'simple',
    language,
    tradition: 'protestant',
    translationName: '',
    verses,
    crossReferences: [],
    entries: [],
    history: Array.from({ length: again }, () => ({ question: theme, answer: '' })),
    intent: { offTopic: false, theme },
  };
}

describe('verse clauses', () => {
  it('cuts a verse at its clauses, joins a short one to the next, and drops quotation marks', () => {
    expect(clausesOf('“Come to me, all you who labour and are heavily burdened, and I will give you rest.')).toEqual([
      'Come to me, all you who labour and are heavily burdened,',
      'and I will give you rest.',
    ]);
    expect(clausesOf('耶稣说：「你去照样行吧。」')).toEqual(['耶稣说：你去照样行吧。']);
  });
});

describe('a scripture cento', () => {
  it.each([
    ['zh-cn', '心里忧伤', ZH],
    ['en', 'a heavy heart', EN],
  ] as const)('makes every line of the %s poem of a verse’s words, and lists the verses', (language, theme, verses) => {
    const text = poem(context(language, theme, verses));
    const lines = text
      .split('\n')
      .filter((l) => l && !l.startsWith('#') && !l.startsWith('*'))
      .map((l) => l.trim());
    expect(lines.length).toBeGreaterThanOrEqual(4);
    for (const line of lines) expect(verses.some((v) => quoteMatches(line, v.text))).toBe(true);
    for (const v of verses) expect(text).toContain(v.label);
  });

  it('orders a theme’s lines lament first, praise last', () => {
    const text = poem(context('zh-cn', '心里忧伤', ZH));
    expect(text.indexOf('劳苦担重担')).toBeLessThan(text.indexOf('我还要称赞他'));
  });

  it('gives another arrangement when asked again', () => {
    expect(poem(context('en', 'a heavy heart', EN, 1))).not.toBe(poem(context('en', 'a heavy heart', EN)));
  });
});

describe('a prayer of the passages', () => {
  it('says its verses’ words to God, opens with the one that speaks to him, and ends with the Amen', () => {
    const text = prayer({ ...context('zh-cn', '心里忧伤', ZH), kind: 'prayer' });
    const petitions = text.split('\n\n').slice(1, -1);
    expect(petitions).toEqual([
      '耶和华啊，你靠近伤心的人，拯救灵性痛悔的人（诗篇 34:18）。',
      expect.stringMatching(/^[帮教使让]我们仰望神（诗篇 42:11）。$/u),
      '每早晨，这都是新的；你的诚实极其广大（耶利米哀歌 3:22-23）。',
    ]);
    expect(text).toMatch(/阿们。$/);
    expect(text).not.toContain('心里忧伤带到');
  });

  it('prays a verse in the first person for the one the prayer is asked for', () => {
    const text = prayer({ ...context('zh-cn', '为生病的妈妈祷告', ZH), kind: 'prayer' });
    expect(text).toContain('每早晨，这都是新的；你的诚实极其广大（耶利米哀歌 3:22-23）');
    const en = prayer({
      ...context('en', 'my mother in hospital', [
        verse(
          'JER.17.14',
          'Jeremiah 17:14',
          'Heal me, O LORD, and I will be healed. Save me, and I will be saved; for you are my praise.',
        ),
      ]),
      kind: 'prayer',
    });
    expect(en).toContain('Heal her, O LORD, and she will be healed');
    expect(en).not.toMatch(/\b(?:me|I)\b/u);
  });

  it('quotes a verse whose words cannot be said to God after the lead of its movement, as the address', () => {
    const text = prayer({ ...context('en', 'a heavy heart', EN), kind: 'prayer' });
    const petitions = text.split('\n\n').slice(1, -1);
    expect(petitions[0]).toBe(
      'Yahweh, you are near to those who have a broken heart, and save those who have a crushed spirit (Psalm 34:18).',
    );
    // The others: "Come to me…" is Christ's call, "let your requests be made known" has no "help us" form.
    for (const p of petitions.slice(1)) {
      const [, quoted, label] = /“([^”]+)” \(([^)]+)\)\.$/u.exec(p) ?? [];
      const v = EN.find((x) => x.label === label);
      expect(v && quoteMatches(quoted!, v.text)).toBe(true);
    }
    expect(new Set(petitions.map((p) => p.split(':')[0])).size).toBe(petitions.length);
  });

  it('turns each command it prays with a lead of its own, and another when asked again', () => {
    const commands = [
      verse('PSA.37.5', 'Psalm 37:5', 'Commit your way to the LORD.'),
      verse('PSA.55.22', 'Psalm 55:22', 'Cast your burden on the LORD, and he will sustain you.'),
    ];
    const helps = kindChoices('prayerHelp', 'en').map((h) => h.trim());
    /** Each verse's lead, by its reference. */
    const leadsOf = (again: number) =>
      Object.fromEntries(
        prayer({ ...context('en', 'trust', commands, again), kind: 'prayer' })
          .split('\n\n')
          .slice(1, -1)
          .map((p) => [
            /\(([^)]+)\)\.$/u.exec(p)?.[1],
            helps.find((h) =>
              p
                .toLowerCase()
                .replace(/^father, /u, '')
                .startsWith(h),
            ),
          ]),
      );
    const first = leadsOf(0);
    expect(Object.values(first).filter(Boolean)).toHaveLength(2);
    expect(new Set(Object.values(first)).size).toBe(2);
    const again = leadsOf(1);
    for (const label of ['Psalm 37:5', 'Psalm 55:22']) expect(again[label]).not.toBe(first[label]);
  });

  it('leads a quoted verse with a few words of its movement, never a sentence two themes’ prayers would share', () => {
    // What eval:kinds counts as a frame: five words or six Han characters of the composer's own in a line. A lead,
    // even after the address, stays below it, so what differs between two prayers is their verses' words.
    const leads: KindPhrase[] = [
      'prayerPraise',
      'prayerConfession',
      'prayerLament',
      'prayerCommand',
      'prayerTrust',
      'prayerWord',
    ];
    const quoted = { zh: '「耶和华靠近伤心的人」（诗篇 34:18）。', other: '“Yahweh is near” (Psalm 34:18).' };
    for (const L of ['zh-cn', 'zh-tw', 'en', 'es-es', 'fr-fr'] as const) {
      const verseText = L.startsWith('zh') ? '耶和华靠近伤心的人' : 'Yahweh is near';
      for (const name of leads)
        for (const lead of kindChoices(name, L)) {
          const line = `${kindPhrase('prayerAddress', L)}${lead}${L.startsWith('zh') ? quoted.zh : ` ${quoted.other}`}`;
          expect([line, ownWords(line, [verseText])]).toEqual([line, undefined]);
        }
    }
  });

  it('prays a verse after a lead as short: the address and the lead are no frame', () => {
    // A command prayed ("help us to…", 使我们…) or a promise ("thank you that…") is its verse's words after the lead:
    // what two themes' prayers may share is the address and the lead, below a frame ("to" left for English).
    for (const L of ['zh-cn', 'zh-tw', 'en', 'es-es', 'fr-fr'] as const) {
      const zh = L.startsWith('zh');
      const verseText = zh ? '耶和华靠近伤心的人' : 'Yahweh is near to those who have a broken heart';
      for (const name of ['prayerHelp', 'prayerThanks'] as const)
        for (const lead of kindChoices(name, L)) {
          const prayed = name === 'prayerThanks' || zh ? verseText : `to ${verseText}`;
          const line = `${kindPhrase('prayerAddress', L)}${lead}${prayed}（诗篇 34:18）。`;
          expect([line, ownWords(line, [verseText])]).toEqual([line, undefined]);
        }
    }
  });
});

describe('a sermon outline of the passages', () => {
  it('heads each point with its verse’s words and takes the application from a command', () => {
    const text = sermon({ ...context('en', 'a heavy heart', EN), kind: 'sermon' });
    const points = text.split('\n#### ').slice(1);
    expect(points).toHaveLength(3);
    points.forEach((p, i) => expect(p).toMatch(new RegExp(`^${i + 1}\\. .+\\n\\n> .+\\n> — ${EN[i]!.label}`)));
    expect(text).toMatch(/\*\*Application:\*\* “[^”]+” \((Matthew 11:28|Philippians 4:6)\)$/);
  });
});

describe('a sermon outline on passages that warn', () => {
  it('quotes the warning in its passage, but heads, sums up and applies with the rest', () => {
    const verses = [
      verse('JHN.3.36', '约翰福音 3:36', '信子的人有永生；不信子的人得不着永生，神的震怒常在他身上。'),
      verse('ACT.16.31', '使徒行传 16:31', '当信主耶稣，你和你一家都必得救。'),
    ];
    const text = sermon({ ...context('zh-cn', '信主', verses), kind: 'sermon' });
    expect(text).toContain('> 信子的人有永生；不信子的人得不着永生，神的震怒常在他身上。');
    const own = text.split('\n').filter((line) => !line.startsWith('>'));
    expect(own.filter((line) => line.includes('震怒'))).toEqual([]);
  });
});

describe('a psalm’s first verse', () => {
  it('is preached without the title the Union Version prints in it', () => {
    const psalm = [
      verse(
        'PSA.46.1',
        '诗篇 46:1',
        '（可拉后裔的诗歌，交与伶长。调用女音）神是我们的避难所，是我们的力量，是我们在患难中随时的帮助。',
      ),
      verse('PSA.46.2', '诗篇 46:2', '所以，地虽改变，山虽摇动到海心，'),
    ];
    const text = sermon({ ...context('zh-cn', '避难所', psalm), kind: 'sermon' });
    expect(text).toContain('> 神是我们的避难所，是我们的力量，是我们在患难中随时的帮助。\n> ——诗篇 46:1');
    expect(text).not.toContain('可拉后裔');
  });
});

describe('a theme’s words', () => {
  it('leaves out who the piece is for: a verse about a mother is not on a hospital prayer’s theme for that', async () => {
    const { themeTerms } = await import('./verse-clauses.ts');
    expect(themeTerms('我生病住院的母亲')).not.toContain('母亲');
    expect(themeTerms('my mother in hospital')).toEqual(['hospi']);
  });
});
