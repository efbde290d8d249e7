import { describe, expect, it } from 'vitest';
import {
  citesGold,
  fabricatedCount,
  formatTable,
  goldCovered,
  languageCorrect,
  lineLanguage,
  summarise,
  summariseByLang,
  textIsIn,
  type AnswerOutcome,
} from './answer-metrics.ts';

const ZH_HANS = [
  '关于「神为什么允许苦难？」，下面是圣经中最相关的经文，以及可供查考的资料。',
  '> 我们晓得万事都互相效力，叫爱神的人得益处，就是按他旨意被召的人。',
  '> ——罗马书 8:28',
  '- **Suffering** (Easton’s Bible Dictionary)（英文资料）：The lot of the righteous in this world is often one of trial.',
].join('\n');
const ZH_HANT = [
  '關於「神為什麼允許苦難？」，下面是聖經中最相關的經文，以及可供查考的資料。',
  '> 我們曉得萬事都互相效力，叫愛神的人得益處，就是按他旨意被召的人。',
  '> ——羅馬書 8:28',
].join('\n');
const FR = [
  'Au sujet de « Qu’est-ce que la grâce ? », voici les passages de l’Écriture qui en parlent le plus directement.',
  '> Car vous êtes sauvés par la grâce, par la foi, et cela ne vient pas de vous, c’est le don de Dieu;',
  '> — Éphésiens 2:8',
  'Ces passages viennent de Éphésiens. Lisez-les dans leur contexte, en particulier Éphésiens 2:8.',
  '- **Grace** (Easton’s Bible Dictionary) (en anglais): It is the free gift of God to the sinner, and of the Lord.',
].join('\n');
const EN = [
  'On “What is grace?”, here are the passages of Scripture that speak to it most directly.',
  '> For by grace you have been saved through faith, and that not of yourselves; it is the gift of God,',
  '> — Ephesians 2:8',
].join('\n');

function outcome(overrides: Partial<AnswerOutcome>): AnswerOutcome {
  return {
    id: 'q',
    lang: 'en',
    gold: ['EPH.2.8', 'EPH.2.9'],
    status: 'done',
    language: 'en',
    content: EN,
    citations: [],
    ...overrides,
  };
}

describe('references', () => {
  it('lists the gold verses references cover', () => {
    expect(goldCovered(['MAT.6.14', 'MAT.6.15', 'EPH.4.32'], ['MAT.6.12-MAT.6.14', 'EPH.4.32'])).toEqual([
      'MAT.6.14',
      'EPH.4.32',
    ]);
  });
});

describe('citations', () => {
  it('counts a gold verse as cited only through a linked citation', () => {
    expect(citesGold(outcome({ citations: [{ status: 'linked', reference: 'EPH.2.4-EPH.2.9' }] }))).toBe(true);
    expect(citesGold(outcome({ citations: [{ status: 'misquoted', reference: 'EPH.2.8' }] }))).toBe(false);
    expect(citesGold(outcome({ citations: [{ status: 'linked', reference: 'EPH.2.10' }] }))).toBe(false);
    expect(citesGold(outcome({ citations: [] }))).toBe(false);
  });

  it('counts invalid and misquoted citations as fabricated', () => {
    const citations = [
      { status: 'linked' as const, reference: 'EPH.2.8' },
      { status: 'invalid' as const, reference: null },
      { status: 'misquoted' as const, reference: 'JHN.3.17' },
    ];
    expect(fabricatedCount(outcome({ citations }))).toBe(2);
  });
});

describe('language', () => {
  it('tells the language of a line, and leaves bare references and headings untold', () => {
    expect(lineLanguage('> 我们晓得万事都互相效力，叫爱神的人得益处')).toBe('zh');
    expect(lineLanguage('Ces passages viennent de Éphésiens. Lisez-les dans leur contexte.')).toBe('fr');
    expect(lineLanguage('Estos pasajes proceden de Efesios. Léalos en su contexto, especialmente Efesios 2:8.')).toBe(
      'es',
    );
    expect(lineLanguage('These passages come from Ephesians. Read them in their setting.')).toBe('en');
    expect(lineLanguage('> — Éphésiens 2:8')).toBeUndefined();
    expect(lineLanguage('### Passages clés')).toBeUndefined();
  });

  it('accepts an answer in its language with English reference works quoted in it', () => {
    expect(textIsIn(ZH_HANS, 'zh-Hans')).toBe(true);
    expect(textIsIn(FR, 'fr')).toBe(true);
    expect(textIsIn(EN, 'en')).toBe(true);
  });

  it('tells Simplified from Traditional Chinese', () => {
    expect(textIsIn(ZH_HANT, 'zh-Hant')).toBe(true);
    expect(textIsIn(ZH_HANT, 'zh-Hans')).toBe(false);
    expect(textIsIn(ZH_HANS, 'zh-Hant')).toBe(false);
  });

  it('rejects an answer in another language', () => {
    expect(textIsIn(EN, 'fr')).toBe(false);
    expect(textIsIn(FR, 'es')).toBe(false);
    expect(textIsIn(ZH_HANS, 'en')).toBe(false);
    expect(textIsIn('', 'en')).toBe(false);
  });

  it('needs the declared language and the text to agree with the question', () => {
    expect(languageCorrect(outcome({ lang: 'fr', language: 'fr-fr', content: FR }))).toBe(true);
    expect(languageCorrect(outcome({ lang: 'fr', language: 'en', content: FR }))).toBe(false);
    expect(languageCorrect(outcome({ lang: 'fr', language: 'fr-fr', content: EN }))).toBe(false);
    expect(languageCorrect(outcome({ lang: 'zh-Hant', language: 'zh-tw', content: ZH_HANS }))).toBe(false);
  });
});

describe('summaries', () => {
  const outcomes: AnswerOutcome[] = [
    outcome({
      id: 'en-1',
      citations: [{ status: 'linked', reference: 'EPH.2.8' }],
      searched: ['EPH.2.8', 'ROM.3.24'],
      context: ['EPH.2.8', 'EPH.2.9'],
    }),
    outcome({ id: 'en-2', citations: [{ status: 'invalid', reference: null }], searched: [], context: [] }),
    outcome({
      id: 'fr-1',
      lang: 'fr',
      language: 'fr-fr',
      content: FR,
      status: 'failed',
      citations: [{ status: 'misquoted', reference: 'EPH.2.8' }],
      context: ['EPH.2.8'],
    }),
  ];

  it('counts each measure overall and per language', () => {
    expect(summarise(outcomes)).toEqual({
      questions: 3,
      failed: 1,
      languageCorrect: 3,
      citesGold: 1,
      citations: 3,
      fabricated: 2,
      goldSearched: 1,
      goldInContext: 2,
      goldVersesInContext: 3,
      goldVersesCitedFromContext: 1,
    });
    const rows = summariseByLang(outcomes);
    expect(rows.map((r) => [r.group, r.summary.questions, r.summary.citesGold])).toEqual([
      ['en', 2, 1],
      ['fr', 1, 0],
      ['all', 3, 1],
    ]);
  });

  it('prints a table with shares', () => {
    const table = formatTable(summariseByLang(outcomes)).split('\n');
    expect(table[0]).toMatch(/^language\s+answers\s+failed\s+language correct\s+cites a gold verse/);
    expect(table[1]).toMatch(
      /^en\s+2\s+0\s+2\/2 100\.0 %\s+1\/2 50\.0 %\s+2\s+1\s+1\/2 50\.0 %\s+1\/2 50\.0 %\s+2 → 1$/,
    );
    expect(table[3]).toMatch(/^all\s+3\s+1\s+3\/3 100\.0 %\s+1\/3 33\.3 %/);
  });
});
