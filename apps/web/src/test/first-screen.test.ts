import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { firstScreenChunks, staticClosure } from '../../build/first-screen-chunks.ts';
import { BOOT_VERSION_GLOBAL, bootScript, precompress, type FirstScreenPreloads } from '../../build/first-screen.ts';
import { BOOT_VERSION_GLOBAL as READ_FROM, takeBootVersion } from '../app/boot-fetch.ts';

/** A module graph: each id with the ids it imports statically. */
const graphOf = (edges: Record<string, string[]>) => ({
  getModuleInfo: (id: string) => (edges[id] ? { importedIds: edges[id] } : null),
});

describe('the first screen in few chunks', () => {
  const graph = graphOf({
    '/web/src/main.tsx': ['/web/src/app/routes.tsx', '/web/node_modules/react/index.js'],
    '/web/src/app/routes.tsx': ['/contract/index.ts'],
    '/contract/index.ts': ['/contract/constants.ts', '/contract/chat.ts'],
    '/contract/constants.ts': [],
    '/contract/chat.ts': ['/web/node_modules/zod/index.js'],
    '/web/node_modules/zod/index.js': [],
    '/web/node_modules/react/index.js': [],
    '/web/src/features/chat/chat-page.tsx': ['/web/src/components/markdown.tsx'],
    '/web/src/components/markdown.tsx': [],
    '/web/src/features/login/login-page.tsx': ['/web/src/components/form.tsx'],
    '/web/src/components/form.tsx': [],
  });

  it("does not follow a barrel's imports: what the first screen takes from it is named", () => {
    const icons = graphOf({
      '/web/src/main.tsx': ['/web/node_modules/antd-mobile/es/nav-bar.js'],
      '/web/node_modules/antd-mobile/es/nav-bar.js': ['/web/node_modules/antd-mobile-icons/es/index.js'],
      '/web/node_modules/antd-mobile-icons/es/index.js': [
        '/web/node_modules/antd-mobile-icons/es/LeftOutline.js',
        '/web/node_modules/antd-mobile-icons/es/SearchOutline.js',
      ],
      '/web/node_modules/antd-mobile-icons/es/LeftOutline.js': [],
      '/web/node_modules/antd-mobile-icons/es/SearchOutline.js': [],
      '/web/src/features/chat/chat-page.tsx': [],
    });
    const [, app] = firstScreenChunks('/web', {
      entry: 'src/main.tsx',
      home: 'src/features/chat/chat-page.tsx',
      barrels: [/antd-mobile-icons[\\/]es[\\/]index\.js$/],
      parts: [/LeftOutline\.js$/],
    }).groups;
    const appOf = (id: string) => app!.name(id, icons);
    expect(appOf('/web/node_modules/antd-mobile/es/nav-bar.js')).toBe('app');
    expect(appOf('/web/node_modules/antd-mobile-icons/es/LeftOutline.js')).toBe('app');
    expect(appOf('/web/node_modules/antd-mobile-icons/es/SearchOutline.js')).toBeNull();
  });

  it('follows static imports only', () => {
    expect([...staticClosure(graph, ['/web/src/app/routes.tsx'])].sort()).toEqual(
      [
        '/contract/chat.ts',
        '/contract/constants.ts',
        '/contract/index.ts',
        '/web/node_modules/zod/index.js',
        '/web/src/app/routes.tsx',
      ].sort(),
    );
  });

  it('puts the entry’s and the home page’s modules in one chunk, less lazy libraries; each language in two', () => {
    const [locales, app] = firstScreenChunks('/web', {
      entry: 'src/main.tsx',
      home: 'src/features/chat/chat-page.tsx',
      lazy: [/[\\/]node_modules[\\/]zod[\\/]/],
      firstScreenCatalogues: ['common', 'chat'],
    }).groups;
    const appOf = (id: string) => app!.name(id, graph);
    expect(appOf('/web/src/main.tsx')).toBe('app');
    expect(appOf('/web/node_modules/react/index.js')).toBe('app');
    expect(appOf('/web/src/features/chat/chat-page.tsx')).toBe('app');
    expect(appOf('/web/src/components/markdown.tsx')).toBe('app');
    expect(appOf('/contract/constants.ts')).toBe('app');
    // zod and the schemas built on it arrive with the first answer that needs them.
    expect(appOf('/web/node_modules/zod/index.js')).toBeNull();
    expect(appOf('/contract/chat.ts')).toBeNull();
    // Another page keeps its own chunk.
    expect(appOf('/web/src/features/login/login-page.tsx')).toBeNull();
    expect(appOf('/web/src/components/form.tsx')).toBeNull();
    const localeOf = (id: string) => (locales!.name as (id: string) => string | null)(id);
    expect(localeOf('/web/src/locales/zh-TW/chat.json')).toBe('locale-zh-TW');
    expect(localeOf('/web/src/locales/en/first-screen.ts')).toBe('locale-en');
    // The pages' words come in a second chunk, once the first screen is up.
    expect(localeOf('/web/src/locales/zh-TW/login.json')).toBe('locale-zh-TW-more');
    expect(localeOf('/web/src/locales/en/catalogue.ts')).toBe('locale-en-more');
    expect(localeOf('/web/src/features/chat/chat.css')).toBeNull();
  });
});

describe('precompressed assets', () => {
  let dir = '';
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('writes a brotli and a gzip copy of every text file, byte for byte the same once decoded, and no other', () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'precompress-'));
    fs.mkdirSync(path.join(dir, 'assets'));
    const files = {
      'index.html': '<!doctype html><title>圣经问答助手</title>'.repeat(20),
      'assets/app-1.js': 'export const a = 1;'.repeat(200),
      'assets/tiny-2.js': 'export{t as default}from"./x.js";',
      'assets/app-3.css': '.a{color:red}'.repeat(100),
    };
    for (const [file, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, file), text);
    fs.writeFileSync(path.join(dir, 'assets/photo.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));

    const totals = precompress(dir);
    expect(totals.files).toBe(4);
    for (const [file, text] of Object.entries(files)) {
      expect(brotliDecompressSync(fs.readFileSync(path.join(dir, `${file}.br`))).toString()).toBe(text);
      expect(gunzipSync(fs.readFileSync(path.join(dir, `${file}.gz`))).toString()).toBe(text);
    }
    expect(fs.existsSync(path.join(dir, 'assets/photo.png.br'))).toBe(false);
    expect(fs.statSync(path.join(dir, 'assets/app-1.js.br')).size).toBeLessThan(files['assets/app-1.js'].length / 10);
  });
});

describe('the boot script of index.html', () => {
  const texts = Object.fromEntries(
    (
      [
        ['zh-cn', 'zh-CN', '圣经问答助手'],
        ['zh-tw', 'zh-TW', '聖經問答助手'],
        ['en', 'en', 'Bible Q&A Assistant'],
        ['es-es', 'es-ES', 'Asistente'],
        ['fr-fr', 'fr-FR', 'Assistant'],
      ] as const
    ).map(([stored, tag, title]) => [
      stored,
      {
        tag,
        title,
        welcome: `${title} welcome`,
        loading: `${title} loading`,
        logoAlt: `${title} logo`,
        placeholder: `${title} ask`,
      },
    ]),
  ) as Parameters<typeof bootScript>[0];
  const preloads: FirstScreenPreloads = {
    locales: {
      'zh-cn': ['/assets/cat-zh.js', '/assets/locale-zh-CN.js'],
      en: ['/assets/cat-en.js', '/assets/locale-en.js'],
    },
    tour: { js: ['/assets/tour.js'], css: ['/assets/tour.css'] },
    home: { js: ['/assets/chat-page.js'], css: [] },
  };

  function boot(path = '/chat') {
    window.history.replaceState(null, '', path);
    document.head.innerHTML = '';
    document.documentElement.removeAttribute('data-prefers-color-scheme');
    document.body.innerHTML = `<div id="boot-overlay" aria-label="x"><span role="img" aria-label="y"></span>
      <p data-boot-text="title">圣经问答助手</p><p data-boot-text="welcome">在圣经中寻找答案</p>
      <div data-boot-text="placeholder">请输入你的问题</div></div>`;
    new Function(bootScript(texts, preloads))();
    const fetched = [...document.head.querySelectorAll('link')].map(
      (link) => `${link.rel} ${link.getAttribute('href')}`,
    );
    const words = [...document.querySelectorAll('[data-boot-text]')].map((element) => element.textContent);
    return { fetched, words };
  }

  it('shows the overlay in the stored language and theme, and fetches its catalogues and the tour early', () => {
    window.localStorage.setItem('APP_GLOBAL_SETTINGS', JSON.stringify({ language: 'en', darkMode: true }));
    const { fetched, words } = boot();
    expect(words).toEqual(['Bible Q&A Assistant', 'Bible Q&A Assistant welcome', 'Bible Q&A Assistant ask']);
    expect(document.documentElement.lang).toBe('en');
    expect(document.documentElement.getAttribute('data-prefers-color-scheme')).toBe('dark');
    expect(document.getElementById('boot-overlay')!.getAttribute('aria-label')).toBe('Bible Q&A Assistant loading');
    expect(fetched).toEqual([
      'modulepreload /assets/cat-zh.js',
      'modulepreload /assets/locale-zh-CN.js',
      'modulepreload /assets/cat-en.js',
      'modulepreload /assets/locale-en.js',
      'modulepreload /assets/chat-page.js',
      'modulepreload /assets/tour.js',
      'preload /assets/tour.css',
    ]);
  });

  it('keeps the zh-CN words of the page by default, and leaves the tour alone once seen or off the chat', () => {
    window.localStorage.setItem(btoa('CHAT_ASSISTANT__APP_FIRST_TOUR'), 'true');
    const seen = boot('/chat');
    expect(seen.words).toEqual(['圣经问答助手', '在圣经中寻找答案', '请输入你的问题']);
    expect(document.documentElement.lang).toBe('zh-CN');
    expect(seen.fetched).toEqual([
      'modulepreload /assets/cat-zh.js',
      'modulepreload /assets/locale-zh-CN.js',
      'modulepreload /assets/chat-page.js',
    ]);
    window.localStorage.clear();
    expect(boot('/about').fetched).toEqual([
      'modulepreload /assets/cat-zh.js',
      'modulepreload /assets/locale-zh-CN.js',
    ]);
  });

  it("asks the server's version marker as the page arrives, when start-up will ask it", async () => {
    const calls: [string, RequestInit | undefined][] = [];
    const fetchSpy = vi.spyOn(window, 'fetch').mockImplementation(async (input, init) => {
      calls.push([String(input), init]);
      return new Response('en', { headers: { 'Content-Type': 'text/plain' } });
    });
    try {
      window.localStorage.setItem(btoa('CHAT_ASSISTANT__PLATFORM_CODE'), JSON.stringify('Partner'));
      boot('/chat');
      expect(calls).toEqual([
        [
          '/webapi/version?sysName=CHAT_ASSISTANT&platform=Partner',
          { headers: { Accept: 'application/json', Locale: 'zh-cn' } },
        ],
      ]);
      expect(READ_FROM).toBe(BOOT_VERSION_GLOBAL);
      await expect(takeBootVersion()).resolves.toBe('en');
      expect(takeBootVersion()).toBeUndefined();
      // A flag stored (language settled) or an external-access link: start-up does not ask, nor does the page.
      window.localStorage.setItem(btoa('CHAT_ASSISTANT__DEFAULT_LANGUAGE'), 'true');
      boot('/chat');
      window.localStorage.clear();
      window.history.replaceState(null, '', '/chat#externalAccess?appId=x');
      new Function(bootScript(texts, preloads))();
      expect(calls).toHaveLength(1);
      expect(takeBootVersion()).toBeUndefined();
    } finally {
      fetchSpy.mockRestore();
      window.localStorage.clear();
    }
  });

  it('lets no catalogue text close its script element', () => {
    const script = bootScript({ ...texts, en: { ...texts.en, title: '</script><script>alert(1)</script>' } }, preloads);
    expect(script).not.toContain('</script>');
  });
});
