import { distressOf, type CareTheme } from '../language/care-lexicon.ts';
import { themeWords } from '../language/theme-words.ts';

/**
 * Passages chosen by hand for the themes people ask prayers, sermons and poems on, and for readers in distress.
 * References are corpus form (USFM, KJV numbering; Catholic and Greek texts are mapped when read); the words always
 * come from the corpus in the reader's translation. Each set is checked against the full corpus in
 * theme-passages.test.ts. Sets end with Psalm 23, Romans 8 or 1 John 4, which every translation holds.
 */
export type Theme =
  | CareTheme
  | 'thanksgiving'
  | 'marriage'
  | 'forgiveness'
  | 'guidance'
  | 'courage'
  | 'family'
  | 'peace'
  | 'hope'
  | 'love'
  | 'repentance'
  | 'work'
  | 'creation'
  | 'travel'
  | 'disaster'
  | 'dying';

export const THEME_PASSAGES: Record<Theme | 'general', readonly string[]> = {
  anxiety: [
    'PHP.4.6-PHP.4.7',
    '1PE.5.7',
    'MAT.6.33-MAT.6.34',
    'ISA.41.10',
    'JHN.14.27',
    'PSA.23.4',
    'ROM.8.38-ROM.8.39',
  ],
  grief: [
    'PSA.34.18',
    'MAT.5.4',
    'REV.21.4',
    'JHN.11.25-JHN.11.26',
    '1TH.4.13-1TH.4.14',
    'PSA.23.4',
    'ROM.8.38-ROM.8.39',
  ],
  /**
   * A reader who may be at risk: comfort and presence, and no verse that speaks of death or dying (not Psalm 23:4's
   * valley of the shadow of death, not Romans 8:38's "neither death nor life").
   */
  crisis: [
    'PSA.34.18',
    'MAT.11.28-MAT.11.29',
    'ISA.41.10',
    'PSA.42.11',
    'LAM.3.22-LAM.3.23',
    'JER.29.11',
    'PSA.23.1-PSA.23.3',
  ],
  despair: [
    'PSA.34.18',
    'MAT.11.28-MAT.11.29',
    'PSA.42.11',
    'LAM.3.22-LAM.3.23',
    'ISA.41.10',
    'PSA.23.1-PSA.23.4',
    'ROM.8.38-ROM.8.39',
  ],
  worth: ['ISA.43.4', 'PSA.139.13-PSA.139.14', 'GEN.1.27', 'EPH.2.10', 'MAT.10.29-MAT.10.31', 'ROM.8.38-ROM.8.39'],
  lonely: ['DEU.31.6', 'HEB.13.5', 'MAT.28.20', 'PSA.68.6', 'PSA.27.10', 'ISA.41.10', 'PSA.23.4'],
  sleep: ['PSA.4.8', 'PSA.127.2', 'PRO.3.24', 'PSA.3.5', 'MAT.11.28', 'PHP.4.6-PHP.4.7', 'PSA.23.1-PSA.23.2'],
  /** Work or income lost: the Father who knows what is needed, provision, his not forsaking; not the duty of work. */
  livelihood: [
    'MAT.6.31-MAT.6.33',
    'PHP.4.19',
    'PSA.37.25',
    'HEB.13.5-HEB.13.6',
    '1PE.5.7',
    'LAM.3.22-LAM.3.23',
    'PSA.23.1',
  ],
  illness: ['JAS.5.14-JAS.5.15', 'PSA.103.2-PSA.103.3', 'JER.17.14', 'PSA.41.3', '2CO.12.9', 'PSA.23.4', 'ROM.8.28'],
  thanksgiving: ['1TH.5.16-1TH.5.18', 'PSA.100.4-PSA.100.5', 'PSA.107.1', 'COL.3.17', 'PSA.23.5-PSA.23.6'],
  marriage: ['GEN.2.24', '1CO.13.4-1CO.13.7', 'EPH.5.25', 'ECC.4.9-ECC.4.12', 'COL.3.14', '1JN.4.7'],
  forgiveness: ['1JN.1.9', 'EPH.4.32', 'COL.3.13', 'PSA.103.12', 'MAT.6.14', 'ROM.8.1'],
  guidance: ['PRO.3.5-PRO.3.6', 'PSA.119.105', 'JAS.1.5', 'PSA.32.8', 'ISA.30.21', 'PSA.23.3'],
  courage: ['JOS.1.9', 'ISA.40.31', 'PHP.4.13', '2TI.1.7', 'DEU.31.6', 'ROM.8.31'],
  family: ['PSA.127.3', 'PRO.22.6', 'DEU.6.6-DEU.6.7', 'EPH.6.4', 'JOS.24.15', '1JN.4.7'],
  peace: ['JHN.14.27', 'PHP.4.7', 'ISA.26.3', 'NUM.6.24-NUM.6.26', 'ROM.8.6'],
  hope: ['ROM.15.13', 'JER.29.11', 'LAM.3.22-LAM.3.23', 'HEB.6.19', 'ROM.8.24-ROM.8.25'],
  love: ['JHN.3.16', '1JN.4.9-1JN.4.10', '1CO.13.4-1CO.13.7', '1JN.4.16', 'ROM.8.38-ROM.8.39'],
  repentance: ['LUK.15.20-LUK.15.24', 'LUK.15.7', 'ISA.55.7', 'PSA.51.10', '1JN.1.9', 'JHN.3.17'],
  work: ['COL.3.23', 'PRO.16.3', 'PHP.4.19', 'JAS.1.5', 'MAT.6.33', 'ROM.8.28'],
  creation: ['GEN.1.1', 'PSA.19.1', 'PSA.104.24', 'ROM.1.20', 'GEN.1.31'],
  travel: ['PSA.121.7-PSA.121.8', 'PSA.91.11', 'NUM.6.24-NUM.6.26', 'ISA.43.2', 'PSA.23.4'],
  /** People a flood, an earthquake or a fire struck: refuge in the waters and the trouble, not the Flood's judgment. */
  disaster: ['PSA.46.1-PSA.46.3', 'PSA.18.16', 'PSA.9.9', 'PSA.69.1-PSA.69.2', '2CO.4.8-2CO.4.9', 'ROM.8.35-ROM.8.37'],
  /**
   * Someone near death, and those who keep watch: God's strength when the body fails, his care to old age, the Father's
   * house, the resurrection; no verse of judgment (Hebrews 9:27) or of life's vanity (Ecclesiastes 7:2).
   */
  dying: [
    'PSA.73.26',
    'JHN.14.1-JHN.14.3',
    'ISA.46.4',
    'PSA.116.15',
    '2CO.5.1',
    '2TI.4.7-2TI.4.8',
    'JHN.11.25-JHN.11.26',
    'PSA.23.4',
    'ROM.8.38-ROM.8.39',
  ],
  /** A prayer, sermon or poem asked for with no theme at all. */
  general: ['PSA.23.1-PSA.23.3', 'PHP.4.6-PHP.4.7', 'ROM.8.28', 'JHN.3.16'],
};

/** The themes a request may name in words (language/lexicon/themes.*.tsv), in the order they are tried. */
export const WORD_THEMES = [
  'dying',
  'disaster',
  'thanksgiving',
  'marriage',
  'forgiveness',
  'guidance',
  'courage',
  'family',
  'peace',
  'hope',
  'love',
  'repentance',
  'work',
  'creation',
  'travel',
] as const satisfies readonly Exclude<Theme, CareTheme>[];
const THEME_WORDS = themeWords(WORD_THEMES);

/**
 * The themes a request speaks of, in the order the sets are tried: the distress a care theme names first, illness
 * before the rest (a prayer for a sick mother wants healing passages, not grief's or family ones), then the others.
 */
export function themesOf(foldedText: string): Theme[] {
  const distress = distressOf(foldedText);
  const out: Theme[] = [...distress.filter((t) => t === 'illness'), ...distress.filter((t) => t !== 'illness')];
  for (const theme of WORD_THEMES) if (THEME_WORDS[theme].test(foldedText)) out.push(theme);
  return out;
}

/**
 * The words of a request that name one of the word themes ("job" in "a friend who lost his job", 找工作): what the
 * request is about, apart from who it is for and what befell them.
 */
export function themeWordsIn(foldedText: string): string[] {
  return WORD_THEMES.flatMap((theme) =>
    [...foldedText.matchAll(new RegExp(THEME_WORDS[theme].source, 'gu'))].map((m) => m[0]),
  );
}

/** The passages for themes, in order, without repeats. */
export function passagesOfThemes(themes: readonly (Theme | 'general')[]): string[] {
  return [...new Set(themes.flatMap((t) => THEME_PASSAGES[t]))];
}
