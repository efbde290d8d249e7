import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** A chunk as the bundler reports it: its file, its code, its static imports and the module it stands for. */
export interface BudgetChunk {
  fileName: string;
  code: string;
  imports: readonly string[];
  isEntry: boolean;
  name: string;
  facadeModuleId: string | null;
}

export interface RouteBudget {
  /** The route as a person types it, e.g. /chat. */
  route: string;
  /** The page module the route loads lazily, relative to the web app, e.g. src/features/chat/chat-page.tsx. */
  page: string;
  /** Names of chunks the route always fetches besides its static imports, e.g. the catalogues of its language. */
  alsoLoads?: readonly string[];
  /** The most gzipped JavaScript the route may send, in bytes. */
  maxGzipBytes: number;
}

export interface RouteWeight {
  route: string;
  files: { fileName: string; gzipBytes: number }[];
  gzipBytes: number;
  maxGzipBytes: number;
}

/** The gzip size browsers are sent (level 9, as Vite reports it). */
export function gzipBytes(code: string): number {
  return gzipSync(code, { level: 9 }).length;
}

/**
 * The JavaScript a first visit to a route downloads: the entry chunk, the page's chunk, the chunks it always fetches, and every chunk either of
 * them imports statically (transitively). Dynamic imports (other pages, other languages) are not counted.
 */
export function measureRoute(chunks: readonly BudgetChunk[], budget: RouteBudget): RouteWeight {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const entry = chunks.find((chunk) => chunk.isEntry);
  const page = chunks.find((chunk) => chunk.facadeModuleId?.replaceAll('\\', '/').endsWith(budget.page));
  if (!entry) throw new Error('bundle budget: the build has no entry chunk');
  if (!page) throw new Error(`bundle budget: no chunk for ${budget.page} (the page of ${budget.route})`);
  const seen = new Set<string>();
  const visit = (fileName: string) => {
    if (seen.has(fileName)) return;
    seen.add(fileName);
    for (const imported of byFile.get(fileName)?.imports ?? []) visit(imported);
  };
  visit(entry.fileName);
  visit(page.fileName);
  for (const name of budget.alsoLoads ?? []) {
    const chunk = chunks.find((candidate) => candidate.name === name);
    if (!chunk) throw new Error(`bundle budget: no chunk named ${name} (loaded by ${budget.route})`);
    visit(chunk.fileName);
  }
  const files = [...seen]
    .map((fileName) => ({ fileName, gzipBytes: gzipBytes(byFile.get(fileName)?.code ?? '') }))
    .sort((a, b) => b.gzipBytes - a.gzipBytes);
  const total = files.reduce((sum, file) => sum + file.gzipBytes, 0);
  return { route: budget.route, files, gzipBytes: total, maxGzipBytes: budget.maxGzipBytes };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export function formatRouteWeight(weight: RouteWeight): string {
  const lines = weight.files.map((file) => `  ${kb(file.gzipBytes).padStart(9)}  ${file.fileName}`);
  return [
    `JavaScript sent for ${weight.route}: ${kb(weight.gzipBytes)} gzipped (budget ${kb(weight.maxGzipBytes)})`,
    ...lines,
  ].join('\n');
}

/** Prints what each budgeted route sends after a production build, and fails the build over budget. */
export function bundleBudget(budgets: readonly RouteBudget[]): Plugin {
  return {
    name: 'bible-qa:bundle-budget',
    apply: 'build',
    writeBundle(_options, bundle) {
      const chunks: BudgetChunk[] = Object.values(bundle).flatMap((output) =>
        output.type === 'chunk'
          ? [
              {
                fileName: output.fileName,
                code: output.code,
                imports: output.imports,
                isEntry: output.isEntry,
                name: output.name,
                facadeModuleId: output.facadeModuleId,
              },
            ]
          : [],
      );
      const over: string[] = [];
      for (const budget of budgets) {
        const weight = measureRoute(chunks, budget);
        this.info(formatRouteWeight(weight));
        if (weight.gzipBytes > weight.maxGzipBytes) {
          over.push(`${weight.route} sends ${kb(weight.gzipBytes)} gzipped, over its ${kb(weight.maxGzipBytes)}`);
        }
      }
      if (over.length > 0) this.error(`bundle budget exceeded: ${over.join('; ')}`);
    },
  };
}
