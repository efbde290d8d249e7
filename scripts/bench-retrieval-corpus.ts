// Deterministic synthetic corpus for the retrieval benchmark, shaped like the spike's gen.mjs: passages of 100–140
// words, en 55 % / zh 33 % / es 7 % / fr 5 %, a real head vocabulary per language followed by a generated tail,
// Zipf(s = 1.05) sampling, ~6 % repeated topic words per passage. Display text is rendered with punctuation (no
// spaces in Chinese) and goes through the production analyser at build time, like real text would.
import type { PassageDoc } from '../apps/api/src/retrieval/passage-index.ts';
import { HEAD_WORDS, ZH_CHARS } from './bench-retrieval-vocab.ts';

export type SynthLang = 'en' | 'zh' | 'es' | 'fr';
const LANG_MIX: readonly [SynthLang, number][] = [
  ['en', 0.55],
  ['zh', 0.33],
  ['es', 0.07],
  ['fr', 0.05],
];
const TAIL_SIZE: Readonly<Record<SynthLang, number>> = { en: 150_000, zh: 80_000, es: 60_000, fr: 60_000 };
const ZIPF_S = 1.05;
const TOPIC_SHARE = 0.06;
const BCP47: Readonly<Record<SynthLang, string>> = { en: 'en', zh: 'zh-Hans', es: 'es', fr: 'fr' };

/** mulberry32: small, fast, good enough for benchmarks, identical on every machine. */
export function createRng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SYLLABLE_ONSETS: Readonly<Record<SynthLang, string[]>> = {
  en: 'b c d f g h j k l m n p r s t v w y z bl br ch cr dr fl gr pl pr sh st th tr'.split(' '),
  es: 'b c d f g h j l m n ñ p r s t v z ll ch br cr dr gr pl pr tr'.split(' '),
  fr: 'b c d f g j l m n p r s t v ch br cr dr fl gr pl pr tr qu'.split(' '),
  zh: [],
};
const SYLLABLE_VOWELS: Readonly<Record<SynthLang, string[]>> = {
  en: 'a e i o u ai ea ee oo ou'.split(' '),
  es: 'a e i o u á é í ó ú ia ie ue'.split(' '),
  fr: 'a e i o u é è ê ai au eau ou oi'.split(' '),
  zh: [],
};

export class Vocabulary {
  readonly words: string[];
  private readonly cdf: Float64Array;

  constructor(readonly lang: SynthLang) {
    const rng = createRng(0x5eed + lang.charCodeAt(0) * 31 + lang.charCodeAt(1));
    const words = [...new Set(HEAD_WORDS[lang].split(/\s+/).filter(Boolean))];
    const seen = new Set(words);
    const chars = Array.from(ZH_CHARS.replace(/\s+/g, ''));
    const target = words.length + TAIL_SIZE[lang];
    while (words.length < target) {
      const word = lang === 'zh' ? pseudoHan(rng, chars) : pseudoWord(rng, lang);
      if (seen.has(word)) continue;
      seen.add(word);
      words.push(word);
    }
    this.words = words;
    this.cdf = new Float64Array(words.length);
    let sum = 0;
    for (let r = 0; r < words.length; r++) this.cdf[r] = sum += 1 / (r + 1) ** ZIPF_S;
    for (let r = 0; r < words.length; r++) this.cdf[r] = (this.cdf[r] ?? 0) / sum;
  }

  /** A Zipf-distributed rank (0 = most frequent). */
  sampleRank(u: number): number {
    let lo = 0;
    let hi = this.cdf.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.cdf[mid] ?? 1) < u) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

function pseudoWord(rng: () => number, lang: SynthLang): string {
  const onsets = SYLLABLE_ONSETS[lang];
  const vowels = SYLLABLE_VOWELS[lang];
  const syllables = 2 + Math.floor(rng() * 3);
  let word = '';
  for (let i = 0; i < syllables; i++) {
    word += (onsets[Math.floor(rng() * onsets.length)] ?? '') + (vowels[Math.floor(rng() * vowels.length)] ?? '');
  }
  return word;
}

function pseudoHan(rng: () => number, chars: readonly string[]): string {
  const u = rng();
  const length = u < 0.1 ? 1 : u < 0.65 ? 2 : u < 0.9 ? 3 : 4;
  let word = '';
  for (let i = 0; i < length; i++) word += chars[Math.floor(rng() * chars.length)] ?? '的';
  return word;
}

export interface SynthPassage {
  index: number;
  lang: SynthLang;
  ranks: number[];
  doc: PassageDoc;
}

function render(lang: SynthLang, words: readonly string[], rng: () => number): string {
  const han = lang === 'zh';
  const parts: string[] = [];
  let capitalise = !han;
  let sinceBreak = 0;
  words.forEach((word, i) => {
    parts.push(capitalise ? word.charAt(0).toUpperCase() + word.slice(1) : word);
    capitalise = false;
    sinceBreak++;
    const last = i === words.length - 1;
    if (last) parts.push(han ? '。' : '.');
    else if (sinceBreak >= 5 && rng() < 0.15) {
      const stop = rng() < 0.35;
      parts.push(han ? (stop ? '。' : '，') : stop ? '.' : ',');
      capitalise = stop && !han;
      sinceBreak = 0;
    }
    if (!han && !last) parts.push(' ');
  });
  return parts.join('');
}

export function createVocabularies(): Record<SynthLang, Vocabulary> {
  return { en: new Vocabulary('en'), zh: new Vocabulary('zh'), es: new Vocabulary('es'), fr: new Vocabulary('fr') };
}

/** Yields passages until `maxWords` generator words have been produced. Same seed, same corpus (prefix-stable). */
export function* synthPassages(
  vocab: Record<SynthLang, Vocabulary>,
  maxWords: number,
  seed = 1,
): Generator<SynthPassage> {
  const rng = createRng(seed);
  let words = 0;
  for (let index = 0; words < maxWords; index++) {
    let u = rng();
    const lang = LANG_MIX.find(([, share]) => (u -= share) < 0)?.[0] ?? 'en';
    const v = vocab[lang];
    const length = 100 + Math.floor(rng() * 41);
    const topics = [0, 1, 2].map(() => 200 + v.sampleRank(rng()));
    const ranks: number[] = [];
    for (let i = 0; i < length; i++) {
      const topic = rng() < TOPIC_SHARE;
      ranks.push(topic ? Math.min(topics[Math.floor(rng() * 3)] ?? 0, v.words.length - 1) : v.sampleRank(rng()));
    }
    const text = render(
      lang,
      ranks.map((r) => v.words[r] ?? ''),
      rng,
    );
    words += length;
    const kind = index % 10 === 9 ? 'entry' : 'verse';
    const doc: PassageDoc = {
      id: `syn:${index}`,
      kind,
      lang: BCP47[lang],
      ...(kind === 'verse' ? { translation: `syn-${lang}-${index % 2}` } : { collection: `syn-ref-${lang}` }),
      ref: `GEN.${1 + (index % 50)}.${1 + (index % 31)}`,
      text,
    };
    yield { index, lang, ranks, doc };
  }
}

export interface BenchQuery {
  text: string;
  lang: string;
  kind: 'common' | 'rare' | 'mixed' | 'question' | 'verse-words';
}

const COMMON_MAX_RANK = 1000;
const RARE_MIN_RANK = 10_000;

/** 200 queries of 2–4 words from the first 8 000 passages: ⅓ common, ⅓ rare, ⅓ mixed; 55 % en, 35 % zh. */
export function synthQueries(
  vocab: Record<SynthLang, Vocabulary>,
  maxWords: number,
  count = 200,
  seed = 2,
): BenchQuery[] {
  const pool: SynthPassage[] = [];
  for (const p of synthPassages(vocab, maxWords)) if (pool.push(p) >= 8000) break;
  const rng = createRng(seed);
  const queries: BenchQuery[] = [];
  for (let attempt = 0; queries.length < count && attempt < count * 100; attempt++) {
    const kind = (['common', 'rare', 'mixed'] as const)[queries.length % 3] ?? 'common';
    const u = rng();
    const lang: SynthLang = u < 0.55 ? 'en' : u < 0.9 ? 'zh' : u < 0.95 ? 'es' : 'fr';
    const candidates = pool.filter((p) => p.lang === lang);
    const passage = candidates[Math.floor(rng() * candidates.length)];
    if (!passage) continue;
    const distinct = [...new Set(passage.ranks)];
    const common = distinct.filter((r) => r < COMMON_MAX_RANK);
    const rare = distinct.filter((r) => r >= RARE_MIN_RANK);
    const n = 2 + Math.floor(rng() * 3);
    const take = (from: number[], k: number) => [...from].sort(() => rng() - 0.5).slice(0, k);
    const ranks =
      kind === 'common'
        ? take(common, n)
        : kind === 'rare'
          ? take(rare, n)
          : [...take(rare, 1), ...take(common, n - 1)];
    if (ranks.length < 2) continue;
    const words = ranks.map((r) => vocab[lang].words[r] ?? '');
    queries.push({ text: words.join(' '), lang: BCP47[lang], kind });
  }
  return queries;
}
