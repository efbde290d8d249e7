/** WCAG 2 contrast between colours given as #rgb or #rrggbb. */
const MIN_TEXT_CONTRAST = 4.5;

function channels(hex: string): [number, number, number] {
  let digits = hex.replace('#', '');
  if (digits.length === 3) digits = [...digits].map((digit) => digit + digit).join('');
  return [0, 2, 4].map((start) => parseInt(digits.slice(start, start + 2), 16)) as [number, number, number];
}

function toHex(values: number[]): string {
  return `#${values
    .map((value) =>
      Math.round(Math.min(255, Math.max(0, value)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

export function relativeLuminance(hex: string): number {
  const [r, g, b] = channels(hex).map((value) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * The colour nearest `hex` (same hue, scaled toward black or white) that reads at 4.5:1 against every colour in
 * `against`: toward black when they are light, toward white when they are dark. A colour that already reads is kept.
 */
export function readableTone(hex: string, against: readonly string[], toward: 'black' | 'white'): string {
  const base = channels(hex);
  for (let step = 0; step <= 100; step += 1) {
    const share = step / 100;
    const tone = toHex(base.map((value) => (toward === 'black' ? value * (1 - share) : value + (255 - value) * share)));
    // A hair over 4.5 so rounding to whole channel values never lands under it.
    if (against.every((colour) => contrastRatio(tone, colour) >= MIN_TEXT_CONTRAST + 0.02)) return tone;
  }
  return toward === 'black' ? '#000000' : '#ffffff';
}
