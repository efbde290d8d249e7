// Compares Chinese tokenisation strategies for recall on real verses (cuv-hans).
// For each query string q the truth is "verses whose raw text contains q"; a verse is retrieved when its token set
// holds every token of analyse(q) (AND). Usage: tsx scripts/bench-retrieval-segmentation.ts [--corpus DIR]
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Jieba } from '@node-rs/jieba';
import { dict } from '@node-rs/jieba/dict.js';

const corpusArg = process.argv.indexOf('--corpus');
const corpusDir = corpusArg > 0 ? (process.argv[corpusArg + 1] ?? '') : '/work/shared/corpus';
const jieba = Jieba.withDict(dict);
const HAN_RUN = /\p{Script=Han}+/gu;

type Strategy = { name: string; index: (run: string) => string[]; query: (run: string) => string[] };

const chars = (s: string): string[] => Array.from(s);
const bigrams = (s: string): string[] => {
  const c = chars(s);
  if (c.length < 2) return c;
  return c.slice(1).map((ch, i) => c[i] + ch);
};
const uniAndBi = (s: string): string[] => [...chars(s), ...bigrams(s)];
const cfsPlusBigrams = (s: string): string[] => {
  const out = jieba.cutForSearch(s, true);
  for (const w of jieba.cut(s, true)) if (chars(w).length >= 3) out.push(...bigrams(w));
  return out;
};
const inWordBigrams = (s: string): string[] => jieba.cut(s, true).flatMap(bigrams);
const cfsPlusUnigrams = (s: string): string[] => [...jieba.cutForSearch(s, true), ...chars(s)];

const strategies: Strategy[] = [
  { name: 'jieba cut (words)', index: (s) => jieba.cut(s, true), query: (s) => jieba.cut(s, true) },
  { name: 'jieba cutForSearch', index: (s) => jieba.cutForSearch(s, true), query: (s) => jieba.cutForSearch(s, true) },
  { name: 'cutForSearch + in-word bigrams', index: cfsPlusBigrams, query: cfsPlusBigrams },
  { name: 'cutForSearch + unigrams', index: cfsPlusUnigrams, query: (s) => jieba.cutForSearch(s, true) },
  { name: 'unigrams + bigrams (query: bigrams)', index: uniAndBi, query: bigrams },
  { name: 'unigrams + bigrams (query: bigrams inside jieba words)', index: uniAndBi, query: inWordBigrams },
];

const verses = readFileSync(join(corpusDir, 'bibles/cuv-hans.jsonl'), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((l) => (JSON.parse(l) as { text: string }).text);

// Deterministic PRNG (mulberry32).
let seed = 42;
const rand = (): number => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)] as T;

const runs = verses.flatMap((v) => v.match(HAN_RUN) ?? []);
const wordFreq = new Map<string, number>();
for (const r of runs) for (const w of jieba.cut(r, true)) wordFreq.set(w, (wordFreq.get(w) ?? 0) + 1);
const words = [...wordFreq].filter(([w, n]) => n >= 3 && chars(w).length >= 2).map(([w]) => w);
const substr = (len: number): string => {
  for (;;) {
    const r = chars(pick(runs));
    if (r.length < len) continue;
    const at = Math.floor(rand() * (r.length - len + 1));
    return r.slice(at, at + len).join('');
  }
};
const querySets: Record<string, string[]> = {
  'curated (世人, 独生子, 永生 …)': [
    '世人',
    '独生子',
    '永生',
    '灭亡',
    '恩典',
    '十字架',
    '耶稣基督',
    '圣灵',
    '天国',
  ].concat(['悔改', '以马内利', '好牧人', '生命', '平安', '信心', '荣耀', '复活', '赦免', '怜悯']),
  'dictionary words (jieba, 2-4 chars)': Array.from({ length: 300 }, () => pick(words)),
  '2-char substrings': Array.from({ length: 300 }, () => substr(2)),
  '3-char substrings': Array.from({ length: 300 }, () => substr(3)),
  'single characters': Array.from({ length: 100 }, () => substr(1)),
};

console.log(`${verses.length} verses, ${runs.reduce((n, r) => n + r.length, 0)} Han characters`);
for (const s of strategies) {
  const t0 = performance.now();
  const postings = new Map<string, number[]>();
  let tokenCount = 0;
  verses.forEach((v, i) => {
    const toks = new Set((v.match(HAN_RUN) ?? []).flatMap(s.index));
    tokenCount += toks.size;
    for (const t of toks) {
      const p = postings.get(t);
      if (p) p.push(i);
      else postings.set(t, [i]);
    }
  });
  const ms = performance.now() - t0;
  const line: string[] = [`${s.name}: ${tokenCount} postings, ${postings.size} distinct, ${ms.toFixed(0)} ms`];
  for (const [setName, qs] of Object.entries(querySets)) {
    let recall = 0;
    let precision = 0;
    for (const q of qs) {
      const truth = new Set<number>();
      verses.forEach((v, i) => v.includes(q) && truth.add(i));
      const toks = [...new Set(s.query(q))];
      let got = new Set(postings.get(toks[0] ?? '') ?? []);
      for (const t of toks.slice(1)) {
        const p = new Set(postings.get(t) ?? []);
        got = new Set([...got].filter((x) => p.has(x)));
      }
      const hit = [...got].filter((x) => truth.has(x)).length;
      recall += truth.size ? hit / truth.size : 1;
      precision += got.size ? hit / got.size : truth.size ? 0 : 1;
    }
    line.push(
      `  ${setName}: recall ${(recall / qs.length).toFixed(3)}, precision ${(precision / qs.length).toFixed(3)}`,
    );
  }
  console.log(line.join('\n'));
}
