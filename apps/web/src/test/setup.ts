import { pendingImports, pendingWork } from './track-work.ts';
import { cleanup, configure, getConfig } from '@testing-library/react';
import { afterAll, afterEach, beforeEach, vi } from 'vitest';
import { addCatalogues } from '../lib/i18n.ts';
import { resources } from '../lib/i18n-catalogues.ts';
import { closeOverlays } from './overlays.ts';
import { unwatchToasts, watchToasts } from './toasts.ts';

// The whole suite shares two cores with the API tests and Chromium; a screen that loads its first lazy module there
// has been seen to take over 5 s (the Google captcha popup on a clean clone). Async queries wait up to 15 s.
// A findBy/waitFor returns once React has also finished the work it has queued: on a busy machine the scheduler
// yields between a commit and its effects, and a test that clicked in that gap clicked a control whose listener an
// effect had not attached yet (antd-mobile's checkbox), or read state an effect had not stored yet.
const { asyncWrapper } = getConfig();
configure({
  asyncUtilTimeout: 15_000,
  asyncWrapper: (callback) =>
    asyncWrapper(async () => {
      const result: unknown = await callback();
      await pendingWork.drain(5_000);
      return result;
    }),
});

// The app fetches one language's catalogues at start-up; tests have every language at hand.
addCatalogues(resources);

// Toasts close themselves after 2 s of wall-clock time, which a loaded machine can spend before a test looks: each
// test records the toasts it shows as they appear (`findToast`, test/toasts.ts).
beforeEach(() => {
  if (typeof document !== 'undefined') watchToasts();
});

// Every test leaves nothing mounted: the rendered app (whose unmount aborts the fetches and streams it started), then
// any toast or dialog root, each inside act so React finishes the work before the next test. Mocks of globals and the
// stored session go too.
afterEach(async () => {
  unwatchToasts();
  cleanup();
  await closeOverlays();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  // A few files (the build and lint checks) run under node, without a window.
  if (typeof window !== 'undefined') window.localStorage.clear();
});

// Vitest tears jsdom down right after the file; nothing the file started may run after that. Let the modules its last
// steps asked for finish loading (a lazy popover, a page), React's scheduler finish what it has queued (turn by turn,
// however slow the machine), then cancel the timers still waiting (a toast's close, a query's garbage collection, a
// poll) and ignore any that a late promise starts.
afterAll(async () => {
  await pendingImports.settled(30_000);
  cleanup();
  await closeOverlays();
  await pendingWork.drain(10_000);
  pendingWork.close();
});
