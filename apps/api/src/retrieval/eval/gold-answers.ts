// A gold question's short answer must be stated by one of its gold verses, in the text its reader sees: the check
// that keeps `answer` and `gold` honest with each other (scripts/check-gold-answers.ts prints what fails it).
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { statesAnswer } from '../../answer/eval/answer-facts.ts';
import { defaultTranslation } from '../../scripture/translation-policy.ts';
import type { GoldQuestion } from './gold-set.ts';

export interface UnstatedAnswer {
  id: string;
  question: string;
  answer: readonly string[];
  /** The gold verses as the reader's translation has them ('' for a verse it lacks). */
  verses: { ref: string; translation: string; text: string }[];
}

async function versesOf(file: string): Promise<Map<string, string>> {
  const verses = new Map<string, string>();
  for (const line of (await readFile(file, 'utf8')).split('\n')) {
    if (!line.trim()) continue;
    const v = JSON.parse(line) as { book: string; chapter: number; verse: number; text: string };
    verses.set(`${v.book}.${v.chapter}.${v.verse}`, v.text);
  }
  return verses;
}

/**
 * The questions with an `answer` none of whose gold verses states any of its forms, read in the reader's
 * translation (and for English also the KJV, the gold set's numbering). A verse the translation numbers as the first
 * of the next chapter (Jonah 1:17 is 2:1 in Reina-Valera and Darby) is read there. Undefined without books.json.
 */
export async function unstatedAnswers(
  questions: readonly GoldQuestion[],
  corpusDir: string,
): Promise<UnstatedAnswer[] | undefined> {
  const booksFile = path.join(corpusDir, 'books.json');
  if (!existsSync(booksFile)) return undefined;
  const books = JSON.parse(await readFile(booksFile, 'utf8')) as { code: string; testament: 'OT' | 'NT' | 'DC' }[];
  const testament = new Map(books.map((b) => [b.code, b.testament]));
  const bibles = new Map<string, Promise<Map<string, string>>>();
  const bible = (id: string) => {
    if (!bibles.has(id)) {
      const file = path.join(corpusDir, 'bibles', `${id}.jsonl`);
      bibles.set(id, existsSync(file) ? versesOf(file) : Promise.resolve(new Map()));
    }
    return bibles.get(id)!;
  };
  const out: UnstatedAnswer[] = [];
  for (const q of questions) {
    if (!q.answer) continue;
    const verses: UnstatedAnswer['verses'] = [];
    for (const ref of q.gold) {
      const [book, chapter] = ref.split('.') as [string, string];
      const reader = defaultTranslation(q.lang, q.tradition, testament.get(book) ?? 'OT');
      for (const translation of q.lang === 'en' ? [reader, 'kjv'] : [reader]) {
        const text = await bible(translation);
        verses.push({ ref, translation, text: text.get(ref) ?? text.get(`${book}.${Number(chapter) + 1}.1`) ?? '' });
      }
    }
    if (!verses.some((v) => statesAnswer(v.text, q.answer!))) {
      out.push({ id: q.id, question: q.question, answer: q.answer, verses });
    }
  }
  return out;
}
