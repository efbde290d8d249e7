import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { IndexHtmlTransformContext, Plugin } from 'vite';
// The contract's constants by path: the config loader runs this file without resolving the workspace's TypeScript.
import { API_BASE, DEFAULT_PLATFORM, SYS_NAME } from '../../../packages/contract/src/constants.ts';

/** The languages of the catalogues (src/locales/<tag>) by the code stored in the global settings (spec §3). */
const LANGUAGES = { 'zh-cn': 'zh-CN', 'zh-tw': 'zh-TW', en: 'en', 'es-es': 'es-ES', 'fr-fr': 'fr-FR' } as const;
type StoredLanguage = keyof typeof LANGUAGES;
const SOURCE: StoredLanguage = 'zh-cn';
/** Where the first-visit tour's "seen" flag lives: the encoded cache key of lib/storage.ts. */
const TOUR_KEY = Buffer.from('CHAT_ASSISTANT__APP_FIRST_TOUR').toString('base64');
/** The default-language flag (spec §3, §4): without it, start-up asks the server for its version marker. */
const LANGUAGE_FLAG_KEY = Buffer.from('CHAT_ASSISTANT__DEFAULT_LANGUAGE').toString('base64');
/** The stored platform code (spec §3), sent with every call. */
const PLATFORM_KEY = Buffer.from('CHAT_ASSISTANT__PLATFORM_CODE').toString('base64');
/**
 * The start-up's GET /version (spec §4), begun by the boot script as the page arrives; app/boot-fetch.ts reads it.
 * Asked only when start-up will ask it: no default-language flag stored and no external-access link.
 */
export const BOOT_VERSION_GLOBAL = '__bootVersion';

/** The overlay's words, by the names the static markup uses ({{app.title}}, data-boot-text="title" …). */
const TEXTS = {
  title: 'app.title',
  welcome: 'app.welcome',
  loading: 'app.loading',
  logoAlt: 'app.logoAlt',
  placeholder: 'chat:composer.placeholder',
} as const;

function lookup(catalogues: Record<string, unknown>, key: string): string {
  const [namespace, dotted] = key.includes(':') ? key.split(':', 2) : ['common', key];
  let value: unknown = catalogues[namespace!];
  for (const part of dotted!.split('.')) value = (value as Record<string, unknown> | undefined)?.[part];
  if (typeof value !== 'string') throw new Error(`first screen: no ${key} in the catalogues`);
  return value;
}

function readCatalogues(localesDir: string, language: string): Record<string, unknown> {
  const dir = path.join(localesDir, language);
  return Object.fromEntries(
    fs
      .readdirSync(dir)
      .filter((file) => file.endsWith('.json'))
      .map((file) => [file.slice(0, -'.json'.length), JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'))]),
  );
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** What the boot script fetches early: each language's catalogue chunk and the first-visit tour's files. */
export interface FirstScreenPreloads {
  locales: Partial<Record<StoredLanguage, string[]>>;
  tour: { js: string[]; css: string[] };
  /** The home page's chunk (/chat, where / leads): fetched with the app's code, not after it. */
  home: { js: string[]; css: string[] };
}

/**
 * The inline script after the overlay: it shows the overlay in the stored language and theme, and starts fetching
 * what the app will ask for next (the language's catalogues; the tour on a first visit to the chat), so those
 * requests do not wait for the app's own code. It runs before the overlay is first painted.
 */
export function bootScript(
  texts: Record<StoredLanguage, Record<keyof typeof TEXTS, string> & { tag: string }>,
  preloads: FirstScreenPreloads,
): string {
  // `<` escaped: no catalogue text can close the script element.
  const data = JSON.stringify({
    texts,
    preloads,
    tourKey: TOUR_KEY,
    flagKey: LANGUAGE_FLAG_KEY,
    platformKey: PLATFORM_KEY,
    versionGlobal: BOOT_VERSION_GLOBAL,
    versionUrl: `${API_BASE}/version?sysName=${encodeURIComponent(SYS_NAME)}&platform=`,
    platform: DEFAULT_PLATFORM,
    source: SOURCE,
  }).replace(/</g, '\\u003c');
  return `(function (D) {
  var d = document, root = d.documentElement, store = null, settings = {};
  try {
    store = window.localStorage;
    settings = JSON.parse(store.getItem('APP_GLOBAL_SETTINGS') || '{}') || {};
  } catch (e) {}
  var language = D.texts[settings.language] ? settings.language : D.source;
  var t = D.texts[language];
  root.lang = t.tag;
  if (settings.darkMode) root.setAttribute('data-prefers-color-scheme', 'dark');
  var manifest = d.querySelector('link[rel=manifest]');
  if (manifest) manifest.setAttribute('href', '/manifest.' + t.tag + '.webmanifest');
  var overlay = d.getElementById('boot-overlay');
  if (overlay && language !== D.source) {
    d.title = t.title;
    overlay.setAttribute('aria-label', t.loading);
    overlay.querySelector('[role=img]').setAttribute('aria-label', t.logoAlt);
    var parts = overlay.querySelectorAll('[data-boot-text]');
    for (var i = 0; i < parts.length; i++) parts[i].textContent = t[parts[i].getAttribute('data-boot-text')];
  }
  function fetchEarly(href, as) {
    var link = d.createElement('link');
    link.rel = as ? 'preload' : 'modulepreload';
    if (as) link.as = as;
    link.crossOrigin = '';
    link.href = href;
    d.head.appendChild(link);
  }
  var locales = (D.preloads.locales[D.source] || []).concat(D.preloads.locales[language] || []);
  for (var j = 0; j < locales.length; j++) if (locales.indexOf(locales[j]) === j) fetchEarly(locales[j]);
  var path = location.pathname, seen = false, flagged = true, platform = null;
  try {
    seen = store.getItem(D.tourKey) === 'true';
    flagged = store.getItem(D.flagKey) !== null;
    platform = JSON.parse(store.getItem(D.platformKey) || 'null');
  } catch (e) {}
  var home = path === '/' || path === '/chat';
  function fetchAll(files) {
    files.js.forEach(function (href) { fetchEarly(href); });
    files.css.forEach(function (href) { fetchEarly(href, 'style'); });
  }
  if (home) fetchAll(D.preloads.home);
  if (home && !seen) fetchAll(D.preloads.tour);
  if (!flagged && location.hash.indexOf('externalAccess') < 0 && window.fetch) {
    var url = D.versionUrl + encodeURIComponent(typeof platform === 'string' && platform.trim() ? platform : D.platform);
    var version = fetch(url, { headers: { Accept: 'application/json', Locale: language } }).then(function (response) {
      return (response.headers.get('Content-Type') || '').indexOf('json') >= 0 ? response.json() : response.text();
    });
    version.catch(function () {});
    window[D.versionGlobal] = version;
  }
})(${data});`;
}

/**
 * The built files to fetch early, found in the bundle: what a dynamic import of `module` loads (the chunk that
 * stands for it, often a one-line facade of a merged chunk, and what that imports), and their stylesheets.
 */
function preloadsOf(
  bundle: NonNullable<IndexHtmlTransformContext['bundle']>,
  modules: { tour: string; home: string },
): FirstScreenPreloads {
  const chunks = Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [output] : []));
  const url = (fileName: string) => `/${fileName}`;
  const loadedBy = (module: string) => {
    const entry = chunks.find((chunk) => chunk.facadeModuleId?.replaceAll('\\', '/').endsWith(module));
    if (!entry) return { js: [], css: [] };
    const files = [entry, ...entry.imports.flatMap((file) => chunks.filter((chunk) => chunk.fileName === file))];
    return {
      js: files.map((chunk) => url(chunk.fileName)),
      css: files.flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])]).map(url),
    };
  };
  const locales: FirstScreenPreloads['locales'] = {};
  for (const [stored, tag] of Object.entries(LANGUAGES) as [StoredLanguage, string][]) {
    locales[stored] = loadedBy(`/locales/${tag}/first-screen.ts`).js;
  }
  return { locales, tour: loadedBy(modules.tour), home: loadedBy(modules.home) };
}

/** Text files: every one is sent compressed (a variant of a few dozen bytes may be a few bytes larger: harmless). */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;

/** Writes `file.br` (brotli, quality 11) and `file.gz` (gzip, level 9) beside each compressible file in `dir`. */
export function precompress(dir: string): { files: number; bytes: number; brotliBytes: number } {
  const totals = { files: 0, bytes: 0, brotliBytes: 0 };
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const file = path.join(entry.parentPath, entry.name);
    if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
    const raw = fs.readFileSync(file);
    const br = brotliCompressSync(raw, {
      params: {
        [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
        [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    });
    const gz = gzipSync(raw, { level: 9 });
    fs.writeFileSync(`${file}.br`, br);
    fs.writeFileSync(`${file}.gz`, gz);
    totals.files += 1;
    totals.bytes += raw.length;
    totals.brotliBytes += br.length;
  }
  return totals;
}

/**
 * The first screen (decision 0029): fills index.html's welcome overlay and composer outline with the zh-CN words and
 * the logo, adds the boot script (stored language and theme, early fetches), moves the stylesheets after the overlay
 * so they never hold back its first paint, and after the build writes brotli and gzip copies of every asset for the
 * server to send as they are.
 */
export function firstScreen(options: {
  localesDir: string;
  logo: string;
  tourModule: string;
  homeModule: string;
}): Plugin {
  const texts = Object.fromEntries(
    (Object.entries(LANGUAGES) as [StoredLanguage, string][]).map(([stored, tag]) => {
      const catalogues = readCatalogues(options.localesDir, tag);
      const words = Object.fromEntries(Object.entries(TEXTS).map(([name, key]) => [name, lookup(catalogues, key)]));
      return [stored, { ...words, tag }];
    }),
  ) as Parameters<typeof bootScript>[0];
  const source = readCatalogues(options.localesDir, LANGUAGES[SOURCE]);
  const logo = fs
    .readFileSync(options.logo, 'utf8')
    .trim()
    .replace(/\s+role="img"/, ' aria-hidden="true"');
  let outDir = '';
  let building = false;

  return {
    name: 'bible-qa:first-screen',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      building = config.command === 'build';
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const none = { js: [], css: [] };
        const found = ctx.bundle
          ? preloadsOf(ctx.bundle, { tour: options.tourModule, home: options.homeModule })
          : { locales: {}, tour: none, home: none };
        // What the page links already (its entry's chunks and stylesheet) is fetched anyway.
        const fresh = (files: string[]) => files.filter((file) => !html.includes(`"${file}"`));
        const preloads: FirstScreenPreloads = {
          locales: Object.fromEntries(
            Object.entries(found.locales).map(([language, files]) => [language, fresh(files)]),
          ),
          tour: { js: fresh(found.tour.js), css: fresh(found.tour.css) },
          home: { js: fresh(found.home.js), css: fresh(found.home.css) },
        };
        let out = html
          .replace(/\{\{logo\}\}/g, logo)
          .replace(/\{\{([\w:.]+)\}\}/g, (_, key: string) => escapeHtml(lookup(source, key)))
          .replace('/*first-screen-script*/', bootScript(texts, preloads));
        // Stylesheets in the head would hold back the first paint until they arrive: after the overlay, they only
        // hold back the app's script (which waits for them anyway) and what follows them.
        const sheets = out.match(/\s*<link rel="stylesheet"[^>]*>/g) ?? [];
        for (const sheet of sheets) out = out.replace(sheet, '');
        return out.replace('</body>', `${sheets.map((sheet) => sheet.trim()).join('\n    ')}\n  </body>`);
      },
    },
    closeBundle: {
      order: 'post',
      handler() {
        if (!building || !fs.existsSync(path.join(outDir, 'index.html'))) return;
        const { files, bytes, brotliBytes } = precompress(outDir);
        this.info(
          `precompressed ${files} files: ${(bytes / 1024).toFixed(0)} KB, ${(brotliBytes / 1024).toFixed(0)} KB brotli`,
        );
      },
    },
  };
}
