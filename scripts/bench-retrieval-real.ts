// The real corpus for the retrieval benchmark: every verse of every translation plus the reference works, long
// entries cut into passages. Streams the JSONL files; nothing is held whole.
import { createReadStream } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Canon, PassageDoc, Testament } from '../apps/api/src/retrieval/passage-index.ts';
import { splitIntoPassages } from '../apps/api/src/retrieval/passage-splitter.ts';
import { createRng, type BenchQuery } from './bench-retrieval-corpus.ts';

const CATHOLIC_DC = new Set('TOB JDT ESG WIS SIR BAR LJE S3Y SUS BEL 1MA 2MA'.split(' '));
const ORTHODOX_ONLY = new Set('1ES MAN PS2 3MA'.split(' '));

function canonsOf(book: string, testament: Testament | undefined): Canon[] {
  if (testament !== 'DC') return ['protestant', 'catholic', 'orthodox'];
  if (CATHOLIC_DC.has(book)) return ['catholic', 'orthodox'];
  return ORTHODOX_ONLY.has(book) ? ['orthodox'] : [];
}

async function* jsonLines<T>(path: string): AsyncGenerator<T> {
  const lines = createInterface({ input: createReadStream(path, 'utf8'), crlfDelay: Infinity });
  for await (const line of lines) if (line.trim()) yield JSON.parse(line) as T;
}

interface VerseRecord {
  book: string;
  chapter: number;
  verse: number;
  text: string;
}
interface EntryRecord {
  id: string;
  collection: string;
  title: string;
  lang: string;
  refs: string[];
  text: string;
}

export async function* realDocs(corpusDir: string): AsyncGenerator<PassageDoc> {
  const books = JSON.parse(await readFile(join(corpusDir, 'books.json'), 'utf8')) as {
    code: string;
    testament: Testament;
  }[];
  const testaments = new Map(books.map((b) => [b.code, b.testament]));
  const bibles = join(corpusDir, 'bibles');
  for (const file of (await readdir(bibles)).filter((f) => f.endsWith('.meta.json')).sort()) {
    const meta = JSON.parse(await readFile(join(bibles, file), 'utf8')) as { id: string; language: string };
    for await (const v of jsonLines<VerseRecord>(join(bibles, `${meta.id}.jsonl`))) {
      if (!v.text?.trim()) continue;
      const ref = `${v.book}.${v.chapter}.${v.verse}`;
      const testament = testaments.get(v.book);
      yield {
        id: `${meta.id}:${ref}`,
        kind: 'verse',
        lang: meta.language,
        translation: meta.id,
        ref,
        ...(testament ? { testament } : {}),
        canons: canonsOf(v.book, testament),
        text: v.text,
      };
    }
  }
  const reference = join(corpusDir, 'reference');
  for (const file of (await readdir(reference)).filter((f) => f.endsWith('.jsonl')).sort()) {
    for await (const e of jsonLines<EntryRecord>(join(reference, file))) {
      const passages = splitIntoPassages(e.text);
      for (const [i, text] of passages.entries()) {
        yield {
          id: passages.length > 1 ? `${e.id}#${i + 1}` : e.id,
          kind: 'entry',
          lang: e.lang,
          collection: e.collection,
          title: e.title,
          ...(e.refs[0] ? { ref: e.refs[0] } : {}),
          text,
        };
      }
    }
  }
}

const QUESTIONS: readonly [string, string][] = [
  ['What does the Bible say about forgiveness?', 'en'],
  ['Who was Melchizedek?', 'en'],
  ['love your enemies', 'en'],
  ['the fruit of the Spirit', 'en'],
  ['How should we pray?', 'en'],
  ['faith without works is dead', 'en'],
  ['Why did Jesus have to die on the cross?', 'en'],
  ['justification by faith', 'en'],
  ['神爱世人', 'zh-Hans'],
  ['耶稣为什么要死在十字架上？', 'zh-Hans'],
  ['什么是因信称义', 'zh-Hans'],
  ['圣灵的果子', 'zh-Hans'],
  ['如何饶恕得罪我的人', 'zh-Hans'],
  ['好撒馬利亞人的比喻', 'zh-Hant'],
  ['¿Qué dice la Biblia sobre el perdón?', 'es'],
  ['el buen pastor', 'es'],
  ['Que dit la Bible sur la grâce ?', 'fr'],
  ["l'amour de Dieu", 'fr'],
  ['Abraham Isaac Jacob', 'en'],
  ['Moses Aaron Egypt Pharaoh', 'en'],
];

/** Hand-written questions plus 2–4 words (or Chinese character pairs) drawn from random verses; 55 % en, 35 % zh. */
export async function realQueries(corpusDir: string, count = 200, seed = 3): Promise<BenchQuery[]> {
  const rng = createRng(seed);
  const load = async (id: string) => {
    const texts: string[] = [];
    for await (const v of jsonLines<VerseRecord>(join(corpusDir, 'bibles', `${id}.jsonl`))) texts.push(v.text);
    return texts;
  };
  const sources: [string, string, number][] = [
    ['kjv', 'en', 0.3],
    ['webbe', 'en', 0.25],
    ['cuv-hans', 'zh-Hans', 0.25],
    ['cuv-hant', 'zh-Hant', 0.1],
    ['rv1909', 'es', 0.05],
    ['darby-fr', 'fr', 0.05],
  ];
  const texts = new Map(await Promise.all(sources.map(async ([id]) => [id, await load(id)] as const)));
  const queries: BenchQuery[] = QUESTIONS.map(([text, lang]) => ({ text, lang, kind: 'question' }));
  while (queries.length < count) {
    let u = rng();
    const [id, lang] = sources.find(([, , share]) => (u -= share) < 0) ?? sources[0]!;
    const verses = texts.get(id) ?? [];
    const verse = verses[Math.floor(rng() * verses.length)] ?? '';
    const n = 2 + Math.floor(rng() * 3);
    const pieces = lang.startsWith('zh')
      ? (verse.match(/\p{Script=Han}{2}/gu) ?? [])
      : (verse.match(/\p{L}{3,}/gu) ?? []).filter((w) => !/^(the|and|that|for|with|los|las|les|des|que)$/i.test(w));
    const picked = [...new Set(pieces)].sort(() => rng() - 0.5).slice(0, n);
    if (picked.length >= 2) queries.push({ text: picked.join(' '), lang, kind: 'verse-words' });
  }
  return queries;
}
