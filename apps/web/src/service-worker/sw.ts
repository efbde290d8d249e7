/// <reference lib="webworker" />
/**
 * The service worker (decision 0045): keeps the app shell, the built files, and the API's data a reader has read,
 * so the installed app opens and reads offline; see cache-rules.ts for what each request gets. Built by
 * build/service-worker.ts into /sw.js with the release's shell files filled in; written by hand (no library) because
 * its rules are few and specific.
 */
import {
  ASSET_CACHE,
  DATA_CACHE,
  EDITION_CACHE,
  KEPT_AT_HEADER,
  KEPT_EARLY_HEADER,
  MAX_DATA_ENTRIES,
  NAVIGATION_TIMEOUT_MS,
  SHELL_CACHE,
  SHELL_KEY,
  assetUrls,
  classify,
  dataKey,
  isKeepableEnvelope,
} from './cache-rules.ts';

declare const self: ServiceWorkerGlobalScope;
/** Filled in at build time: the files the first screen needs, and this release's id. */
declare const __SHELL_FILES__: string[];
declare const __RELEASE__: string;

/** The message a page posts: the built files it loaded before the worker controlled it, or "forget the data". */
type PageMessage = { type: 'keep'; urls: string[] } | { type: 'forget-data' };
/** Kept answers match by URL alone: the server varies them on Accept-Encoding, which a worker's request never has. */
const IGNORE_VARY = { ignoreVary: true };

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const shell = await caches.open(`${SHELL_CACHE}-${__RELEASE__}`);
      // The page itself fresh from the network; the hashed files may come from the HTTP cache, which already holds
      // them after the first visit (they are immutable).
      await shell.put(SHELL_KEY, await fetch('/', { cache: 'reload' }));
      const assets = await caches.open(ASSET_CACHE);
      await Promise.all(
        __SHELL_FILES__.map(async (file) => {
          if (!(await assets.match(file, IGNORE_VARY))) await assets.add(file);
        }),
      );
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names
          .filter((name) => name.startsWith(`${SHELL_CACHE}-`) && name !== `${SHELL_CACHE}-${__RELEASE__}`)
          .map((name) => caches.delete(name)),
      );
      // The network's answer to a navigation starts while the worker starts up.
      await self.registration.navigationPreload?.enable();
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('message', (event) => {
  const message = event.data as PageMessage | undefined;
  if (message?.type === 'keep') event.waitUntil(keepAssets(message.urls));
  if (message?.type === 'forget-data') event.waitUntil(caches.delete(DATA_CACHE));
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const kind = classify(
    { method: request.method, url: request.url, mode: request.mode, accept: request.headers.get('Accept') ?? '' },
    self.location.origin,
  );
  if (kind === 'page') event.respondWith(page(event));
  else if (kind === 'asset') event.respondWith(asset(request));
  else if (kind === 'data') event.respondWith(data(event));
  else if (kind === 'edition') event.respondWith(edition(event));
});

async function keepAssets(urls: readonly string[]): Promise<void> {
  const cache = await caches.open(ASSET_CACHE);
  await Promise.all(
    assetUrls(urls, self.location.origin).map(async (url) => {
      if (!(await cache.match(url, IGNORE_VARY))) await cache.add(url).catch(() => undefined);
    }),
  );
}

/** Resolves with undefined after `ms`, for racing the network against what was kept. */
const after = (ms: number) => new Promise<undefined>((resolve) => setTimeout(resolve, ms));

/** A copy of a kept answer with one header more. */
function marked(response: Response, header: string, value: string): Response {
  const headers = new Headers(response.headers);
  headers.set(header, value);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/** A copy of a kept answer marked with when it was kept, so the page can say it is the offline copy. */
const markedKept = (response: Response): Response =>
  marked(response, KEPT_AT_HEADER, response.headers.get('date') ?? '');

/** Network first for the app's pages; the kept shell when the network is down or slow (it is refreshed anyway). */
async function page(event: FetchEvent): Promise<Response> {
  const fetched = Promise.resolve(event.preloadResponse)
    .then((preloaded: Response | undefined) => preloaded ?? fetch(event.request))
    .then((response) => ({ response, copy: response.clone() }));
  const fresh = fetched.then(({ response }) => response);
  const shellCache = caches.open(`${SHELL_CACHE}-${__RELEASE__}`);
  event.waitUntil(
    Promise.all([fetched, shellCache])
      .then(async ([{ copy }, shell]) => {
        if (copy.ok && (copy.headers.get('Content-Type') ?? '').startsWith('text/html'))
          await shell.put(SHELL_KEY, copy);
      })
      .catch(() => undefined),
  );
  const first = await Promise.race([fresh.catch(() => undefined), after(NAVIGATION_TIMEOUT_MS)]);
  if (first) return first;
  const shell = await (await shellCache).match(SHELL_KEY, IGNORE_VARY);
  return shell ? markedKept(shell) : fresh;
}

/** The version marker: the kept answer at once, the network's kept for the next start (or waited for the first). */
async function edition(event: FetchEvent): Promise<Response> {
  const key = event.request.url.split('?')[0]!;
  const fetched = fetch(event.request).then((response) => ({ response, copy: response.clone() }));
  const cache = caches.open(EDITION_CACHE);
  event.waitUntil(
    Promise.all([fetched, cache])
      .then(([{ response, copy }, opened]) => (response.ok ? opened.put(key, copy) : undefined))
      .catch(() => undefined),
  );
  const kept = await (await cache).match(key, IGNORE_VARY);
  return kept ? marked(kept, KEPT_EARLY_HEADER, '1') : fetched.then(({ response }) => response);
}

/** Hashed files: kept copy first, else the network (and kept). */
async function asset(request: Request): Promise<Response> {
  const cache = await caches.open(ASSET_CACHE);
  const kept = await cache.match(request, IGNORE_VARY);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

/** Hex SHA-256 of who is asking: the reader's token or guest key. */
async function readerDigest(request: Request): Promise<string> {
  const who = `${request.headers.get('Authorization') ?? ''}\n${request.headers.get('Guest-Key') ?? ''}`;
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(who));
  return Array.from(new Uint8Array(digest).slice(0, 16), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Keeps at most MAX_DATA_ENTRIES answers: the oldest written go first. */
async function trim(cache: Cache): Promise<void> {
  const keys = await cache.keys();
  await Promise.all(keys.slice(0, Math.max(0, keys.length - MAX_DATA_ENTRIES)).map((key) => cache.delete(key)));
}

/** Keeps a successful envelope under the reader's key (and trims the cache). */
async function keepData(cache: Cache, key: string, response: Response): Promise<void> {
  const body = await response.text();
  if (!isKeepableEnvelope(response.status, response.headers.get('Content-Type') ?? '', body)) return;
  const headers = new Headers(response.headers);
  headers.set('date', new Date().toUTCString());
  await cache.put(key, new Response(body, { status: response.status, headers }));
  await trim(cache);
}

/** Network first for the API's data; the reader's kept copy when the network fails. */
async function data(event: FetchEvent): Promise<Response> {
  const { request } = event;
  const fetched = fetch(request).then((response) => ({ response, copy: response.clone() }));
  const fresh = fetched.then(({ response }) => response);
  const keyed = readerDigest(request).then((digest) =>
    dataKey(request.url, digest, request.headers.get('Locale') ?? ''),
  );
  const cache = caches.open(DATA_CACHE);
  // Called before this handler answers, while the event is still alive: the answer is kept even when the kept copy
  // was served first.
  event.waitUntil(
    Promise.all([fetched, keyed, cache])
      .then(([{ copy }, key, opened]) => keepData(opened, key, copy))
      .catch(() => undefined),
  );
  try {
    return await fresh;
  } catch (failure) {
    const kept = await (await cache).match(await keyed, IGNORE_VARY);
    if (kept) return markedKept(kept);
    throw failure;
  }
}

export {};
