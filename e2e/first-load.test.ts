import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, snap, VIEWPORTS } from './support/browser.ts';
import { REPO_ROOT, startServerWithCorpus, type RunningServer } from './support/server.ts';

/**
 * The first load of /chat on a slow phone network (issue 15): Chromium with DevTools network emulation at the slow
 * 3G profile the review measured (2 s latency, 50 kB/s each way, cache off). The product thresholds: the welcome
 * overlay painted within 3 s of the navigation's start, the chat usable within 12 s, its JavaScript sent compressed
 * and within the 200 KB gzipped budget. The figures are printed; only those thresholds are asserted.
 *
 * "Painted" is the overlay's title as the browser's Element Timing reports it (the moment its text reached the
 * screen). "Usable" is the moment a control is enabled and is what a tap at its centre would hit (nothing covers
 * it), found on every frame; the composer's is then proven by typing into it.
 */
const SLOW_3G = { offline: false, latency: 2000, downloadThroughput: 50_000, uploadThroughput: 50_000 };
const OVERLAY_PAINTED_MS = 3000;
const USABLE_MS = 12_000;
const BUDGET_GZIP_BYTES = 200 * 1024;
const TOUR_SEEN_KEY = btoa('CHAT_ASSISTANT__APP_FIRST_TOUR');
const LANGUAGE_FLAG_KEY = btoa('CHAT_ASSISTANT__DEFAULT_LANGUAGE');

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServerWithCorpus();
  browser = await launchBrowser([], { whole: true });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

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

async function slowPage(visitor: 'first' | 'returning'): Promise<{ page: Page; transfers: Transfer[] }> {
  const context = await browser.newContext({ viewport: VIEWPORTS.mobile, locale: 'zh-CN' });
  if (visitor === 'returning') {
    // Seen the tour, language settled at an earlier start-up: what a second visit with an emptied cache looks like.
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
  return { page, transfers };
}

const marksOf = (page: Page) =>
  page.evaluate(() => (window as unknown as { firstLoad: Record<string, number> }).firstLoad);
const seconds = (ms: number | undefined) => (ms === undefined ? 'never' : `${(ms / 1000).toFixed(2)} s`);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
/** One line per response: when it started and ended, its size on the wire and its encoding. */
const waterfall = (transfers: Transfer[]) =>
  [...transfers]
    .sort((a, b) => a.start - b.start)
    .map(
      (t) =>
        `    ${t.start.toFixed(2).padStart(5)}–${t.end.toFixed(2).padStart(5)} s ${kb(t.bytes).padStart(9)} ${(t.encoding || '-').padEnd(4)} ${new URL(t.url).pathname}`,
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

/** Prints the figures of one load and checks the thresholds every load must meet. */
function reportAndCheck(title: string, marks: Record<string, number>, transfers: Transfer[], usable: string[]) {
  const js = scriptFigures(transfers);
  const encodings = [...new Set(js.scripts.map((s) => s.encoding || 'none'))].join(', ');
  console.log(
    [
      `slow 3G, ${title}:`,
      `  first paint ${seconds(marks.fcp)}, welcome overlay painted ${seconds(marks.overlay)}`,
      `  usable: ${usable.map((selector) => `${selector} ${seconds(marks[selector])}`).join(', ')}`,
      `  ${transfers.length} responses, ${kb(transfers.reduce((sum, t) => sum + t.bytes, 0))} on the wire; JavaScript: ${js.scripts.length} files, ${kb(js.wireBytes)} on the wire (${encodings}), ${kb(js.gzipBytes)} gzipped`,
      ...waterfall(transfers),
    ].join('\n'),
  );
  expect(marks.overlay).toBeLessThanOrEqual(OVERLAY_PAINTED_MS);
  for (const selector of usable) expect(marks[selector], selector).toBeLessThanOrEqual(USABLE_MS);
  expect(js.scripts.every((s) => s.encoding === 'br' || s.encoding === 'gzip')).toBe(true);
  expect(js.gzipBytes).toBeLessThanOrEqual(BUDGET_GZIP_BYTES);
}

describe('the first load of /chat on slow 3G (2 s latency, 50 kB/s, cache off)', () => {
  it('a first visitor: the overlay within 3 s, the tour then the composer usable within 12 s', async () => {
    const { page, transfers } = await slowPage('first');
    await page.goto(`${server.origin}/chat?_n=1`, { waitUntil: 'commit' });
    await markReached(page, 'overlay');
    await snap(page, 'first-load-slow3g-overlay');
    await markReached(page, TOUR);
    await page.getByTestId('tour-skip').click();
    await markReached(page, COMPOSER);
    const marks = await marksOf(page);
    await typeIntoComposer(page);
    await snap(page, 'first-load-slow3g-usable');
    reportAndCheck('first visit to /chat?_n=1 (the tour, then the composer once it is skipped)', marks, transfers, [
      TOUR,
      COMPOSER,
    ]);
    await page.context().close();
  });

  it('a returning visitor with an emptied cache: the overlay within 3 s, the composer usable within 12 s', async () => {
    const { page, transfers } = await slowPage('returning');
    await page.goto(`${server.origin}/chat?_n=1`, { waitUntil: 'commit' });
    await markReached(page, COMPOSER);
    const marks = await marksOf(page);
    await typeIntoComposer(page);
    reportAndCheck('returning visit to /chat?_n=1 (cache off)', marks, transfers, [COMPOSER]);
    await page.context().close();
  });
});
