// npm run check:guide: checks apps/api/src/question/guide/passage-guide.json against the real corpus at CORPUS_DIR.
// Beyond the structural rules (schema, unique ids and aliases, book codes) it checks that every verse of every
// range exists (KJV numbering; cpdv's Vulgate numbering for `canon: "catholic"` entries and a topic's
// `deuterocanon`), that ranges stay short,
// that no alias is a plain reference, that zh-Hant lists only forms the automatic conversion would not give, and
// that people and places carry their Chinese Union Version name, and that no two entries share an alias once
// English, Spanish and French words are stemmed the way the retriever matches them. Exits 1 on any problem.
import { createReadStream, readFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { Converter } from 'opencc-js';
import { loadConfig, REPO_ROOT } from '../apps/api/src/config.ts';
import { stem } from '../apps/api/src/language/stemmer.ts';
import { pushWordTokens, sanitizeText } from '../apps/api/src/language/text-analysis.ts';
import {
  aliasKey,
  findStructuralProblems,
  MAX_RANGE_VERSES,
  parseGuideRef,
  type PassageGuideEntry,
} from '../apps/api/src/question/guide/passage-guide.schema.ts';

interface BookRow {
  code: string;
  testament: string;
  names: Record<string, string>;
  zhCatholic?: Record<string, string>;
}

/** Verse numbers present per `BOOK.C`, and (optionally) the whole text joined, of one translation. */
interface Bible {
  verses: Map<string, Set<number>>;
  text: string;
}

async function readBible(file: string, keepText: boolean): Promise<Bible> {
  const verses = new Map<string, Set<number>>();
  const parts: string[] = [];
  const lines = createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity });
  for await (const line of lines) {
    if (!line.trim()) continue;
    const v = JSON.parse(line) as { book: string; chapter: number; verse: number; text: string };
    const key = `${v.book}.${v.chapter}`;
    const set = verses.get(key) ?? new Set<number>();
    set.add(v.verse);
    verses.set(key, set);
    if (keepText) parts.push(v.text);
  }
  return { verses, text: parts.join('\n') };
}

/** Every verse a ref spans, or the first missing one. */
function expand(ref: string, bible: Bible): { count: number; missing?: string } {
  const p = parseGuideRef(ref)!;
  let count = 0;
  for (let chapter = p.chapter; chapter <= p.endChapter; chapter++) {
    const present = bible.verses.get(`${p.book}.${chapter}`);
    if (!present) return { count, missing: `${p.book}.${chapter}` };
    const last = chapter === p.endChapter ? p.endVerse : Math.max(...present);
    for (let verse = chapter === p.chapter ? p.verse : 1; verse <= last; verse++) {
      if (!present.has(verse)) return { count, missing: `${p.book}.${chapter}.${verse}` };
      count++;
    }
  }
  return { count };
}

function referenceLike(books: BookRow[]): (alias: string) => boolean {
  const names = new Set<string>();
  for (const b of books) {
    for (const n of [...Object.values(b.names), ...Object.values(b.zhCatholic ?? {})]) names.add(aliasKey(n));
  }
  const numberAfter = /^\s*(第\s*)?[\d一二三四五六七八九十百]/u;
  return (alias) => {
    const key = aliasKey(alias);
    for (const name of names) if (key.startsWith(name) && numberAfter.test(key.slice(name.length))) return true;
    return false;
  };
}

/** English, Spanish and French aliases are matched as stemmed words: two entries must not meet there either. */
function stemmedCollisions(entries: PassageGuideEntry[]): string[] {
  const problems: string[] = [];
  for (const language of ['en', 'es', 'fr'] as const) {
    const owners = new Map<string, string>();
    for (const entry of entries) {
      for (const name of new Set(entry.names[language])) {
        const words: string[] = [];
        pushWordTokens(sanitizeText(name), words);
        const key = words.map((w) => stem(w, language)).join(' ');
        const owner = owners.get(key);
        if (owner && owner !== entry.id)
          problems.push(`${entry.id}: ${language} alias "${name}" stems like ${owner}'s`);
        owners.set(key, entry.id);
      }
    }
  }
  return problems;
}

async function main() {
  const corpusDir = loadConfig().corpus.dir;
  const guideFile = path.join(REPO_ROOT, 'apps/api/src/question/guide/passage-guide.json');
  const data: unknown = JSON.parse(readFileSync(guideFile, 'utf8'));
  const books = JSON.parse(readFileSync(path.join(corpusDir, 'books.json'), 'utf8')) as BookRow[];
  const codes = new Set(books.map((b) => b.code));
  const deuterocanon = new Set(books.filter((b) => b.testament === 'DC').map((b) => b.code));

  const problems = findStructuralProblems(data, { codes, deuterocanon });
  if (problems.length === 0) {
    const entries = data as PassageGuideEntry[];
    const [kjv, cpdv, cuv] = await Promise.all([
      readBible(path.join(corpusDir, 'bibles/kjv.jsonl'), false),
      readBible(path.join(corpusDir, 'bibles/cpdv.jsonl'), false),
      readBible(path.join(corpusDir, 'bibles/cuv-hans.jsonl'), true),
    ]);
    problems.push(...stemmedCollisions(entries));
    const isReference = referenceLike(books);
    const toTraditional = Converter({ from: 'cn', to: 'tw' });
    const toSimplified = Converter({ from: 'tw', to: 'cn' });
    const hansOwner = new Map<string, string>();
    for (const e of entries) for (const n of e.names['zh-Hans']) hansOwner.set(aliasKey(n), e.id);

    for (const entry of entries) {
      const refs = [
        ...entry.refs.map((ref) => ({ ref, bible: entry.canon === 'catholic' ? cpdv : kjv })),
        ...(entry.deuterocanon ?? []).map((ref) => ({ ref, bible: cpdv })),
      ];
      for (const { ref, bible } of refs) {
        const { count, missing } = expand(ref, bible);
        if (missing) problems.push(`${entry.id}: ${ref}: ${missing} is not in ${bible === kjv ? 'kjv' : 'cpdv'}`);
        else if (count > MAX_RANGE_VERSES)
          problems.push(`${entry.id}: ${ref}: ${count} verses (max ${MAX_RANGE_VERSES})`);
      }
      for (const [language, names] of Object.entries(entry.names)) {
        for (const n of names ?? [])
          if (isReference(n)) problems.push(`${entry.id}: ${language} alias "${n}" is a reference`);
      }
      const converted = new Set(entry.names['zh-Hans'].map((n) => toTraditional(n)));
      for (const n of entry.names['zh-Hant'] ?? []) {
        if (converted.has(n)) problems.push(`${entry.id}: zh-Hant alias "${n}" is what the conversion gives already`);
        const owner = hansOwner.get(aliasKey(toSimplified(n)));
        if (owner && owner !== entry.id) problems.push(`${entry.id}: zh-Hant alias "${n}" folds onto ${owner}'s`);
      }
      // The first Chinese alias is the Union Version name; in a qualified form (伯大尼的马利亚) the name after 的.
      const name = entry.names['zh-Hans'][0]!.split('的').pop()!;
      if (
        (entry.kind === 'person' || entry.kind === 'place') &&
        entry.canon !== 'catholic' &&
        !cuv.text.includes(name)
      ) {
        problems.push(`${entry.id}: "${name}" does not occur in cuv-hans (not the Union Version spelling?)`);
      }
    }
  }

  const entries = Array.isArray(data) ? (data as PassageGuideEntry[]) : [];
  const byKind = new Map<string, number>();
  for (const e of entries) byKind.set(e.kind, (byKind.get(e.kind) ?? 0) + 1);
  const aliases = (lang: keyof PassageGuideEntry['names']) =>
    entries.reduce((n, e) => n + (e.names[lang]?.length ?? 0), 0);
  const catholic = entries.filter((e) => e.canon === 'catholic').length;
  console.log(
    `${entries.length} entries: ${[...byKind].map(([k, n]) => `${n} ${k}`).join(', ')}; ${catholic} catholic`,
  );
  console.log(
    `aliases: zh-Hans ${aliases('zh-Hans')}, zh-Hant ${aliases('zh-Hant')}, en ${aliases('en')}, es ${aliases('es')}, fr ${aliases('fr')}`,
  );
  console.log(`refs: ${entries.reduce((n, e) => n + e.refs.length, 0)} checked against ${corpusDir}`);
  for (const p of problems) console.log(`problem: ${p}`);
  console.log(problems.length === 0 ? 'ok' : `${problems.length} problems`);
  process.exitCode = problems.length === 0 ? 0 : 1;
}

await main();
