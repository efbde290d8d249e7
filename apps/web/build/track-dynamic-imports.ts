import { parseAst, type Plugin } from 'vite';

/** The global a tracked `import()` goes through; the tests' first setup file defines it (src/test/track-work.ts). */
export const TRACK_IMPORT = '__trackImport';

interface AstNode {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

function dynamicImports(node: unknown, found: AstNode[]): AstNode[] {
  if (Array.isArray(node)) {
    for (const child of node) dynamicImports(child, found);
  } else if (node && typeof node === 'object' && typeof (node as AstNode).type === 'string') {
    if ((node as AstNode).type === 'ImportExpression') found.push(node as AstNode);
    for (const value of Object.values(node)) if (value && typeof value === 'object') dynamicImports(value, found);
  }
  return found;
}

/**
 * Tests only: every `import()` of the app's own code goes through a global that counts it, so a test file can wait
 * for the modules its last step asked for (a lazy popover, a page) before Vitest tears its environment down; a
 * module still loading then fails the run with "Cannot load … after the environment was torn down".
 */
export function trackDynamicImports(sourceDir: string): Plugin {
  return {
    name: 'track-dynamic-imports',
    enforce: 'post',
    transform(code, id) {
      if (!id.startsWith(sourceDir) || id.includes('/node_modules/') || !code.includes('import(')) return null;
      const imports = dynamicImports(parseAst(code), []).sort((a, b) => b.start - a.start);
      if (imports.length === 0) return null;
      let out = code;
      for (const { start, end } of imports) {
        out = `${out.slice(0, start)}globalThis.${TRACK_IMPORT}(${out.slice(start, end)})${out.slice(end)}`;
      }
      return { code: out, map: null };
    },
  };
}
