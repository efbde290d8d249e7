// Every gold verse must exist in the corpus, or the figures would silently undercount: verses of the Protestant
// canon are looked up in the KJV (the numbering of the gold set), deuterocanonical ones in the CPDV.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { GoldQuestion } from './gold-set.ts';

async function versesOf(file: string): Promise<Set<string>> {
  const known = new Set<string>();
  for (const line of (await readFile(file, 'utf8')).split('\n')) {
    if (!line.trim()) continue;
    const v = JSON.parse(line) as { book: string; chapter: number; verse: number; text: string };
    if (v.text.trim()) known.add(`${v.book}.${v.chapter}.${v.verse}`);
  }
  return known;
}

/**
 * `id REF` for each gold verse the corpus in `corpusDir` does not hold (a verse slot with empty text counts as
 * missing); undefined when the corpus lacks the files to check against.
 */
export async function missingGoldRefs(
  questions: readonly Pick<GoldQuestion, 'id' | 'gold'>[],
  corpusDir: string,
): Promise<string[] | undefined> {
  const files = ['books.json', 'bibles/kjv.jsonl', 'bibles/cpdv.jsonl'].map((f) => path.join(corpusDir, f));
  if (!files.every((f) => existsSync(f))) return undefined;
  const [booksFile, kjvFile, cpdvFile] = files as [string, string, string];
  const books = JSON.parse(await readFile(booksFile, 'utf8')) as { code: string; testament: string }[];
  const deuterocanon = new Set(books.filter((b) => b.testament === 'DC').map((b) => b.code));
  const [kjv, cpdv] = await Promise.all([versesOf(kjvFile), versesOf(cpdvFile)]);
  return questions.flatMap((q) =>
    q.gold
      .filter((ref) => !(deuterocanon.has(ref.split('.')[0] as string) ? cpdv : kjv).has(ref))
      .map((ref) => `${q.id} ${ref}`),
  );
}
