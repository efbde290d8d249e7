import path from 'node:path';

/** The part of rolldown's chunking context these groups read. */
interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

/**
 * Every module `from` imports statically, directly or not (dynamic imports are other chunks' business). The imports
 * of a `barrel` (a library's index re-exporting all its parts) are not followed: what a module takes from it resolves
 * to the part itself, and the rest of the index is not needed.
 */
export function staticClosure(
  graph: ModuleGraph,
  from: readonly string[],
  barrels: readonly RegExp[] = [],
): Set<string> {
  const seen = new Set<string>();
  const stack = [...from];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    const info = graph.getModuleInfo(id);
    if (!info) continue;
    seen.add(id);
    if (!barrels.some((barrel) => barrel.test(id))) stack.push(...info.importedIds);
  }
  return seen;
}

const LOCALE_MODULE = /[\\/]locales[\\/]([^\\/]+)[\\/]([^\\/]+)\.(json|ts)$/;

/**
 * Code-splitting groups for a fast first screen (decision 0029). On slow networks every request costs a round trip
 * (2 s on slow 3G), so what the first visit to the home page needs travels in one chunk: the entry's static imports
 * and the home page's (`/chat`, which `/` redirects to), merged into `app`. Each language's catalogues are two chunks
 * of their own, the first screen's and the pages', fetched for the language on screen only. Other pages keep their own chunks and reuse `app`.
 * `lazy` names libraries the closure reaches only through imports that tree-shaking drops (the contract's index also
 * re-exports its zod schemas): they and the modules importing them stay in the chunks that use them, loaded on
 * demand; the group does not pull in its modules' dependencies for the same reason. `barrels` are indexes whose
 * parts are not all the first screen's (antd-mobile-icons: the first screen's nav bar takes one of its 100 icons);
 * the parts the first screen does take through them are named in `parts`.
 */
export function firstScreenChunks(
  root: string,
  {
    entry,
    home,
    lazy = [],
    barrels = [],
    parts = [],
    firstScreenCatalogues = [],
  }: {
    entry: string;
    home: string;
    lazy?: readonly RegExp[];
    barrels?: readonly RegExp[];
    parts?: readonly RegExp[];
    /** The namespaces the first screen shows (locales/<lang>/first-screen.ts); the others are a second chunk. */
    firstScreenCatalogues?: readonly string[];
  },
) {
  const entryId = path.resolve(root, entry);
  const homeId = path.resolve(root, home);
  let app: Set<string> | undefined;
  const isLazy = (id: string) => lazy.some((pattern) => pattern.test(id));
  /** The static closure of the entry and the home page, less lazy libraries and the modules built on them. */
  const firstScreen = (graph: ModuleGraph) => {
    const closure = staticClosure(graph, [entryId, homeId], barrels);
    for (const id of closure) {
      if (isLazy(id) || graph.getModuleInfo(id)?.importedIds.some(isLazy)) closure.delete(id);
    }
    return closure;
  };
  return {
    groups: [
      {
        debugName: 'locales',
        name: (id: string) => {
          const [, language, file] = LOCALE_MODULE.exec(id) ?? [];
          if (!language || !file) return null;
          return file === 'first-screen' || firstScreenCatalogues.includes(file)
            ? `locale-${language}`
            : `locale-${language}-more`;
        },
        priority: 2,
      },
      {
        debugName: 'first screen',
        includeDependenciesRecursively: false,
        name: (id: string, graph: ModuleGraph) => {
          app ??= firstScreen(graph);
          return app.has(id) || parts.some((part) => part.test(id)) ? 'app' : null;
        },
        priority: 1,
      },
    ],
  };
}
