// @vitest-environment node
import { randomBytes } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { bundleBudget, gzipBytes, measureRoute, type BudgetChunk } from '../../build/bundle-budget.ts';

/** Incompressible code of about `kb` kilobytes gzipped. */
const code = (kb: number) => `/*${randomBytes(kb * 1024).toString('base64')}*/`;

function chunk(fileName: string, over: Partial<BudgetChunk> = {}): BudgetChunk {
  return { fileName, code: code(1), imports: [], isEntry: false, name: fileName, facadeModuleId: null, ...over };
}

const chunks: BudgetChunk[] = [
  chunk('index.js', { isEntry: true, imports: ['react.js'], code: code(60) }),
  chunk('react.js', { code: code(50) }),
  chunk('chat-page.js', { facadeModuleId: '/app/src/features/chat/chat-page.tsx', imports: ['react.js', 'ui.js'] }),
  chunk('ui.js', { code: code(40) }),
  chunk('login-page.js', { facadeModuleId: '/app/src/features/login/login-page.tsx', code: code(90) }),
  chunk('locale-zh-CN.js', { name: 'locale-zh-CN', code: code(5) }),
  chunk('locale-en.js', { name: 'locale-en', code: code(5) }),
];
const budget = { route: '/chat', page: 'src/features/chat/chat-page.tsx', maxGzipBytes: 200 * 1024 };

describe('bundle budget', () => {
  it('counts the entry, the page, their static imports and the chunks the route always fetches, nothing else', () => {
    const weight = measureRoute(chunks, { ...budget, alsoLoads: ['locale-zh-CN'] });
    expect(weight.files.map((file) => file.fileName).sort()).toEqual(
      ['chat-page.js', 'index.js', 'locale-zh-CN.js', 'react.js', 'ui.js'].sort(),
    );
    expect(weight.gzipBytes).toBe(weight.files.reduce((sum, file) => sum + file.gzipBytes, 0));
    expect(weight.gzipBytes).toBeGreaterThan(150 * 1024);
  });

  it('fails the build above the budget and passes below it, printing the figure either way', () => {
    const bundle = (extraKb: number) =>
      Object.fromEntries(
        chunks.map((c) => [
          c.fileName,
          { type: 'chunk', ...c, code: c.fileName === 'ui.js' ? code(40 + extraKb) : c.code },
        ]),
      );
    const plugin = bundleBudget([budget]);
    const run = (extraKb: number) => {
      const context = { info: vi.fn(), error: vi.fn() };
      (plugin.writeBundle as (this: unknown, options: unknown, bundle: unknown) => void).call(
        context,
        {},
        bundle(extraKb),
      );
      return context;
    };
    const under = run(0);
    expect(under.error).not.toHaveBeenCalled();
    expect(under.info.mock.calls[0]?.[0]).toMatch(
      /^JavaScript sent for \/chat: \d+\.\d KB gzipped \(budget 200\.0 KB\)/,
    );
    const over = run(60);
    expect(over.error).toHaveBeenCalledWith(
      expect.stringMatching(/bundle budget exceeded: \/chat sends .* over its 200\.0 KB/),
    );
  });

  it('measures gzip as sent', () => {
    expect(gzipBytes('a'.repeat(10_000))).toBeLessThan(100);
  });
});
