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
  | 'dying'
  | Situation;

/**
 * The situations a piece is asked for, the nearer first where two meet ("farmers in a drought", "refugees fleeing
 * war"): a surgery, those who care for the sick or a stay in hospital (illness), a harvest or God's provision
 * (thanksgiving), a wedding or a quarrel (marriage), an interview, an exam or school (work), a move or missionaries
 * far from home (travel), one's country (peace), a newborn (family), a new year, a war, refugees, a drought. Each has
 * a set of its own that leads the broader theme's, so that two requests near each other are not made of one set.
 */
export const SITUATION_THEMES = [
  'surgery',
  'caregivers',
  'hospital',
  'drought',
  'harvest',
  'provision',
  'wedding',
  'quarrel',
  'interview',
  'exam',
  'school',
  'moving',
  'mission',
  'refugee',
  'war',
  'nation',
  'newborn',
  'newyear',
] as const;
export type Situation = (typeof SITUATION_THEMES)[number];
export const isSituation = (theme: Theme): theme is Situation => (SITUATION_THEMES as readonly Theme[]).includes(theme);

export const THEME_PASSAGES: Record<Theme | 'general', readonly string[]> = {
  anxiety: [
    'PHP.4.6-PHP.4.7',
    '1PE.5.7',
    'MAT.6.33-MAT.6.34',
    'ISA.41.10',
    'PSA.94.19',
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
  peace: ['JHN.14.27', '2TH.3.16', 'ISA.26.3', 'NUM.6.24-NUM.6.26', 'ROM.8.6'],
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
  /** Before an operation: trust when afraid, the hand that holds, wounds bound up, help from the LORD. */
  surgery: ['PSA.56.3', 'ISA.41.13', 'PSA.147.3', 'PSA.121.1-PSA.121.2', 'ISA.40.29', 'PSA.46.10'],
  /** Those who care for the sick (doctors, nurses): the merciful, the sick visited, comforted to comfort, not weary. */
  caregivers: ['MAT.25.36', 'MAT.5.7', '2CO.1.3-2CO.1.4', 'COL.3.12', 'GAL.6.9', 'PHP.2.4'],
  /** Someone in hospital: the LORD who heals, who bore our diseases, who comforts as a mother comforts. */
  hospital: ['PSA.6.2', 'PSA.30.2', 'MAT.8.17', 'MRK.5.34', '3JN.1.2', 'ISA.66.13'],
  harvest: ['GEN.8.22', 'PSA.65.11', 'PSA.67.6', 'DEU.16.15', 'PSA.126.5-PSA.126.6', 'PSA.85.12'],
  provision: ['PSA.145.15-PSA.145.16', 'JAS.1.17', 'PSA.34.10', 'GEN.22.14', '2CO.9.8', 'PSA.136.25'],
  /** A wedding: what God joins, love many waters cannot quench, where you go I will go. */
  wedding: ['MAT.19.6', 'SNG.8.7', 'RUT.1.16', 'PRO.18.22', '1JN.4.12', 'EPH.4.2'],
  /** A quarrel between those who love each other: slow to anger, a gentle answer, the sun not down on wrath. */
  quarrel: ['EPH.4.26', 'PRO.15.1', 'JAS.1.19', 'PRO.17.14', 'PRO.19.11', 'COL.3.19'],
  /** An interview: words given when one must speak, the way committed, steps directed, the work of the hands. */
  interview: ['EXO.4.12', 'LUK.12.12', 'PSA.37.5', 'PRO.16.9', 'ISA.50.4', 'PSA.90.17'],
  /** An exam: wisdom and knowledge from the LORD, diligence approved by him. */
  exam: ['DAN.1.17', 'PRO.2.6', 'PRO.1.7', '2TI.2.15', 'PRO.4.7', 'DAN.2.21'],
  /** A move to a new place: the call to go, the peace of the city, his presence wherever, a new thing. */
  moving: ['GEN.12.1', 'JER.29.7', 'GEN.28.15', 'ISA.43.18-ISA.43.19', 'PSA.139.9-PSA.139.10', 'DEU.31.8'],
  mission: ['MAT.28.19', 'ROM.10.14-ROM.10.15', 'ISA.6.8', 'ACT.1.8', 'COL.4.3', 'MAT.9.37-MAT.9.38'],
  /** A country and its people: prayer for those who govern, the peace within its walls, swords into ploughshares. */
  nation: ['1TI.2.1-1TI.2.2', 'PSA.122.6-PSA.122.7', '2CH.7.14', 'PSA.33.12', 'PRO.14.34', 'ISA.2.4'],
  /** A child born or awaited: asked for and given, known before birth, blessed in his arms. */
  newborn: ['1SA.1.27', 'JER.1.5', 'MRK.10.14-MRK.10.16', 'PSA.22.9-PSA.22.10', 'ISA.44.3', 'LUK.1.66'],
  /** A new year: his eyes on it from the year's beginning to its end, our days numbered, all things made new. */
  newyear: ['DEU.11.12', 'PSA.90.12', '2CO.5.17', 'PHP.3.13-PHP.3.14', 'REV.21.5', 'ECC.3.1'],
  /** A war and those who fight it: the shelter of the Most High, no fear of the terror by night, wars made to cease. */
  war: ['PSA.91.1-PSA.91.2', 'PSA.91.5-PSA.91.6', 'PSA.18.2', 'PSA.27.1', 'PSA.3.3', 'PSA.46.9'],
  /** Refugees and strangers: the LORD who loves and preserves the foreigner; the child carried into Egypt by night. */
  refugee: ['DEU.10.18-DEU.10.19', 'PSA.146.9', 'MAT.2.14', 'LEV.19.34', 'ISA.25.4', 'HEB.13.2'],
  /** A drought: rain asked of the LORD, Elijah's prayer, rivers opened on the bare heights. */
  drought: ['ZEC.10.1', 'JAS.5.17-JAS.5.18', 'DEU.11.14', 'PSA.147.8', 'ISA.41.17-ISA.41.18', 'JOL.2.23'],
  /** School, college, a graduation: youth an example, his paths taught, the good work begun completed. */
  school: ['1TI.4.12', 'PSA.25.4-PSA.25.5', 'PSA.119.9', 'LUK.2.52', 'PHP.1.6', 'PRO.3.13'],
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
const THEME_WORDS = themeWords([...SITUATION_THEMES, ...WORD_THEMES]);
/** The same matchers, global: every word of a theme a request holds (themeWordsIn). */
const ALL_THEME_WORDS = Object.fromEntries(
  Object.entries(THEME_WORDS).map(([theme, words]) => [theme, new RegExp(words.source, 'gu')]),
) as Record<keyof typeof THEME_WORDS, RegExp>;

/** The situations a request names ("surgery" in "my father's surgery tomorrow"), in SITUATION_THEMES order. */
export function situationsOf(foldedText: string): Situation[] {
  return SITUATION_THEMES.filter((theme) => THEME_WORDS[theme].test(foldedText));
}

/**
 * The themes a request speaks of, in the order the sets are tried: the situations it names first (a surgery before
 * illness), then the distress a care theme names, illness before the rest (a prayer for a sick mother wants healing
 * passages, not grief's or family ones), then the others.
 */
export function themesOf(foldedText: string): Theme[] {
  const distress = distressOf(foldedText);
  const out: Theme[] = [
    ...situationsOf(foldedText),
    ...distress.filter((t) => t === 'illness'),
    ...distress.filter((t) => t !== 'illness'),
  ];
  for (const theme of WORD_THEMES) if (THEME_WORDS[theme].test(foldedText)) out.push(theme);
  return out;
}

/**
 * The words of a request that name one of the word themes ("job" in "a friend who lost his job", 找工作): what the
 * request is about, apart from who it is for and what befell them.
 */
export function themeWordsIn(foldedText: string): string[] {
  return wordsOf([...SITUATION_THEMES, ...WORD_THEMES], foldedText);
}

/** The words of a request that name a situation ("harvest" in "thanksgiving for the harvest"). */
export function situationWordsIn(foldedText: string): string[] {
  return wordsOf(SITUATION_THEMES, foldedText);
}

function wordsOf(themes: readonly (Situation | (typeof WORD_THEMES)[number])[], foldedText: string): string[] {
  return themes.flatMap((theme) => [...foldedText.matchAll(ALL_THEME_WORDS[theme])].map((m) => m[0]));
}

/** The passages for themes, in order, without repeats. */
export function passagesOfThemes(themes: readonly (Theme | 'general')[]): string[] {
  return [...new Set(themes.flatMap((t) => THEME_PASSAGES[t]))];
}
