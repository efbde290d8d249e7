import fs from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Font } from 'satori';
import {
  cardFonts,
  CARD_WIDTH,
  FALLBACK_FONT_FILES,
  renderShareCard,
  type CardItem,
  type ShareCard,
} from './share-card.ts';

const labels: ShareCard['labels'] = {
  brand: '圣经问答助手',
  aiGenerated: 'AI 生成',
  aiNotice: '本内容由 AI 生成，仅供参考，不构成专业意见',
  verses: '相关经文',
  truncated: '内容较长，已节选；完整内容请打开分享链接',
};

/** A font with no CJK glyphs under the card's family name: what a missing Chinese font would look like. */
const latinOnly: Font[] = [
  { file: '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf', weight: 400 as const },
  { file: '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf', weight: 700 as const },
].map(({ file, weight }) => ({ name: 'Noto Sans SC', weight, style: 'normal', data: fs.readFileSync(file) }));

async function pixels(png: Buffer) {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

/** Bytes that differ between two renderings (the part both cover), and whether their sizes match. */
async function difference(a: Buffer, b: Buffer) {
  const [pa, pb] = await Promise.all([pixels(a), pixels(b)]);
  let n = 0;
  for (let i = 0; i < Math.min(pa.data.length, pb.data.length); i++) if (pa.data[i] !== pb.data[i]) n++;
  return n;
}

// Two texts of the same length and layout that share no character: drawn with real glyphs they differ; drawn as
// .notdef boxes ("tofu") every character is the same box, so the two images are identical.
const first: CardItem = { question: '神爱世人', answer: '神爱世人，甚至将他的独生子赐给他们', verses: [] };
const second: CardItem = { question: '光照黑暗', answer: '光照在黑暗里，黑暗却不接受光。完全', verses: [] };

describe('share card', () => {
  it('is a PNG 1080 px wide with content on it, in light and dark', async () => {
    const item: CardItem = {
      question: '神爱世人是什么意思？',
      answer: '## 神的爱\n\n**神爱世人**，见[约翰福音 3:16](https://example.org)。\n\n- 第一\n- 第二\n\n> 引文',
      verses: [{ label: '约翰福音 3:16', translation: '和合本', text: '神爱世人，甚至将他的独生子赐给他们。' }],
    };
    const means: number[] = [];
    for (const theme of ['light', 'dark'] as const) {
      const png = await renderShareCard({ items: [item], labels, theme });
      expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
      const meta = await sharp(png).metadata();
      expect(meta.width).toBe(CARD_WIDTH);
      expect(meta.height).toBeGreaterThan(600);
      const stats = await sharp(png).stats();
      // Not blank: every channel varies, and there are many distinct colours (text is anti-aliased).
      expect(stats.channels.slice(0, 3).every((c) => c.stdev > 10)).toBe(true);
      const { data, channels } = await pixels(png);
      const colours = new Set<number>();
      for (let i = 0; i < data.length; i += channels)
        colours.add((data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!);
      expect(colours.size).toBeGreaterThan(50);
      means.push(stats.channels[0]!.mean);
    }
    // The dark card is darker than the light one.
    expect(means[1]!).toBeLessThan(means[0]! - 60);
  });

  it('draws Chinese characters as glyphs, not tofu boxes (a font without CJK fails the same check)', async () => {
    const render = (item: CardItem, fonts?: Font[]) =>
      renderShareCard({ items: [item], labels, theme: 'light', fonts });
    const withCardFont = await difference(await render(first), await render(second));
    const withLatinFont = await difference(await render(first, latinOnly), await render(second, latinOnly));
    expect(withLatinFont).toBe(0);
    expect(withCardFont).toBeGreaterThan(5_000);
  });

  it.skipIf(!fs.existsSync(FALLBACK_FONT_FILES[0][1]))(
    'draws the Hebrew of lexicon words from the fallback font, which Noto Sans SC lacks',
    async () => {
      const all = await cardFonts();
      const notoOnly = all.filter((f) => f.name === 'Noto Sans SC');
      const render = (answer: string, fonts: Font[]) =>
        renderShareCard({ items: [{ question: 'λόγος', answer, verses: [] }], labels, theme: 'light', fonts });
      // Same length, no letter in common: tofu makes them identical.
      expect(await difference(await render('אהבה', notoOnly), await render('שלום', notoOnly))).toBe(0);
      expect(await difference(await render('אהבה', all), await render('שלום', all))).toBeGreaterThan(1_000);
    },
  );

  it('bounds a long answer and many turns, and says it shortened them', async () => {
    const long = '神爱世人，甚至将他的独生子赐给他们，叫一切信他的，不至灭亡，反得永生。'.repeat(200);
    const many = Array.from({ length: 12 }, (_, i) => ({ question: `问题 ${i + 1}`, answer: long, verses: [] }));
    const png = await renderShareCard({ items: many, labels, theme: 'light' });
    const meta = await sharp(png).metadata();
    expect(meta.width).toBe(CARD_WIDTH);
    expect(meta.height).toBeLessThan(6_000);
    // The long card carries the "shortened" line; a short card has none (removing its text changes nothing).
    const unlabelled = await renderShareCard({ items: many, labels: { ...labels, truncated: '' }, theme: 'light' });
    expect(await difference(png, unlabelled)).toBeGreaterThan(1_000);
    const short = await renderShareCard({
      items: [{ question: '短', answer: '短', verses: [] }],
      labels,
      theme: 'light',
    });
    const truncatedOff = await renderShareCard({
      items: [{ question: '短', answer: '短', verses: [] }],
      labels: { ...labels, truncated: '' },
      theme: 'light',
    });
    expect(await difference(short, truncatedOff)).toBe(0);
  });
});
