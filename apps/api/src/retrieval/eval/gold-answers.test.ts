import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { unstatedAnswers } from './gold-answers.ts';
import { loadGoldSet, parseGoldSet } from './gold-set.ts';

/** A corpus of two books in two translations: the reader's Chinese text and Darby's Jonah numbered one on. */
function corpus(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'gold-answers-'));
  mkdirSync(path.join(dir, 'bibles'));
  writeFileSync(
    path.join(dir, 'books.json'),
    JSON.stringify([
      { code: '1SA', testament: 'OT' },
      { code: 'JON', testament: 'OT' },
    ]),
  );
  const lines = (verses: object[]) => verses.map((v) => JSON.stringify(v)).join('\n');
  writeFileSync(
    path.join(dir, 'bibles', 'cuv-hans.jsonl'),
    lines([
      { book: '1SA', chapter: 10, verse: 1, text: '撒母耳拿瓶膏油倒在扫罗的头上' },
      { book: '1SA', chapter: 16, verse: 13, text: '撒母耳就用角里的膏油，在他诸兄中膏了他。' },
    ]),
  );
  writeFileSync(
    path.join(dir, 'bibles', 'darby-fr.jsonl'),
    lines([
      { book: 'JON', chapter: 2, verse: 1, text: 'Jonas fut dans les entrailles du poisson 3 jours et 3 nuits.' },
    ]),
  );
  return dir;
}

describe('unstatedAnswers', () => {
  const questions = parseGoldSet([
    {
      id: 'zh-hans-1',
      lang: 'zh-Hans',
      type: 'factual',
      question: '以色列第一个王是谁？',
      gold: ['1SA.10.1'],
      answer: ['扫罗'],
    },
    {
      id: 'zh-hans-2',
      lang: 'zh-Hans',
      type: 'factual',
      question: '谁膏了大卫？',
      gold: ['1SA.16.13'],
      answer: ['大卫'],
    },
    {
      id: 'fr-1',
      lang: 'fr',
      type: 'number',
      question: 'Combien de jours ?',
      gold: ['JON.1.17'],
      answer: ['3', 'trois'],
    },
    { id: 'zh-hans-3', lang: 'zh-Hans', type: 'doctrinal', question: '爱是什么？', gold: ['1SA.10.1'] },
  ]);

  it('lists the questions whose gold verses state no form of the answer, with the verses it read', async () => {
    const unstated = await unstatedAnswers(questions, corpus());
    expect(unstated).toEqual([
      {
        id: 'zh-hans-2',
        question: '谁膏了大卫？',
        answer: ['大卫'],
        verses: [{ ref: '1SA.16.13', translation: 'cuv-hans', text: '撒母耳就用角里的膏油，在他诸兄中膏了他。' }],
      },
    ]);
  });

  it('says nothing without a corpus', async () => {
    expect(await unstatedAnswers(questions, path.join(tmpdir(), 'no-such-corpus'))).toBeUndefined();
  });
});

describe('gold-questions.json', () => {
  it('gives a short answer to questions of fact, number, person and place in every language', async () => {
    const questions = await loadGoldSet();
    const withAnswer = questions.filter((q) => q.answer);
    expect(withAnswer.every((q) => ['factual', 'number', 'person', 'place'].includes(q.type))).toBe(true);
    for (const lang of ['zh-Hans', 'zh-Hant', 'en', 'es', 'fr']) {
      expect(withAnswer.filter((q) => q.lang === lang).length).toBeGreaterThanOrEqual(20);
    }
  });
});
