import type { VersificationScheme } from './references.types.ts';

/**
 * The Psalter in each numbering, as measured in the corpus (VERSIFICATION.md says how). Everything is keyed by the
 * KJV psalm and verse; versification.ts derives the reverse direction.
 */
export type OtherScheme = Exclude<VersificationScheme, 'kjv'>;

/** Verses per psalm in the KJV numbering (Psalm 1 first). */
export const KJV_PSALM_VERSES = [
  6, 12, 8, 8, 12, 10, 17, 9, 20, 18, 7, 8, 6, 7, 5, 11, 15, 50, 14, 9, 13, 31, 6, 10, 22, 12, 14, 9, 11, 12, 24, 11,
  22, 22, 28, 12, 40, 22, 13, 17, 13, 11, 5, 26, 17, 11, 9, 14, 20, 23, 19, 9, 6, 7, 23, 13, 11, 11, 17, 12, 8, 12, 11,
  10, 13, 20, 7, 35, 36, 5, 24, 20, 28, 23, 10, 12, 20, 72, 13, 19, 16, 8, 18, 12, 13, 17, 7, 18, 52, 17, 16, 15, 5, 23,
  11, 13, 12, 9, 9, 5, 8, 28, 22, 35, 45, 48, 43, 13, 31, 7, 10, 10, 9, 8, 18, 19, 2, 29, 176, 7, 8, 9, 4, 8, 5, 6, 5,
  6, 8, 8, 3, 18, 3, 3, 21, 26, 9, 8, 24, 13, 10, 7, 12, 15, 21, 10, 20, 14, 9, 6,
] as const;

/**
 * Per KJV psalm (character i = Psalm i + 1): how many verses the scheme numbers before KJV verse 1, i.e. a
 * superscription counted as verse 1 (51, 52, 54, 60: verses 1–2). '-' is −1: the LXX text (Giguet) joins KJV
 * verses 1–2 into its verse 1 (Psalms 6 and 100). The LXX text leaves most superscriptions before Psalm 47
 * unnumbered and numbers them after it.
 */
export const TITLE_OFFSETS: Record<OtherScheme, string> = {
  hebrew:
    '001111111001100001111100000001100101011111011111102212111112111110111100001110011011100110010000000001000001000000000000000000000000000000010100000000',
  vulgate:
    '001111110011100001111100000001100101011111011111102212111112111110111100001110011011100110010000000001000001000000000000000000000000000000010100000000',
  lxx: '00000-000000000001000000000000000000000000000011002212111112111101111100001110011011100110010000000-01000001000000000000000000000000000000000100000000',
};

/**
 * Stretches that follow neither the chapter rule nor the title offset:
 * [kjvPsalm, firstVerse, lastVerse, targetPsalm, targetFirstVerse, step]. Step 1 runs verse for verse,
 * step 0 folds every KJV verse of the stretch into the one target verse that holds them.
 */
export type VerseSegment = readonly [number, number, number, number, number, 0 | 1];

/** KJV 9 + 10 and 114 + 115 are one psalm in the Greek numbering; KJV 116 and 147 are two each. */
function greekJoinsAndSplits(titleOfNine: number): VerseSegment[] {
  return [
    [9, 1, 20, 9, 1 + titleOfNine, 1],
    [10, 1, 18, 9, 21 + titleOfNine, 1],
    [114, 1, 8, 113, 1, 1],
    [115, 1, 18, 113, 9, 1],
    [116, 1, 9, 114, 1, 1],
    [116, 10, 19, 115, 1, 1],
    [147, 1, 11, 146, 1, 1],
    [147, 12, 20, 147, 1, 1],
  ];
}

export const PSALM_SEGMENTS: Record<OtherScheme, readonly VerseSegment[]> = {
  // Hebrew 13:1 is the superscription and 13:6 holds KJV 13:5–6.
  hebrew: [[13, 6, 6, 13, 6, 0]],
  vulgate: [
    ...greekJoinsAndSplits(1),
    [13, 6, 6, 12, 6, 0], // DRC 12:6 holds KJV 13:5–6
    [44, 22, 26, 43, 22, 1], // DRC 43:22 holds KJV 44:21–22
    [56, 11, 13, 55, 11, 1], // DRC 55:11 holds KJV 56:10–11
    [72, 1, 1, 71, 2, 0], // DRC 71:1, 99:1, 108:1 are the superscription alone, and the next verse holds KJV 1–2
    [100, 1, 1, 99, 2, 0],
    [109, 1, 1, 108, 2, 0],
    [146, 2, 10, 145, 2, 1], // DRC 145:1 "Alleluia, of Aggeus and Zacharias"; 145:2 holds KJV 146:1–2
    [150, 6, 6, 150, 5, 0], // DRC 150:5 holds KJV 150:5–6
  ],
  lxx: [
    ...greekJoinsAndSplits(0),
    [6, 1, 1, 6, 1, 0], // LXX 6:1 holds KJV 6:1–2
    [7, 17, 17, 7, 16, 0], // the LXX text has 16 verses
    [44, 26, 26, 43, 25, 0],
    [56, 13, 13, 55, 13, 0],
    [65, 1, 4, 64, 2, 1], // LXX 64:1 is the superscription alone
    [65, 5, 5, 64, 5, 0],
    [66, 20, 20, 65, 20, 0],
    [72, 1, 1, 71, 2, 0],
    [72, 20, 20, 71, 19, 0],
    [100, 1, 1, 99, 1, 0],
    [109, 1, 1, 108, 2, 0],
    [146, 1, 1, 145, 2, 0],
  ],
};

/** The Greek psalm a KJV psalm starts in (segments give the verses of 9–10, 114–116 and 147). */
export function greekPsalm(kjvPsalm: number): number {
  if (kjvPsalm <= 8 || kjvPsalm >= 148) return kjvPsalm;
  if (kjvPsalm <= 10) return 9;
  if (kjvPsalm <= 113) return kjvPsalm - 1;
  if (kjvPsalm <= 115) return 113;
  if (kjvPsalm === 116) return 114;
  return kjvPsalm - 1;
}
