import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, snap, VIEWPORTS } from './support/browser.ts';
import { REPO_ROOT, startServerWithCorpus, type RunningServer } from './support/server.ts';

/**
 * The first load of /chat on a slow phone network (issues 15 and 29): Chromium with DevTools network emulation at the
 * slow 3G profile the review measured (2 s latency, 50 kB/s each way, HTTP cache off). The product thresholds: the
 * welcome overlay's text painted within 2.5 s of the navigation's start and the chat usable within 8 s on a first
 * visit; on a repeat visit, with the service worker installed by the first (decision 0045), painted within 1 s and
 * usable within 2 s; the JavaScript sent compressed and within the 200 KB gzipped budget. The figures are printed;
 * only those thresholds are asserted (the network's share is fixed by the emulation; the rest is this machine's CPU,
 * which other suites may be loading: decision 0017).
 *
 * "Painted" is the overlay's title as the browser's Element Timing reports it (the moment its text reached the
 * screen). "Usable" is the moment a control is enabled and is what a tap at its centre would hit (nothing covers
 * it), found on every frame; the composer's is then proven by typing into it.
 */
const SLOW_3G = { offline: false, latency: 2000, downloadThroughput: 50_000, uploadThroughput: 50_000 };
const FIRST_VISIT = { paintedMs: 2500, usableMs: 8000 };
const REPEAT_VISIT = { paintedMs: 1000, usableMs: 2000 };
/** Visits timed, first and repeat: each figure is their median (a loaded machine delays one load now and then). */
const FIRST_TRIES = 3;
const REPEAT_TRIES = 3;
const BUDGET_GZIP_BYTES = 200 * 1024;
const TOUR_SEEN_KEY = btoa('CHAT_ASSISTANT__APP_FIRST_TOUR');
const LANGUAGE_FLAG_KEY = btoa('CHAT_ASSISTANT__DEFAULT_LANGUAGE');

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServerWithCorpus();
  browser = await launchBrowser([], { whole: true });
  await warmBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/**
 * A phone's browser has rendered pages before the reader first comes here: its renderer, V8 and the CJK font
 * fallback are warm. A browser launched for this test has done none of that, and its very first page pays up to
 * half a second for it on a loaded machine (CI: the page's subresources requested 0.47 s after its HTML, against
 * 0 s on the next visit). So one page is loaded first, unthrottled, in a context of its own that is then closed:
 * the timed first visit still shares no cache, storage or service worker with it.
 */
async function warmBrowser() {
  const context = await browser.newContext({ viewport: VIEWPORTS.mobile, locale: 'zh-CN' });
  const page = await context.newPage();
  await page.goto(`${server.origin}/chat?_n=1`, { waitUntil: 'load' });
  await page.getByTestId('tour-skip').waitFor();
  await context.close();
}

/** Runs in the page before its own scripts: records when the overlay is painted and when controls become usable. */
function installProbes(selectors: string[]) {
  const marks: Record<string, number> = {};
  (window as unknown as { firstLoad: Record<string, number> }).firstLoad = marks;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { identifier?: string; renderTime?: number })[]) {
      if (entry.identifier === 'welcome-overlay' && marks.overlay === undefined) marks.overlay = entry.renderTime!;
    }
  }).observe({ type: 'element', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') marks.fcp = entry.startTime;
  }).observe({ type: 'paint', buffered: true });
  const usable = (selector: string) => {
    const element = document.querySelector(selector) as (HTMLElement & { disabled?: boolean }) | null;
    if (!element || element.disabled) return false;
    const box = element.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return false;
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && (hit === element || element.contains(hit));
  };
  const probe = () => {
    for (const selector of selectors)
      if (marks[selector] === undefined && usable(selector)) marks[selector] = performance.now();
    if (selectors.some((selector) => marks[selector] === undefined)) requestAnimationFrame(probe);
  };
  requestAnimationFrame(probe);
}

interface Transfer {
  url: string;
  type: string;
  encoding: string;
  /** Answered by the service worker; `kept` when from what it kept because the network did not answer in time. */
  worker: '' | 'worker' | 'kept';
  bytes: number;
  /** Seconds from the first request (the page's) to this one's start and end. */
  start: number;
  end: number;
}

/** Every response of the page with its content encoding, the bytes it took on the wire and when it came. */
async function recordTransfers(cdp: CDPSession): Promise<Transfer[]> {
  const started = new Map<string, number>();
  const transfers = new Map<string, Transfer>();
  const done: Transfer[] = [];
  let origin: number | undefined;
  cdp.on('Network.requestWillBeSent', ({ requestId, timestamp }) => {
    origin ??= timestamp;
    started.set(requestId, timestamp - origin);
  });
  cdp.on('Network.responseReceived', ({ requestId, response, type }) => {
    const headers = Object.fromEntries(Object.entries(response.headers).map(([k, v]) => [k.toLowerCase(), String(v)]));
    const start = started.get(requestId) ?? 0;
    transfers.set(requestId, {
      url: response.url,
      type,
      encoding: headers['content-encoding'] ?? '',
      worker: response.fromServiceWorker ? (headers['x-offline-kept-at'] !== undefined ? 'kept' : 'worker') : '',
      bytes: 0,
      start,
      end: 0,
    });
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength, timestamp }) => {
    const transfer = transfers.get(requestId);
    if (transfer) done.push({ ...transfer, bytes: encodedDataLength, end: timestamp - (origin ?? timestamp) });
  });
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', SLOW_3G);
  return done;
}

type Visit = 'first' | 'repeat' | 'returning';

/** A page on slow 3G: in a new context (first visit, or a returning one whose browser kept nothing), or in `context`. */
async function slowPage(
  visit: Visit,
  context?: BrowserContext,
): Promise<{ page: Page; transfers: Transfer[]; context: BrowserContext }> {
  context ??= await browser.newContext({ viewport: VIEWPORTS.mobile, locale: 'zh-CN' });
  if (visit === 'returning') {
    // Seen the tour, language settled at an earlier start-up: what a second visit with an emptied cache (and no
    // service worker) looks like.
    await context.addInitScript(
      ([tour, flag]) => {
        window.localStorage.setItem(tour!, 'true');
        window.localStorage.setItem(flag!, 'true');
      },
      [TOUR_SEEN_KEY, LANGUAGE_FLAG_KEY],
    );
  }
  const page = await context.newPage();
  await page.addInitScript(installProbes, [COMPOSER, TOUR]);
  const transfers = await recordTransfers(await context.newCDPSession(page));
  return { page, transfers, context };
}

/** Waits until the service worker has installed (its first-screen files kept) and controls the page. */
async function workerInstalled(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });
}

const marksOf = (page: Page) =>
  page.evaluate(() => (window as unknown as { firstLoad: Record<string, number> }).firstLoad);
/** The middle one of a few timed loads, by a figure of each. */
const medianBy = <T>(loads: readonly T[], figure: (load: T) => number): T =>
  [...loads].sort((a, b) => figure(a) - figure(b))[Math.floor(loads.length / 2)]!;
const seconds = (ms: number | undefined) => (ms === undefined ? 'never' : `${(ms / 1000).toFixed(2)} s`);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
/** One line per response: when it started and ended, its size on the wire and its encoding. */
const waterfall = (transfers: Transfer[]) =>
  [...transfers]
    .sort((a, b) => a.start - b.start)
    .map(
      (t) =>
        `    ${t.start.toFixed(2).padStart(5)}–${t.end.toFixed(2).padStart(5)} s ${kb(t.bytes).padStart(9)} ${(t.encoding || '-').padEnd(4)} ${(t.worker || 'network').padEnd(7)} ${new URL(t.url).pathname}`,
    );

/** What was sent for the page's scripts: on the wire, and gzipped at level 9 as the budget counts it. */
function scriptFigures(transfers: Transfer[]) {
  const scripts = transfers.filter((t) => t.type === 'Script' && new URL(t.url).pathname.startsWith('/assets/'));
  const gzipBytes = scripts.reduce((sum, t) => {
    const file = path.join(REPO_ROOT, 'apps/web/dist', new URL(t.url).pathname);
    return sum + gzipSync(fs.readFileSync(file), { level: 9 }).length;
  }, 0);
  return { scripts, wireBytes: scripts.reduce((sum, t) => sum + t.bytes, 0), gzipBytes };
}

const COMPOSER = '[data-testid="chat-composer-input"]';
const TOUR = '[data-testid="tour-skip"]';

/** Waits until the probes have recorded `mark` (the overlay's paint, or a control becoming usable). */
const markReached = (page: Page, mark: string) =>
  page.waitForFunction((name) => (window as unknown as { firstLoad: Record<string, number> }).firstLoad?.[name], mark, {
    timeout: 60_000,
  });

/** Proves the composer takes input: typed keys land in it. */
async function typeIntoComposer(page: Page) {
  const input = page.getByTestId('chat-composer-input');
  await input.pressSequentially('恩典');
  expect(await input.inputValue()).toBe('恩典');
}

/** Prints the figures of one load and checks its thresholds. */
function reportAndCheck(
  title: string,
  marks: Record<string, number>,
  transfers: Transfer[],
  usable: string[],
  limits: { paintedMs: number; usableMs: number },
) {
  const js = scriptFigures(transfers);
  const encodings = [...new Set(js.scripts.map((s) => s.encoding || 'none'))].join(', ');
  console.log(
    [
      `slow 3G, ${title}:`,
      `  first paint ${seconds(marks.fcp)}, welcome overlay painted ${seconds(marks.overlay)}`,
      `  usable: ${usable.map((selector) => `${selector} ${seconds(marks[selector])}`).join(', ')}`,
      `  ${transfers.length} responses (${transfers.filter((t) => t.worker).length} from the service worker), ${kb(transfers.reduce((sum, t) => sum + t.bytes, 0))} on the wire; JavaScript: ${js.scripts.length} files, ${kb(js.wireBytes)} on the wire (${encodings || '-'}), ${kb(js.gzipBytes)} gzipped`,
      ...waterfall(transfers),
    ].join('\n'),
  );
  expect(marks.overlay).toBeLessThanOrEqual(limits.paintedMs);
  for (const selector of usable) expect(marks[selector], selector).toBeLessThanOrEqual(limits.usableMs);
  const network = js.scripts.filter((s) => !s.worker);
  expect(network.every((s) => s.encoding === 'br' || s.encoding === 'gzip')).toBe(true);
  expect(js.gzipBytes).toBeLessThanOrEqual(BUDGET_GZIP_BYTES);
}

describe('the first load of /chat on slow 3G (2 s latency, 50 kB/s, HTTP cache off)', () => {
  it('a first visit: text within 2.5 s, the tour then the composer usable within 8 s; a repeat visit: 1 s and 2 s', async () => {
    // Timed as the median of three first visits, each in a browser that has kept nothing.
    const visits: { page: Page; context: BrowserContext; marks: Record<string, number>; transfers: Transfer[] }[] = [];
    for (let i = 0; i < FIRST_TRIES; i++) {
      const visit = await slowPage('first');
      await visit.page.goto(`${server.origin}/chat?_n=1`, { waitUntil: 'commit' });
      await markReached(visit.page, 'overlay');
      if (i === 0) await snap(visit.page, 'first-load-slow3g-overlay');
      await markReached(visit.page, TOUR);
      await visit.page.getByTestId('tour-skip').click();
      await markReached(visit.page, COMPOSER);
      const marks = await marksOf(visit.page);
      await typeIntoComposer(visit.page);
      if (i === 0) await snap(visit.page, 'first-load-slow3g-usable');
      visits.push({ ...visit, marks });
    }
    const middle = medianBy(visits, (v) => v.marks[COMPOSER]!);
    reportAndCheck(
      `first visit to /chat?_n=1 (the tour, then the composer once it is skipped; the median of ${FIRST_TRIES}: ` +
        `composer ${visits.map((v) => seconds(v.marks[COMPOSER])).join(', ')})`,
      middle.marks,
      middle.transfers,
      [TOUR, COMPOSER],
      FIRST_VISIT,
    );
    const [first, ...others] = visits as [(typeof visits)[number], ...typeof visits];
    for (const other of others) await other.context.close();

    // The same reader comes back: the worker the first visit installed answers from what it kept.
    await workerInstalled(first.page);
    await first.page.close();
    // Timed as the median of three returns (a loaded machine delays one paint now and then, not three).
    const tries: { marks: Record<string, number>; transfers: Transfer[] }[] = [];
    for (let i = 0; i < REPEAT_TRIES; i++) {
      const repeat = await slowPage('repeat', first.context);
      await repeat.page.goto(`${server.origin}/chat?_n=1`, { waitUntil: 'commit' });
      await markReached(repeat.page, COMPOSER);
      const again = await marksOf(repeat.page);
      await typeIntoComposer(repeat.page);
      if (i === 0) await snap(repeat.page, 'first-load-slow3g-repeat');
      // The page came from the kept shell (the network did not answer within its wait) and no script from the
      // network.
      const page = repeat.transfers.find((t) => t.type === 'Document');
      expect(page?.worker).toBe('kept');
      expect(repeat.transfers.filter((t) => t.type === 'Script' && !t.worker)).toEqual([]);
      tries.push({ marks: again, transfers: repeat.transfers });
      await repeat.page.close();
    }
    const median = medianBy(tries, (t) => t.marks.overlay!);
    reportAndCheck(
      `repeat visit to /chat?_n=1 (service worker installed; the median of ${REPEAT_TRIES}: overlay ${tries
        .map((t) => seconds(t.marks.overlay))
        .join(', ')})`,
      median.marks,
      median.transfers,
      [COMPOSER],
      REPEAT_VISIT,
    );
    await first.context.close();
  });

  it('a returning visitor whose browser kept nothing: text within 2.5 s, the composer usable within 8 s', async () => {
    const { page, transfers, context } = await slowPage('returning');
    await page.goto(`${server.origin}/chat?_n=1`, { waitUntil: 'commit' });
    await markReached(page, COMPOSER);
    const marks = await marksOf(page);
    await typeIntoComposer(page);
    reportAndCheck('returning visit to /chat?_n=1 (nothing kept)', marks, transfers, [COMPOSER], FIRST_VISIT);
    await context.close();
  });
});
