/**
 * Test-only: the workspace root holds a second React (18, a peer pulled in for antd-mobile's animation library) beside
 * the router, query, i18n and UI libraries, while this app ships React 19. Vitest loads those libraries through Node,
 * which would hand them the root copy and break every hook. These hooks send every `react` and `react-dom` request,
 * CommonJS or ES, to this app's copy. The bundler needs no such help: vite.config.ts aliases the same paths.
 */
import Module, { register } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const REACT_REQUEST = /^react(-dom)?(\/.*)?$/;

type ResolveFilename = (request: string, parent: unknown, ...rest: unknown[]) => string;
const loader = Module as unknown as {
  _resolveFilename: ResolveFilename;
  _nodeModulePaths: (dir: string) => string[];
};

function installCommonJsHook() {
  const here = fileURLToPath(import.meta.url);
  const webParent = { id: here, filename: here, paths: loader._nodeModulePaths(dirname(here)) };
  const resolveFilename = loader._resolveFilename;
  loader._resolveFilename = function (request, parent, ...rest) {
    return resolveFilename.call(this, request, REACT_REQUEST.test(request) ? webParent : parent, ...rest);
  };
}

function installEsmHook() {
  const hook = `export async function resolve(specifier, context, next) {
  if (${REACT_REQUEST}.test(specifier)) return next(specifier, { ...context, parentURL: ${JSON.stringify(import.meta.url)} });
  return next(specifier, context);
}`;
  register(`data:text/javascript,${encodeURIComponent(hook)}`);
}

// A worker may run several test files; install once per process.
const INSTALLED = Symbol.for('bible-qa.single-react');
const registry = globalThis as { [INSTALLED]?: boolean };
if (!registry[INSTALLED]) {
  registry[INSTALLED] = true;
  installCommonJsHook();
  installEsmHook();
}
