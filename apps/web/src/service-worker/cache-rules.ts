/**
 * What the service worker (sw.ts, decision 0045) does with each request, as plain functions the web tests run
 * without a worker. Four kinds:
 * - `page`: a navigation to one of the app's routes. Network first; the kept shell when the network is down or has
 *   not answered within NAVIGATION_TIMEOUT_MS (a repeat visit on a slow network paints from the shell).
 * - `asset`: a built file under /assets/ (its name carries its content's hash): the kept copy first.
 * - `data`: a GET of the API's data (a chapter, the conversation list, a conversation, collections, the devotional,
 *   and whatever new GET a page adds): network first, the kept copy only when the network fails (never on a slow
 *   answer: after a change, an old list must not come back). Kept per reader.
 * - `edition`: the version marker (GET /version, spec §4): the kept answer at once, refreshed behind it, so a start-up
 *   of the simplified-Chinese edition (which asks it every time) does not wait a round trip; a changed marker applies
 *   at the next start.
 * - `pass`: everything else goes to the network untouched: every POST, PUT and DELETE (asks, their event streams,
 *   logins, edits), event streams, the version watcher's root page, sign-in and captcha calls, voice, health, other
 *   origins.
 */
export type RequestKind = 'page' | 'asset' | 'data' | 'edition' | 'pass';

export interface RequestFacts {
  method: string;
  url: string;
  /** Request.mode: 'navigate' for a page load. */
  mode: string;
  /** The Accept header ('' when absent). */
  accept: string;
}

export const CACHE_PREFIX = 'bible-qa-';
/** The app shell (index.html) and the files the first screen needs; replaced with each release. */
export const SHELL_CACHE = `${CACHE_PREFIX}shell`;
/** Hashed built files: a name never changes content, so they are kept across releases until unused. */
export const ASSET_CACHE = `${CACHE_PREFIX}assets`;
/** API answers, per reader. */
export const DATA_CACHE = `${CACHE_PREFIX}data`;
/** The edition's version marker: the same for every reader. */
export const EDITION_CACHE = `${CACHE_PREFIX}edition`;
/** Where the shell is kept: every route is the same index.html. */
export const SHELL_KEY = '/index.html';

/**
 * How long a navigation waits for the network before the kept shell is served (the network still refreshes it). A
 * connection that answers within it still serves the fresh page; on slow 3G (2 s round trips) the wait is all lost,
 * and at 500 ms it was half the repeat visit's 1 s budget (painted in 0.93–1.14 s on a two-core machine).
 */
export const NAVIGATION_TIMEOUT_MS = 250;
/** The most API answers kept; the oldest go first. */
export const MAX_DATA_ENTRIES = 400;

/** Set on an answer served from what was kept (data and pages): its value is when it was kept (ISO 8601). */
export const KEPT_AT_HEADER = 'x-offline-kept-at';
/**
 * Set on the version marker's kept answer, which is served at once, before the network is asked (spec §4 asks it at
 * every start): it says nothing of whether the network is there.
 */
export const KEPT_EARLY_HEADER = 'x-offline-kept-early';

const API_PREFIX = '/webapi/';
const EDITION = /^\/webapi\/version$/;
/** API GETs never kept: live state (health, sign-in, captchas, QR polling), voice and dev tools. */
const NOT_KEPT = [
  /^\/webapi\/(health|ready|openapi\.json)$/,
  /^\/webapi\/dev\//,
  /^\/webapi\/portal\/auth\//,
  /^\/webapi\/portal\/voice\//,
  /\/to-audio/,
];
/** Paths the server answers itself, never with the app's page. */
const NOT_PAGES = /^\/(webapi|metrics)(\/|$)/;
/**
 * A file the server sends as it is, not one of the app's routes: the server's own rule (http/web.ts STATIC_FILE), so
 * a route value with a dot stays a page (/verify/mail/a@b.c).
 */
const FILE = /\.(js|mjs|css|map|png|jpe?g|gif|webp|svg|ico|woff2?|ttf|json|txt|webmanifest|wasm)$/i;

export function classify(request: RequestFacts, origin: string): RequestKind {
  const url = new URL(request.url);
  if (url.origin !== origin || request.method !== 'GET') return 'pass';
  if (request.accept.includes('text/event-stream')) return 'pass';
  const path = url.pathname;
  if (request.mode === 'navigate') return NOT_PAGES.test(path) || FILE.test(path) ? 'pass' : 'page';
  if (path.startsWith('/assets/')) return 'asset';
  if (EDITION.test(path)) return 'edition';
  if (path.startsWith(API_PREFIX)) return NOT_KEPT.some((pattern) => pattern.test(path)) ? 'pass' : 'data';
  return 'pass';
}

/**
 * The key a data answer is kept under: its URL, plus who asked (a digest of the Authorization and Guest-Key headers)
 * and in which language (Locale), so one reader never reads another's kept answers on a shared device.
 */
export function dataKey(url: string, readerDigest: string, locale: string): string {
  const key = new URL(url);
  key.searchParams.set('__reader', readerDigest);
  key.searchParams.set('__locale', locale);
  return key.href;
}

/** Only a successful envelope is kept: `{ code: 0, … }` in JSON. */
export function isKeepableEnvelope(status: number, contentType: string, body: string): boolean {
  if (status !== 200 || !contentType.includes('application/json')) return false;
  try {
    const parsed = JSON.parse(body) as { code?: unknown };
    return parsed.code === 0;
  } catch {
    return false;
  }
}

/** The same-origin built files among URLs a page reports having loaded (before the worker controlled it). */
export function assetUrls(urls: readonly string[], origin: string): string[] {
  return [
    ...new Set(
      urls.flatMap((raw) => {
        try {
          const url = new URL(raw, origin);
          return url.origin === origin && url.pathname.startsWith('/assets/') ? [url.pathname] : [];
        } catch {
          return [];
        }
      }),
    ),
  ];
}
