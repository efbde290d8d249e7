// @vitest-environment node
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const eslint = new ESLint({ cwd: repoRoot });
const RULE = 'ui-text/no-literal-ui-text';

/** Lints source as if it were a component file of the web app, with the repository's own config. */
async function uiTextProblems(code: string, file = 'apps/web/src/features/planted/planted-page.tsx') {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, file) });
  return (result?.messages ?? []).filter((message) => message.ruleId === RULE).map((message) => message.line);
}

describe('no user-visible string written in a component (eslint rule)', () => {
  it('fails on planted literal text in JSX, in visible props and in toast options', async () => {
    const lines = await uiTextProblems(
      [
        "import { Toast } from 'antd-mobile';",
        'export function Planted() {',
        "  Toast.show({ content: '已复制' });",
        '  return (',
        '    <div title="Hello" aria-label={`关闭`}>',
        '      Ask a question',
        "      <input placeholder={'Type here'} />",
        "      {'inline text'}",
        '    </div>',
        '  );',
        '}',
      ].join('\n'),
    );
    expect(lines).toEqual([3, 5, 5, 6, 7, 8]);
  });

  it('passes translated text, test ids, class names, symbols and digits', async () => {
    const lines = await uiTextProblems(
      [
        "import { useTranslation } from 'react-i18next';",
        'export function Clean() {',
        '  const { t } = useTranslation();',
        '  return (',
        '    <div className="x" data-testid="clean" title={t(\'app.title\')} role="status">',
        "      {t('app.welcome')} · 1/3 → {'…'}",
        '      <svg viewBox="0 0 24 24" aria-hidden="true"><path d="M1 2L3 4" /></svg>',
        '    </div>',
        '  );',
        '}',
      ].join('\n'),
    );
    expect(lines).toEqual([]);
  });

  it('leaves tests alone', async () => {
    const lines = await uiTextProblems(
      'export const view = <p>Hello</p>;',
      'apps/web/src/features/planted/planted.test.tsx',
    );
    expect(lines).toEqual([]);
  });
});

describe('toasts and dialogs only through lib/overlays.ts (eslint rule)', () => {
  const restricted = async (code: string, file = 'apps/web/src/features/planted/planted-page.tsx') => {
    const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, file) });
    return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.line);
  };
  const planted = [
    "import { Button, Toast } from 'antd-mobile';",
    "import Toast2 from 'antd-mobile/es/components/toast';",
    "import Dialog from 'antd-mobile/es/components/dialog';",
    "import { Dialog as DialogView } from 'antd-mobile';",
    "import { Toast as Shown } from '../../lib/overlays.ts';",
    'export const planted = [Button, Toast, Toast2, Dialog, DialogView, Shown];',
  ].join('\n');

  it("fails on antd-mobile's imperative Toast or Dialog imported in a page", async () => {
    expect(await restricted(planted)).toEqual([1, 2, 3]);
  });

  it('lets lib/overlays.ts load them', async () => {
    expect(await restricted(planted, 'apps/web/src/lib/overlays.ts')).toEqual([]);
  });
});
