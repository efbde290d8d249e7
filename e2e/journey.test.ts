import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '../apps/api/src/test/fake-llm.ts';
import { launchBrowser, newPage, snap } from './support/browser.ts';
import { REPO_ROOT, startServerWithCorpus, type RunningServer } from './support/server.ts';
import { startSmtpPeer, type SmtpPeer } from '../apps/api/src/test/smtp-peer.ts';

/**
 * The main journey of issue 6 at 390×844 and 1280×800, a screenshot per step: first visit → tour → ask in zh-CN →
 * streamed answer with verified verse links → verse preview → follow-up → stop an answer → collect it (as a guest:
 * kept under the browser's key) → English interface → log in with an e-mail code from the SMTP peer → an answer
 * asked now is collected, its session is in the history, and the guest's collection came along → log out.
 *
 * The model is a loopback OpenAI-compatible fake: it answers with John 3:16 quoted exactly (so the verifier links
 * it), and streams slowly when the question asks for detail, so that answer can be stopped while it streams.
 */
const catalogue = (language: string, namespace: string) =>
  JSON.parse(fs.readFileSync(path.join(REPO_ROOT, `apps/web/src/locales/${language}/${namespace}.json`), 'utf8'));
const EN_CHAT = catalogue('en', 'chat');
const EN_COMMON = catalogue('en', 'common');

const JOHN_3_16 = '约翰福音 3:16 说：「神爱世人，甚至将他的独生子赐给他们，叫一切信他的，不至灭亡，反得永生。」';
const ANSWER = [
  '这是圣经中最广为人知的经文之一。',
  JOHN_3_16,
  '这节经文说明神的爱是主动的，',
  '也说明信靠基督的人得着永生。',
];
/** Questions with this word are answered slowly: about a minute in all, stopped long before. */
const SLOW = '详细';
const ACCOUNTS = { mobile: 'journey.mobile@example.com', desktop: 'journey.desktop@example.com' } as const;

let server: RunningServer;
let smtp: SmtpPeer;
let llm: FakeLlm;
let browser: Browser;

beforeAll(async () => {
  smtp = await startSmtpPeer();
  llm = await startFakeLlm();
  llm.setMode((n) => {
    const slow = JSON.stringify(llm.requests[n - 1]?.body ?? {}).includes(SLOW);
    return slow
      ? { kind: 'normal', chunks: Array.from({ length: 600 }, (_, i) => `第 ${i + 1} 点。`), gapMs: 100 }
      : { kind: 'normal', chunks: ANSWER, gapMs: 40 };
  });
  server = await startServerWithCorpus({
    SMTP_URL: smtp.url,
    LLM_BASE_URL: llm.baseURL,
    LLM_API_KEY: 'fake',
    CODE_SENDS_PER_IP_PER_HOUR: '1000',
  });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await llm?.close();
  await smtp?.close();
});

const answers = (page: Page) => page.getByTestId('chat-answer');

async function ask(page: Page, question: string): Promise<Locator> {
  const before = await answers(page).count();
  await page.getByTestId('chat-composer-input').fill(question);
  await page.getByTestId('chat-composer-send').click();
  await expect.poll(() => answers(page).count()).toBe(before + 1);
  return answers(page).nth(before);
}

const statusOf = (answer: Locator) => answer.getAttribute('data-status');

async function journey(viewport: 'mobile' | 'desktop') {
  const step = (n: number, name: string) => snap(page, `journey-${viewport}-${String(n).padStart(2, '0')}-${name}`);
  const { context, page } = await newPage(browser, viewport);

  // 1. First visit: the home route lands on chat, under the first-visit tour.
  await page.goto(`${server.origin}/`);
  await page.waitForURL(/\/chat\?_n=1$/);
  const tour = page.getByTestId('tour');
  await expect.poll(() => tour.getAttribute('data-step')).toBe('language');
  await step(1, 'first-visit-tour-language');

  // 2. The tour: language (kept), tradition, interests, features.
  expect(await page.getByTestId('tour-language-zh-cn').getAttribute('aria-checked')).toBe('true');
  await page.getByTestId('tour-next').click();
  await page.getByTestId('tour-expression-protestant').click();
  await step(2, 'tour-tradition');
  await page.getByTestId('tour-next').click();
  await page.getByTestId('tour-interest-bible_study').click();
  await page.getByTestId('tour-interest-bible_qa').click();
  await step(3, 'tour-interests');
  await page.getByTestId('tour-next').click();
  await page.getByTestId('tour-feature-verses').waitFor();
  await step(4, 'tour-features');
  await page.getByTestId('tour-done').click();
  await tour.waitFor({ state: 'detached' });
  await page.getByTestId('chat-welcome').waitFor();
  await step(5, 'chat-welcome');

  // 3. Ask in zh-CN; the answer streams in, then its verse reference is verified and linked.
  const first = await ask(page, '神爱世人是哪一节经文？');
  await expect.poll(() => statusOf(first), { timeout: 20_000 }).toMatch(/generating|done/);
  await step(6, 'answer-streaming');
  await expect.poll(() => statusOf(first), { timeout: 30_000 }).toBe('done');
  const linked = first.locator('[data-testid^="chat-citation-"][data-status="linked"]').first();
  await linked.waitFor();
  expect(await linked.textContent()).toContain('约翰福音 3:16');
  await step(7, 'answer-with-verse-link');

  // 4. The verse preview.
  await linked.click();
  const preview = page.getByTestId('chat-verse-preview');
  await preview.waitFor();
  expect(await preview.textContent()).toContain('神爱世人');
  await step(8, 'verse-preview');
  await page.getByTestId('chat-composer-input').click();
  await preview.waitFor({ state: 'detached' });

  // 5. A follow-up is asked by tapping it.
  const followUp = page.getByTestId('chat-followup-1');
  const followUpText = (await followUp.textContent())?.trim() ?? '';
  expect(followUpText).not.toBe('');
  await followUp.click();
  await expect.poll(() => answers(page).count()).toBe(2);
  const second = answers(page).nth(1);
  await expect.poll(() => page.getByTestId('chat-question').nth(1).textContent()).toContain(followUpText);
  await expect.poll(() => statusOf(second), { timeout: 30_000 }).toBe('done');
  await step(9, 'follow-up-answered');

  // 6. Stop an answer while it streams: the text so far stays, marked stopped.
  const third = await ask(page, `请${SLOW}讲解约翰福音第三章`);
  await expect
    .poll(async () => (await third.getByTestId('chat-answer-content').textContent())?.length ?? 0, {
      timeout: 20_000,
    })
    .toBeGreaterThan(4);
  await step(10, 'long-answer-streaming');
  await third.getByTestId('chat-answer-stop').click();
  await expect.poll(() => statusOf(third)).toBe('stopped');
  await third.getByTestId('chat-answer-stopped').waitFor();
  const kept = (await third.getByTestId('chat-answer-content').textContent()) ?? '';
  expect(kept).toContain('第 1 点');
  expect(kept).not.toContain('第 600 点');
  await step(11, 'answer-stopped');

  // 7. Collect it: a guest's answers are kept under the browser's key, so a guest collects too (decision 0040).
  const collected = page.waitForResponse((r) => r.url().endsWith('/webapi/portal/chat/collect') && r.ok());
  await third.getByTestId('chat-collect').click();
  await expect.poll(() => third.getByTestId('chat-collect').getAttribute('aria-pressed')).toBe('true');
  await collected;
  await step(12, 'collect-as-guest');

  // 8. Switch the language to English: stored, the page reloads, the interface is in English.
  await page.getByTestId('chat-open-setting').click();
  await page.getByTestId('page-setting').waitFor();
  await page.getByTestId('setting-language').click();
  const reloaded = page.waitForEvent('load', { timeout: 10_000 });
  await page.getByTestId('setting-language-en').click();
  await reloaded;
  await expect.poll(() => page.getByTestId('page-setting-title').textContent()).toBe(EN_COMMON.setting.title);
  expect(await page.getByTestId('setting-language-current').textContent()).toBe('English');
  expect(await page.title()).toContain(EN_COMMON.app.title);
  await step(13, 'settings-in-english');
  await page.goto(`${server.origin}/chat?_n=1`);
  expect(await page.getByTestId('chat-composer-input').getAttribute('placeholder')).toBe(EN_CHAT.composer.placeholder);
  await step(14, 'chat-in-english');

  // 9. Log in with an e-mail code read from the SMTP peer.
  const account = ACCOUNTS[viewport];
  await page.goto(`${server.origin}/login?redirect=${encodeURIComponent('/chat')}`);
  await page.getByTestId('login-account').locator('input').fill(account);
  const inbox = smtp.inbox.length;
  await page.getByTestId('login-send-code').click();
  const code = await smtp.codeFor(account, { since: inbox });
  await page.getByTestId('login-code').locator('input').fill(code);
  await page.getByTestId('login-agreement').click();
  await step(15, 'login-with-mailed-code');
  await page.getByTestId('login-submit').click();
  await page.waitForURL(/\/chat$/);
  expect(await page.evaluate(() => window.localStorage.getItem('APP_AUTH_TOKEN_KEY'))).toBeTruthy();
  await step(16, 'logged-in');

  // 10. Logged in, an answer is kept: collect it, and its session is in the history.
  await page
    .getByTestId('chat-new')
    .click({ timeout: 2_000 })
    .catch(() => undefined);
  const question = '罗马书里怎样讲神的爱？';
  const kept1 = await ask(page, question);
  await expect.poll(() => statusOf(kept1), { timeout: 30_000 }).toBe('done');
  expect(await kept1.getAttribute('data-answer-id')).toBeTruthy();
  await kept1.getByTestId('chat-collect').click();
  await expect.poll(() => kept1.getByTestId('chat-collect').getAttribute('aria-pressed')).toBe('true');
  await step(17, 'answer-collected');
  await page.getByTestId('chat-history-open').click();
  const history = page.getByTestId('chat-history');
  await history.waitFor();
  const sessions = history.locator(
    '[data-testid^="chat-session-"]:not([data-testid^="chat-session-rename"]):not([data-testid^="chat-session-delete"])',
  );
  await expect
    .poll(() => sessions.allTextContents(), { timeout: 10_000 })
    .toEqual(expect.arrayContaining([expect.stringContaining(question)]));
  await step(18, 'history-shows-the-session');
  // The answer collected as a guest came with the login: two saved answers now.
  await page.goto(`${server.origin}/collections`);
  await expect.poll(() => page.getByTestId('collection-item').count(), { timeout: 10_000 }).toBe(2);

  // 11. Log out: both tokens go, the page reloads after 1 s, the old token is refused.
  const token = await page.evaluate(() => window.localStorage.getItem('APP_AUTH_TOKEN_KEY'));
  await page.goto(`${server.origin}/setting`);
  await page.getByTestId('setting-logout').click();
  const afterLogout = page.waitForEvent('load', { timeout: 10_000 });
  await page.locator('.adm-dialog-button-bold').click();
  await afterLogout;
  expect(await page.evaluate(() => window.localStorage.getItem('APP_AUTH_TOKEN_KEY'))).toBeNull();
  await page.getByTestId('setting-login').waitFor();
  await step(19, 'logged-out');
  const info = await fetch(`${server.origin}/webapi/portal/member/info`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(((await info.json()) as { code: number }).code).toBe(401);
  await context.close();
}

describe('the main journey in Chromium', () => {
  it(
    'first visit to logout, at 390×844 and at 1280×800',
    () => Promise.all([journey('mobile'), journey('desktop')]),
    120_000,
  );
});
