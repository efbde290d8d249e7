import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { missingGoldRefs } from './gold-refs.ts';

const verse = (book: string, chapter: number, v: number, text: string) =>
  JSON.stringify({ book, chapter, verse: v, text });

describe('missingGoldRefs', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'gold-refs-'));
    await mkdir(path.join(dir, 'bibles'));
    const books = [
      { code: 'GEN', testament: 'OT' },
      { code: 'SIR', testament: 'DC' },
    ];
    await writeFile(path.join(dir, 'books.json'), JSON.stringify(books));
    await writeFile(
      path.join(dir, 'bibles', 'kjv.jsonl'),
      [verse('GEN', 1, 1, 'In the beginning'), verse('GEN', 1, 2, ' ')].join('\n'),
    );
    await writeFile(
      path.join(dir, 'bibles', 'cpdv.jsonl'),
      [verse('SIR', 6, 14, 'A faithful friend'), verse('GEN', 1, 3, 'And God said')].join('\n'),
    );
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('checks the Protestant canon against the KJV and the deuterocanon against the CPDV', async () => {
    const missing = await missingGoldRefs(
      [
        { id: 'a', gold: ['GEN.1.1', 'SIR.6.14'] },
        // GEN.1.2 is an empty slot; GEN.1.3 is only in the CPDV; SIR.6.15 is in neither.
        { id: 'b', gold: ['GEN.1.2', 'GEN.1.3', 'SIR.6.15'] },
        { id: 'c', gold: [] },
      ],
      dir,
    );
    expect(missing).toEqual(['b GEN.1.2', 'b GEN.1.3', 'b SIR.6.15']);
  });

  it('says it cannot check when the corpus lacks a file', async () => {
    expect(await missingGoldRefs([{ id: 'a', gold: ['GEN.1.1'] }], path.join(dir, 'bibles'))).toBeUndefined();
  });
});
