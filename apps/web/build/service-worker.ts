import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin, Rollup } from 'vite';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

/** The languages of the catalogues (src/locales/<tag>) by the code stored in the global settings (spec §3). */
const LANGUAGES = { 'zh-cn': 'zh-CN', 'zh-tw': 'zh-TW', en: 'en', 'es-es': 'es-ES', 'fr-fr': 'fr-FR' } as const;
/** The brand colours of the welcome overlay (index.html) and the UI library's primary (lib/theme.ts). */
const THEME_COLOR = '#1989fa';
const BACKGROUND_COLOR = '#ffffff';
/** The PNG icons an installable app needs (192 and 512), and a maskable one (the mark inside the safe zone). */
const ICON_SIZES = [192, 512] as const;

export interface ServiceWorkerOptions {
  /** src/service-worker/sw.ts */
  worker: string;
  localesDir: string;
  /** The default logo (spec §9), the app's icon. */
  logo: string;
  /** Modules whose chunks the first screen loads besides the entry's: the home page, the tour, zh-CN catalogues. */
  firstScreenModules: string[];
}

/** What the first screen loads: the entry chunk, the given modules' chunks, what they import, their stylesheets. */
export function shellFiles(bundle: OutputBundle, modules: readonly string[]): string[] {
  const chunks = Object.values(bundle).filter((output): output is OutputChunk => output.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const files = new Set<string>();
  const visit = (chunk: OutputChunk | undefined) => {
    if (!chunk || files.has(chunk.fileName)) return;
    files.add(chunk.fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
    for (const asset of chunk.viteMetadata?.importedAssets ?? []) files.add(asset);
    for (const imported of chunk.imports) visit(byFile.get(imported));
  };
  for (const chunk of chunks) if (chunk.isEntry) visit(chunk);
  for (const module of modules) {
    visit(chunks.find((chunk) => chunk.facadeModuleId?.replaceAll('\\', '/').endsWith(module)));
  }
  return [...files].filter((file) => file.startsWith('assets/')).map((file) => `/${file}`);
}

function readTitle(localesDir: string, tag: string): { name: string; shortName: string; description: string } {
  const common = JSON.parse(fs.readFileSync(path.join(localesDir, tag, 'common.json'), 'utf8')) as {
    app: { title: string; shortName: string; welcome: string };
  };
  return { name: common.app.title, shortName: common.app.shortName, description: common.app.welcome };
}

/** The web manifest of one UI language: same identity (`id`), the app's name in that language. */
export function webManifest(tag: string, words: ReturnType<typeof readTitle>): string {
  return JSON.stringify(
    {
      id: '/',
      name: words.name,
      short_name: words.shortName,
      description: words.description,
      lang: tag,
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: THEME_COLOR,
      background_color: BACKGROUND_COLOR,
      icons: [
        ...ICON_SIZES.map((size) => ({ src: `/icons/icon-${size}.png`, sizes: `${size}x${size}`, type: 'image/png' })),
        { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        { src: '/icons/icon.svg', sizes: 'any', type: 'image/svg+xml' },
      ],
    },
    null,
    2,
  );
}

/** The mark on a full-bleed background at 80 % of the size: what a maskable icon's safe zone keeps. */
function maskableSvg(logo: string): string {
  const inner = logo.replace(/^<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 120"><rect width="120" height="120" fill="${THEME_COLOR}"/><g transform="translate(12 12)">${inner}</g></svg>`;
}

async function png(svg: string, size: number): Promise<Buffer> {
  const { Resvg } = await import('@resvg/resvg-js');
  return Buffer.from(new Resvg(svg, { fitTo: { mode: 'width', value: size } }).render().asPng());
}

/**
 * Installable and offline (decision 0045): a web manifest per UI language (index.html's boot script links the
 * reader's), PNG icons rendered from the default logo, and /sw.js, the service worker bundled from
 * src/service-worker/sw.ts with this release's first-screen files (precached at install) and an id that changes
 * with the page, so a new release installs a new worker.
 */
export function serviceWorker(options: ServiceWorkerOptions): Plugin {
  let outDir = '';
  let shell: string[] = [];
  return {
    name: 'bible-qa:service-worker',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async generateBundle(_options, bundle) {
      shell = shellFiles(bundle, options.firstScreenModules);
      for (const tag of Object.values(LANGUAGES)) {
        this.emitFile({
          type: 'asset',
          fileName: `manifest.${tag}.webmanifest`,
          source: webManifest(tag, readTitle(options.localesDir, tag)),
        });
      }
      const logo = fs.readFileSync(options.logo, 'utf8').replace(/\s+role="img"/, '');
      this.emitFile({ type: 'asset', fileName: 'icons/icon.svg', source: logo });
      for (const size of ICON_SIZES) {
        this.emitFile({ type: 'asset', fileName: `icons/icon-${size}.png`, source: await png(logo, size) });
      }
      this.emitFile({
        type: 'asset',
        fileName: 'icons/icon-maskable-512.png',
        source: await png(maskableSvg(logo), 512),
      });
    },
    async writeBundle() {
      const page = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
      const release = createHash('sha256').update(page).update(shell.join('\n')).digest('hex').slice(0, 12);
      // The worker is one classic script (no imports: a module worker is not supported everywhere), built by Vite.
      const { build } = await import('vite');
      const built = await build({
        configFile: false,
        logLevel: 'warn',
        root: path.dirname(options.worker),
        define: { __SHELL_FILES__: JSON.stringify(shell), __RELEASE__: JSON.stringify(release) },
        build: {
          write: false,
          minify: true,
          target: 'es2022',
          lib: { entry: options.worker, formats: ['iife'], name: 'bibleQaWorker', fileName: () => 'sw.js' },
        },
      });
      const output = (Array.isArray(built) ? built[0]! : built) as Rollup.RollupOutput;
      fs.writeFileSync(path.join(outDir, 'sw.js'), output.output[0].code);
      this.info(`service worker ${release}: ${shell.length} first-screen files kept at install`);
    },
  };
}
