import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, snap } from './support/browser.ts';
import { REPO_ROOT, startServer, type RunningServer } from './support/server.ts';

const zhCommon = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'apps/web/src/locales/zh-CN/common.json'), 'utf8'));
const APP_TITLE_ZH: string = zhCommon.app.title;

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  // The shell needs no corpus: the server starts on its embedded defaults with ingestion off.
  server = await startServer({ CORPUS_AUTO_INGEST: 'false' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe.each(['mobile', 'desktop'] as const)('the web shell in Chromium (%s)', (viewport) => {
  it('lands on /chat?_n=1 from / with the zh-CN title', async () => {
    const { context, page } = await newPage(browser, viewport);
    await page.goto(`${server.origin}/`);
    await page.waitForURL(/\/chat\?_n=1$/);
    await expect.poll(() => page.title()).toContain(APP_TITLE_ZH);
    await page.getByTestId('app-shell').waitFor();
    await snap(page, `shell-${viewport}-chat`);
    await context.close();
  });

  it('shows the pageTitle query parameter in the title', async () => {
    const { context, page } = await newPage(browser, viewport);
    await page.goto(`${server.origin}/about?pageTitle=X`);
    await expect.poll(() => page.title()).toContain('X');
    expect(await page.title()).toContain(APP_TITLE_ZH);
    await snap(page, `shell-${viewport}-about-pagetitle`);
    await context.close();
  });

  it('answers an API call without a token with 401 in the envelope, in the Locale language', async () => {
    const { context, page } = await newPage(browser, viewport);
    await page.goto(`${server.origin}/about`);
    const answer = await page.evaluate(async () => {
      const res = await fetch('/webapi/portal/member/info', { headers: { Locale: 'en' } });
      return res.json();
    });
    expect(answer).toMatchObject({ code: 401, msg: 'Please log in first.', data: null });
    await context.close();
  });
});
