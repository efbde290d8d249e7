import fs from 'node:fs';

export interface VerseCard {
  text: string;
  label: string;
  translationName: string;
  brand: string;
  theme: 'light' | 'dark';
}

const WIDTH = 1080;
const HEIGHT = 1080;
const MARGIN = 96;
/** Debian's fonts-noto-cjk: one collection covers Chinese (both scripts) and Latin. */
const FONT_FILES = [
  '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc',
  '/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc',
];

function escapeXml(text: string): string {
  return text.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!,
  );
}

/** Width of a character in ems: CJK and full-width forms are square, Latin roughly half. */
function charWidth(c: string): number {
  return /[\p{Script=Han}\u3000-\u30ff\uff00-\uffef「」『』]/u.test(c) ? 1 : /[A-Z]/.test(c) ? 0.68 : 0.55;
}

/** Wraps text into lines of at most `maxEm`: CJK may break anywhere, Latin at spaces. */
export function wrapText(text: string, maxEm: number): string[] {
  const lines: string[] = [];
  let line = '';
  let width = 0;
  const tokens =
    text.match(/[\p{Script=Han}\u3000-\u30ff\uff00-\uffef「」『』，。；：！？、]|[^\s\p{Script=Han}]+\s*|\s+/gu) ?? [];
  for (const token of tokens) {
    const w = Array.from(token).reduce((sum, c) => sum + charWidth(c), 0);
    if (width + w > maxEm && line.trim()) {
      lines.push(line.trimEnd());
      line = token.trimStart();
      width = Array.from(line).reduce((sum, c) => sum + charWidth(c), 0);
    } else {
      line += token;
      width += w;
    }
  }
  if (line.trim()) lines.push(line.trimEnd());
  return lines;
}

/** A square verse card (PNG) for sharing and as an answer's reference image; the verse text is the corpus's. */
export async function renderVerseCard(card: VerseCard): Promise<Buffer> {
  const dark = card.theme === 'dark';
  const fontSize = card.text.length > 160 ? 38 : card.text.length > 90 ? 46 : 56;
  const maxEm = (WIDTH - MARGIN * 2) / fontSize;
  let lines = wrapText(card.text, maxEm);
  const maxLines = Math.floor((HEIGHT - 420) / (fontSize * 1.55));
  if (lines.length > maxLines) lines = [...lines.slice(0, maxLines - 1), `${lines[maxLines - 1]}…`];
  const top = (HEIGHT - lines.length * fontSize * 1.55) / 2;
  const textLines = lines
    .map(
      (l, i) => `<text x="${MARGIN}" y="${top + i * fontSize * 1.55}" font-size="${fontSize}">${escapeXml(l)}</text>`,
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${dark ? '#1c1c1e' : '#f2f7ff'}"/><stop offset="1" stop-color="${dark ? '#0b2545' : '#dbeafe'}"/>
  </linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#g)"/>
  <rect x="${MARGIN}" y="${MARGIN}" width="12" height="96" rx="6" fill="#1989fa"/>
  <g font-family="Noto Sans CJK SC" fill="${dark ? '#f5f5f5' : '#323233'}">${textLines}</g>
  <text x="${WIDTH - MARGIN}" y="${HEIGHT - 230}" font-family="Noto Sans CJK SC" font-size="40" font-weight="bold" text-anchor="end" fill="#1989fa">${escapeXml(card.label)}</text>
  <text x="${WIDTH - MARGIN}" y="${HEIGHT - 178}" font-family="Noto Sans CJK SC" font-size="26" text-anchor="end" fill="${dark ? '#a0a0a0' : '#646566'}">${escapeXml(card.translationName)}</text>
  <text x="${MARGIN}" y="${HEIGHT - MARGIN}" font-family="Noto Sans CJK SC" font-size="28" fill="${dark ? '#a0a0a0' : '#969799'}">${escapeXml(card.brand)}</text>
</svg>`;
  const fontFiles = FONT_FILES.filter((f) => fs.existsSync(f));
  // Loaded at the first card, not at the server's start (see share-card.ts).
  const { Resvg } = await import('@resvg/resvg-js');
  const resvg = new Resvg(svg, {
    font: { fontFiles, loadSystemFonts: fontFiles.length === 0, defaultFontFamily: 'Noto Sans CJK SC' },
    fitTo: { mode: 'original' },
  });
  return resvg.render().asPng();
}
