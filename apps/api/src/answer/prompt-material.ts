import type { ChatMode } from '@bible-qa/contract';
import type { AnswerContext, ContextEntry, ContextVerse } from './answer-model.ts';

/**
 * Estimated tokens of a text: a Han, kana or Hangul character is about one token in the tokenizers of the models
 * we target (DeepSeek, Qwen, GPT-4o: 0.6–1.2), other scripts about four characters a token. An estimate that errs
 * high for Chinese, which is what a budget wants.
 */
export function estimateTokens(text: string): number {
  const cjk = text.match(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu)?.length ?? 0;
  return cjk + Math.ceil((text.length - cjk) / 4);
}

/**
 * Tokens of reference material per mode (measured with `npm run measure:prompt`; see decision 0014): the passages
 * of a simple answer, the passages and a few works of a detailed one, and the lexicon, commentary and
 * cross-references professional mode promises.
 */
export const MATERIAL_BUDGET: Record<ChatMode, number> = { simple: 900, advanced: 1800, professional: 3000 };
/** The passages always sent, whatever their size (a long range still counts against the rest). */
const MIN_VERSES = 3;
const MAX_VERSE_CHARS = 700;
const MAX_ENTRY_CHARS: Record<ChatMode, number> = { simple: 300, advanced: 400, professional: 600 };
/** An entry that is only a name or a list of references once its references are removed says nothing. */
const MIN_ENTRY_CHARS = 40;

export type MaterialKind = 'passage' | 'cross-reference' | 'commentary' | 'lexicon' | 'reference-work';

export interface MaterialItem {
  id: string;
  kind: MaterialKind;
  /** A passage's label in the reader's book names and its USFM reference; a work's name and entry title. */
  label: string;
  ref?: string;
  text: string;
}

const KIND_OF_COLLECTION: Record<string, MaterialKind> = {
  'strongs-greek': 'lexicon',
  'strongs-hebrew': 'lexicon',
  'matthew-henry-complete': 'commentary',
};

/** Characters that could close the fence or open a tag inside quoted material: shown as look-alikes. */
export function inert(text: string): string {
  return text.replace(/</g, '‹').replace(/>/g, '›').replace(/\s+/g, ' ').trim();
}

function clip(text: string, chars: number): string {
  return text.length <= chars ? text : `${text.slice(0, chars).trimEnd()}…`;
}

/** "JHN.3.16" is within "JHN.3.14-JHN.3.21", "JHN.3" or "JHN.3.16". */
function covers(stored: string, verse: string): boolean {
  const [book, chapter, number] = verse.split('.');
  const [from = '', to = from] = stored.split('-');
  const [fb, fc, fv] = from.split('.');
  const [tb, tc, tv] = to.split('.');
  if (fb !== book || tb !== book) return false;
  const at = Number(chapter) * 1000 + Number(number ?? 0);
  const start = Number(fc) * 1000 + (fv ? Number(fv) : 0);
  const end = Number(tc) * 1000 + (tv ? Number(tv) : 999);
  return at >= start && at <= end;
}

/**
 * An entry is on topic when it is a lexicon or commentary entry (found for this question and its key verse) or a
 * reference work that cites one of the passages sent; dictionary and topical entries about other verses are left
 * out, and so are entries with nothing left to say.
 */
function onTopic(entry: ContextEntry, verses: readonly ContextVerse[]): boolean {
  if (entry.excerpt.trim().length < MIN_ENTRY_CHARS) return false;
  if (KIND_OF_COLLECTION[entry.collection] || !entry.refs) return true;
  return entry.refs.some((stored) => verses.some((v) => covers(stored, v.ref.split('-')[0]!)));
}

/**
 * The material a model is given for one question, best first and within the mode's budget: the top passages, then
 * (professional mode) commentary, lexicon entries and cross-references, then the other passages, then reference
 * works on the passages sent. Each item has an id (P1, X1, C1, L1, R1) the prompt fences it under.
 */
export function selectMaterial(context: AnswerContext): { items: MaterialItem[]; tokens: number; dropped: number } {
  const budget = MATERIAL_BUDGET[context.mode];
  const entryChars = MAX_ENTRY_CHARS[context.mode];
  const passage = (v: ContextVerse, i: number, kind: MaterialKind, prefix: string): MaterialItem => ({
    id: `${prefix}${i + 1}`,
    kind,
    label: v.label,
    ref: v.ref,
    text: clip(inert(v.text), MAX_VERSE_CHARS),
  });
  const verses = context.verses.map((v, i) => passage(v, i, 'passage', 'P'));
  const crossRefs = context.crossReferences.map((v, i) => passage(v, i, 'cross-reference', 'X'));
  const counters: Record<string, number> = { commentary: 0, lexicon: 0, 'reference-work': 0 };
  const prefixes: Record<string, string> = { commentary: 'C', lexicon: 'L', 'reference-work': 'R' };
  const works = context.entries
    .filter((e) => onTopic(e, context.verses))
    .map((e): MaterialItem => {
      const kind = KIND_OF_COLLECTION[e.collection] ?? 'reference-work';
      counters[kind] = (counters[kind] ?? 0) + 1;
      return {
        id: `${prefixes[kind]}${counters[kind]}`,
        kind,
        label: `${e.collectionName}: ${e.title}`,
        text: clip(inert(e.excerpt), entryChars),
      };
    });
  const byKind = (kind: MaterialKind) => works.filter((w) => w.kind === kind);
  const ordered = [
    ...verses.slice(0, MIN_VERSES),
    ...(context.mode === 'professional'
      ? [...byKind('commentary'), ...byKind('lexicon'), ...crossRefs, ...verses.slice(MIN_VERSES)]
      : [...verses.slice(MIN_VERSES), ...crossRefs]),
    ...byKind('reference-work'),
  ];
  const chosen = new Set<MaterialItem>();
  let tokens = 0;
  let dropped = context.entries.length - works.length;
  ordered.forEach((item, index) => {
    const cost = estimateTokens(`${item.id} ${item.label} ${item.ref ?? ''} ${item.text}`) + 8;
    if (index < MIN_VERSES && item.kind === 'passage') {
      chosen.add(item);
      tokens += cost;
    } else if (tokens + cost <= budget) {
      chosen.add(item);
      tokens += cost;
    } else dropped += 1;
  });
  // Back in the order the prompt shows them: passages, cross-references, then the works.
  const kinds: MaterialKind[] = ['passage', 'cross-reference', 'commentary', 'lexicon', 'reference-work'];
  const items = [...chosen].sort((a, b) => kinds.indexOf(a.kind) - kinds.indexOf(b.kind));
  return { items, tokens, dropped };
}
