// The lint rules of the language room (scripts/eslint/language-room.js), run with the repository's own config on
// planted source: a Chinese regular expression or word list outside apps/api/src/language/ fails, the same source in
// the language room passes; an engine room that imports from a room above it fails.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const eslint = new ESLint({ cwd: repoRoot });

/** The lines a rule reports in source linted as if it were `file`. The file is planted for the linter only. */
async function problems(rule: string, file: string, code: string): Promise<number[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === `language-room/${rule}`).map((m) => m.line);
}
const wordLists = (file: string, code: string) => problems('no-chinese-word-lists', file, code);
/**
 * ESLint loads the repository's config and parsers on its first file and lints each planted file whole: seconds on
 * an idle machine, half a minute at a load of 30 (measured beside five test runs), so each test is given two minutes.
 */
const LINT_TIMEOUT = 120_000;

const planted = [
  'const words = /祷告|祈祷/u;',
  "const built = new RegExp('(?:写|作)[^？]{0,20}祷告', 'u');",
  'const each = (x: string) => new RegExp(`${x}|讲道`, "u");',
  "const called = RegExp('诗歌');",
  "const list = ['祷告', '祈祷', '代祷'];",
  "const set = new Set(['神', '上帝', `天主`, 'god']);",
  'export const planted = [words, built, each, called, list, set];',
].join('\n');

const notLists = [
  'const han = /\\p{Script=Han}+/gu;',
  'const marks = /[「『“。？]/u;',
  "const words = ['prayer', 'sermon', 'poem'];",
  "const question = '什么是因信称义？';",
  "const pair = ['神爱世人', '神愛世人', 'God so loved the world'];",
  'export const planted = [han, marks, words, question, pair];',
].join('\n');

describe('no Chinese word list outside the language room (eslint rule)', { timeout: LINT_TIMEOUT }, () => {
  it('fails on a Chinese regular expression or a list of three Chinese strings planted in the engine', async () => {
    for (const file of [
      'apps/api/src/answer/planted.ts',
      'apps/api/src/retrieval/planted.ts',
      'apps/api/src/question/guide/planted.ts',
      'apps/api/src/features/chat/planted.ts',
    ]) {
      expect(await wordLists(file, planted), file).toEqual([1, 2, 3, 4, 5, 6]);
    }
  });

  it('lets the language room hold the same source', async () => {
    expect(await wordLists('apps/api/src/language/planted.ts', planted)).toEqual([]);
  });

  it('passes Unicode classes, Chinese punctuation, Latin word lists, one Chinese string and two', async () => {
    expect(await wordLists('apps/api/src/answer/planted.ts', notLists)).toEqual([]);
  });

  it('lets tests quote Chinese questions in lists', async () => {
    expect(await wordLists('apps/api/src/answer/planted.test.ts', planted)).toEqual([]);
  });
});

describe('the engine’s rooms import downward only (eslint rule)', { timeout: LINT_TIMEOUT }, () => {
  const direction = (file: string, code: string) => problems('room-direction', file, code);
  it('fails when the language room imports a room above it, question imports retrieval, or either imports answer', async () => {
    const code = [
      "import { readIntent } from '../answer/question-intent.ts';",
      "import { createQuestionAnalyser } from '../../question/analyse.ts';",
      "export { createVerseRetriever } from '../retrieval/verse-retriever.ts';",
    ].join('\n');
    expect(await direction('apps/api/src/language/planted.ts', code)).toEqual([1, 3]);
    expect(await direction('apps/api/src/language/nested/planted.ts', code)).toEqual([2]);
    expect(await direction('apps/api/src/question/planted.ts', code)).toEqual([1, 3]);
    const fromGuide = "import { runGeneration } from '../../answer/generate.ts';";
    expect(await direction('apps/api/src/question/guide/planted.ts', fromGuide)).toEqual([1]);
  });

  it('passes imports downward and within a room', async () => {
    const code = [
      "import { normalise } from '../language/fold.ts';",
      "import { createQuestionAnalyser } from '../question/analyse.ts';",
      "import { parse } from './planted-sibling.ts';",
    ].join('\n');
    expect(await direction('apps/api/src/retrieval/planted.ts', code)).toEqual([]);
    expect(await direction('apps/api/src/answer/planted.ts', code)).toEqual([]);
  });
});
