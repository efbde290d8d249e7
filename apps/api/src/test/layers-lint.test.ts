import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const eslint = new ESLint({ cwd: repoRoot });

/** The upward-import problems of source linted as if it were `file`, with the repository's own config. */
async function upwardImports(file: string, code: string): Promise<number[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.line);
}

describe('the API layers (features → engine → scripture) in the lint config', () => {
  it('fails on a planted upward import from the engine into a feature', async () => {
    const code = [
      "import { createBibleService } from '../features/bible/bible.service.ts';",
      "import type { ChatService } from '../../features/chat/chat.service.ts';",
      'export const planted: [unknown, ChatService?] = [createBibleService];',
    ].join('\n');
    expect(await upwardImports('apps/api/src/retrieval/planted.ts', code)).toEqual([1, 2]);
    expect(await upwardImports('apps/api/src/answer/eval/planted.ts', code)).toEqual([1, 2]);
    expect(await upwardImports('apps/api/src/corpus/planted.test.ts', code)).toEqual([1, 2]);
  });

  it('fails on scripture importing the engine or a feature', async () => {
    const code = [
      "import type { CorpusRepository } from '../corpus/corpus.repository.ts';",
      "import type { VerseRetriever } from '../retrieval/verse-retriever.ts';",
      "import type { BibleService } from '../features/bible/bible.service.ts';",
      "import type { Tradition } from './references.types.ts';",
      "import { AppError } from '../http/app-error.ts';",
      'export type Planted = [CorpusRepository, VerseRetriever, BibleService, Tradition, AppError];',
    ].join('\n');
    expect(await upwardImports('apps/api/src/scripture/planted.ts', code)).toEqual([1, 2, 3]);
  });

  it('lets features import the engine and scripture, and the engine import scripture', async () => {
    const feature = [
      "import { createVerseRetriever } from '../../retrieval/verse-retriever.ts';",
      "import { inCanon } from '../../scripture/canon.ts';",
      'export const planted = [createVerseRetriever, inCanon];',
    ].join('\n');
    expect(await upwardImports('apps/api/src/features/planted/planted.service.ts', feature)).toEqual([]);
    const engine = "import { inCanon } from '../scripture/canon.ts';\nexport const planted = inCanon;";
    expect(await upwardImports('apps/api/src/answer/planted.ts', engine)).toEqual([]);
  });
});
