import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Font } from 'satori';
import { toPlainBlocks, truncateBlocks, type PlainBlock } from './plain-text.ts';

/** One shared turn as the card draws it: the question, the answer's markdown and its linked verses. */
export interface CardItem {
  question: string;
  answer: string;
  verses: { label: string; translation: string; text: string }[];
}

export interface CardLabels {
  brand: string;
  /** The §1 label: output is AI-generated and says so wherever it is published. */
  aiGenerated: string;
  aiNotice: string;
  verses: string;
  truncated: string;
}

export interface ShareCard {
  items: CardItem[];
  labels: CardLabels;
  theme: 'light' | 'dark';
  /** Fonts to draw with; the Noto Sans SC pair by default. Tests pass others to prove the CJK font is used. */
  fonts?: Font[];
}

export const CARD_WIDTH = 1080;
/** Characters of answer text a card holds in all, shared between its turns, and verses per turn. */
const ANSWER_BUDGET = 1400;
const QUESTION_MAX = 120;
const VERSES_PER_ITEM = 4;
const VERSE_MAX = 150;
export const CARD_MAX_ITEMS = 10;

const require = createRequire(import.meta.url);
let defaultFonts: Promise<Font[]> | undefined;

/**
 * Debian's DejaVu Sans (fonts-dejavu-core, present wherever Chromium is): Greek and Hebrew for the lexicon words of
 * professional answers, which Noto Sans SC lacks. satori draws each glyph from the first font that has it.
 */
export const FALLBACK_FONT_FILES = [
  [400, '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf'],
  [700, '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf'],
] as const;

/**
 * Noto Sans SC as TTF (satori reads TrueType/OpenType files, not the .ttc collections of fonts-noto-cjk); it covers
 * Simplified and Traditional Chinese and the Latin of English, Spanish and French. Read once, on first use.
 */
export function cardFonts(): Promise<Font[]> {
  const read = async (name: string, weight: 400 | 700, file: string): Promise<Font> => ({
    name,
    weight,
    style: 'normal',
    data: await fs.readFile(file),
  });
  defaultFonts ??= Promise.all([
    read('Noto Sans SC', 400, require.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf')),
    read('Noto Sans SC', 700, require.resolve('@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf')),
    ...FALLBACK_FONT_FILES.map(([weight, file]) => read('DejaVu Sans', weight, file).catch(() => null)),
  ]).then((fonts) => fonts.filter((f): f is Font => f !== null));
  return defaultFonts;
}

const cut = (text: string, max: number) => {
  const chars = Array.from(text.trim());
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : chars.join('');
};

/** A satori element: the object form of JSX (no React on the server). */
interface Node {
  type: string;
  props: { style?: Record<string, string | number>; children?: Node | string | (Node | string)[] };
}
const el = (style: Record<string, string | number>, children?: Node['props']['children']): Node => ({
  type: 'div',
  props: { style: { display: 'flex', ...style }, children },
});

function palette(theme: 'light' | 'dark') {
  return theme === 'dark'
    ? { page: '#0f1115', card: '#1c1f26', text: '#eceef2', muted: '#9aa0ab', bubble: '#123a63', line: '#2c313b' }
    : { page: '#eef3fb', card: '#ffffff', text: '#1f2329', muted: '#646a73', bubble: '#e8f3ff', line: '#e5e6eb' };
}
const BLUE = '#1989fa';

function blockNode(block: PlainBlock, color: ReturnType<typeof palette>): Node {
  const text = { fontSize: 30, lineHeight: 1.6, color: color.text };
  switch (block.kind) {
    case 'heading':
      return el({ ...text, fontSize: 32, fontWeight: 700, marginTop: 8 }, block.text);
    case 'item':
      return el({ ...text, paddingLeft: 8 + block.depth * 32 }, [
        el({ width: 44, flexShrink: 0, color: BLUE, fontWeight: 700 }, block.marker),
        el({ flex: 1 }, block.text),
      ]);
    case 'quote':
      return el({ ...text, color: color.muted, borderLeft: `6px solid ${color.line}`, paddingLeft: 20 }, block.text);
    default:
      return el(text, block.text);
  }
}

/** The card as an element tree: brand and AI label, then each question, answer and its verses, then the notice. */
export function cardTree(card: ShareCard): Node {
  const color = palette(card.theme);
  const items = card.items.slice(0, CARD_MAX_ITEMS);
  const budget = Math.floor(ANSWER_BUDGET / items.length);
  let truncated = card.items.length > items.length;
  const sections = items.map((item, i) => {
    const reduced = truncateBlocks(toPlainBlocks(item.answer), Math.max(120, budget));
    truncated ||= reduced.truncated || item.verses.length > VERSES_PER_ITEM;
    const verses = item.verses.slice(0, VERSES_PER_ITEM);
    return el(
      {
        flexDirection: 'column',
        gap: 18,
        paddingTop: i === 0 ? 0 : 36,
        borderTop: i === 0 ? 'none' : `2px solid ${color.line}`,
      },
      [
        el(
          {
            alignSelf: 'flex-end',
            maxWidth: '85%',
            backgroundColor: color.bubble,
            color: color.text,
            borderRadius: 24,
            padding: '18px 28px',
            fontSize: 32,
            fontWeight: 700,
            lineHeight: 1.5,
          },
          cut(item.question, QUESTION_MAX),
        ),
        el(
          { flexDirection: 'column', gap: 12 },
          reduced.blocks.map((b) => blockNode(b, color)),
        ),
        ...(verses.length
          ? [
              el({ flexDirection: 'column', gap: 14, marginTop: 6 }, [
                el({ fontSize: 26, fontWeight: 700, color: BLUE }, card.labels.verses),
                ...verses.map((v) =>
                  el(
                    {
                      flexDirection: 'column',
                      borderLeft: `6px solid ${BLUE}`,
                      paddingLeft: 20,
                      fontSize: 26,
                      lineHeight: 1.55,
                      color: color.text,
                    },
                    [
                      el({ fontWeight: 700 }, `${v.label} · ${v.translation}`),
                      el({ color: color.muted }, cut(v.text, VERSE_MAX)),
                    ],
                  ),
                ),
              ]),
            ]
          : []),
      ],
    );
  });
  return el(
    {
      width: CARD_WIDTH,
      flexDirection: 'column',
      backgroundColor: color.page,
      padding: 48,
      fontFamily: 'Noto Sans SC',
    },
    [
      el(
        {
          flexDirection: 'column',
          backgroundColor: color.card,
          borderRadius: 36,
          padding: '44px 52px',
          gap: 32,
        },
        [
          el({ alignItems: 'center', justifyContent: 'space-between' }, [
            el({ alignItems: 'center', gap: 16 }, [
              el({ width: 14, height: 44, borderRadius: 7, backgroundColor: BLUE }),
              el({ fontSize: 34, fontWeight: 700, color: color.text }, card.labels.brand),
            ]),
            el(
              {
                fontSize: 24,
                fontWeight: 700,
                color: '#ffffff',
                backgroundColor: BLUE,
                borderRadius: 999,
                padding: '8px 22px',
              },
              card.labels.aiGenerated,
            ),
          ]),
          ...sections,
          ...(truncated ? [el({ fontSize: 24, color: color.muted }, card.labels.truncated)] : []),
        ],
      ),
      el(
        { marginTop: 24, fontSize: 24, lineHeight: 1.5, color: color.muted, justifyContent: 'center' },
        card.labels.aiNotice,
      ),
    ],
  );
}

/** The share card as a PNG, 1080 px wide and as tall as its (bounded) content. */
export async function renderShareCard(card: ShareCard): Promise<Buffer> {
  const fonts = card.fonts ?? (await cardFonts());
  const { satori, Resvg } = await imageRenderers();
  const svg = await satori(cardTree(card) as unknown as Parameters<typeof satori>[0], { width: CARD_WIDTH, fonts });
  return new Resvg(svg, { fitTo: { mode: 'original' }, font: { loadSystemFonts: false } }).render().asPng();
}

/**
 * The layout and rasteriser, loaded at the first card rather than at the server's start: with sharp's they are about
 * 45 MB of memory and half a second of a start's CPU that a process drawing no card never uses.
 */
async function imageRenderers() {
  const [{ default: satori }, { Resvg }] = await Promise.all([import('satori'), import('@resvg/resvg-js')]);
  return { satori, Resvg };
}
