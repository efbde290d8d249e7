const DIGITS: Record<string, number> = {
  〇: 0,
  零: 0,
  一: 1,
  二: 2,
  两: 2,
  兩: 2,
  三: 3,
  四: 4,
  五: 5,
  六: 6,
  七: 7,
  八: 8,
  九: 9,
};

/** A run of Chinese numeral characters, as used for chapters and verses (三章十六节, 一百一十九篇). */
export const CHINESE_NUMERAL = '[〇零一二两兩三四五六七八九十百]+';

/** The value of a Chinese numeral up to 999 (十六 = 16, 一百一十九 = 119, 一〇五 = 105); undefined if malformed. */
export function parseChineseNumeral(text: string): number | undefined {
  if (!text) return undefined;
  if (!/[十百]/.test(text)) {
    // Digit by digit: 一〇五 = 105.
    let value = 0;
    for (const ch of text) {
      const d = DIGITS[ch];
      if (d === undefined) return undefined;
      value = value * 10 + d;
    }
    return value;
  }
  let total = 0;
  let pending: number | undefined;
  for (const ch of text) {
    if (ch === '百' || ch === '十') {
      const unit = ch === '百' ? 100 : 10;
      total += (pending ?? 1) * unit;
      pending = undefined;
      continue;
    }
    const d = DIGITS[ch];
    if (d === undefined) return undefined;
    if (d !== 0) pending = d;
  }
  return total + (pending ?? 0);
}
