import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { startFakeLlm, type FakeLlm } from '../apps/api/src/test/fake-llm.ts';
import { launchBrowser, newPage, snap } from './support/browser.ts';
import {
  FIXTURE_CORPUS_DIR,
  REPO_ROOT,
  spawnServer,
  startServerWithCorpus,
  untilCorpusReady,
  type RunningServer,
} from './support/server.ts';

/**
 * Devotionals in the reader's language (issue 29, decision 0043): `npm run translate:devotionals` with a scripted
 * OpenAI-protocol model fills a language, and a server with no model of its own serves it, marked as translated by
 * AI; a server with no translation leads with the day's readings in the reader's Bible, the English after.
 */
let browser: Browser;
let llm: FakeLlm;
let translated: RunningServer;
let plain: RunningServer;
let jobOutput = '';
const runs: { exit: number | null; output: string }[] = [];

/** `npm run translate:devotionals -- …` on a data dir, as an operator runs it (the server is not running). */
function runJob(dataDir: string, args: string[]): Promise<number | null> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', 'translate:devotionals', '--', ...args], {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'development',
        DATA_DIR: dataDir,
        CORPUS_DIR: FIXTURE_CORPUS_DIR,
        LLM_BASE_URL: llm.baseURL,
        LLM_MODEL: 'fake-translator',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (d: Buffer) => (jobOutput += d.toString()));
    child.stderr.on('data', (d: Buffer) => (jobOutput += d.toString()));
    child.on('error', reject);
    child.on('exit', resolve);
  });
}

beforeAll(async () => {
  llm = await startFakeLlm();
  llm.setMode(() => ({
    kind: 'normal',
    chunks: ['一月一日——晨间（AI 译）\n###\n', '以色列疲惫的漂流都结束了，应许的安息已经得着。'],
  }));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bibleqa-e2e-translate-'));
  fs.cpSync(inject('e2eDataTemplate'), dataDir, { recursive: true });
  // A first run stopped after three readings, then a second that finishes: it goes on where the first stopped.
  for (const args of [
    ['--lang', 'zh-cn', '--limit', '3'],
    ['--lang', 'zh-cn'],
  ]) {
    jobOutput = '';
    const exit = await runJob(dataDir, args);
    runs.push({ exit, output: jobOutput });
  }
  // The server that serves them has no model: what it shows in Chinese is what the job stored.
  translated = await spawnServer(dataDir, {}, inject('e2eServerDir'));
  await untilCorpusReady(translated);
  plain = await startServerWithCorpus();
  browser = await launchBrowser();
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await translated?.stop();
  await plain?.stop();
  await llm?.close();
});

describe('devotionals in the reader’s language in Chromium', () => {
  it('translate:devotionals fills Chinese with a scripted model, resumably, and the page serves it marked as AI', async () => {
    expect(runs.map((r) => r.exit)).toEqual([0, 0]);
    expect(runs[0]!.output).toMatch(/zh-cn 3\/4 \(75\.0%\)/);
    expect(runs[0]!.output).toContain('zh-cn: 3/4 translated (3 now, 0 before, 0 failed)');
    expect(runs[1]!.output).toMatch(/zh-cn 4\/4 \(100\.0%\)/);
    expect(runs[1]!.output).toContain('zh-cn: 4/4 translated (1 now, 3 before, 0 failed)');
    // Each reading was translated once.
    expect(llm.requests).toHaveLength(4);

    const { context, page } = await newPage(browser, 'mobile');
    await context.addInitScript(() => window.localStorage.setItem(btoa('CHAT_ASSISTANT__APP_FIRST_TOUR'), 'true'));
    await page.clock.install({ time: new Date('2026-01-01T08:00:00') });
    await page.goto(`${translated.origin}/devotionals`);
    const today = page.getByTestId('devotionals-today');
    await today.getByTestId('devotional-translated-tag').first().waitFor();
    expect(await today.getByTestId('devotional-related-tag').count()).toBe(0);
    await today.locator('[data-testid="devotional-item"][data-id="spurgeon-me:01-01-morning"]').click();
    const detail = page.getByTestId('devotional-detail');
    await expect
      .poll(() => detail.getByTestId('devotional-text').textContent())
      .toBe('以色列疲惫的漂流都结束了，应许的安息已经得着。');
    expect(await detail.getByTestId('devotional-presentation').textContent()).toBe('AI 翻译');
    expect(await detail.getByTestId('devotional-machine-notice').textContent()).toContain('由 AI 从英文翻译');
    await snap(page, 'devotional-translations-1-served');
    await context.close();
  }, 120_000);

  it('with no translation and no model, the day’s readings in the reader’s Bible lead and the English follows', async () => {
    const { context, page } = await newPage(browser, 'mobile');
    await context.addInitScript(() => window.localStorage.setItem(btoa('CHAT_ASSISTANT__APP_FIRST_TOUR'), 'true'));
    await page.clock.install({ time: new Date('2026-01-01T08:00:00') });
    await page.goto(`${plain.origin}/devotionals/${encodeURIComponent('spurgeon-me:01-01-morning')}`);
    const detail = page.getByTestId('devotional-detail');
    const lead = detail.getByTestId('devotional-plan-lead');
    await lead.waitFor();
    expect(await lead.getByTestId('devotionals-plan-passage-1').textContent()).toContain('起初神创造天地');
    const english = detail.getByTestId('devotional-text');
    expect(await english.textContent()).toContain('Israel');
    // The readings come before the English reflection on the page, which says it is not translated yet.
    const order = await page.evaluate(() => {
      const a = document.querySelector('[data-testid="devotional-plan-lead"]')!;
      const b = document.querySelector('[data-testid="devotional-text"]')!;
      return Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
    });
    expect(order).toBe(true);
    expect(await detail.getByTestId('devotional-related-notice').textContent()).toContain('还没有译成你的语言');
    await snap(page, 'devotional-translations-2-readings-lead');
    await context.close();
  }, 120_000);
});
