import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPage, snap } from './support/browser.ts';
import { loginByMail, signIn, useServerWithMail } from './support/session.ts';

/**
 * Every conversation has an address (/chat?id=…): a reload, back and forward keep the open conversation, logged in
 * (the server's history) and as a guest (kept in this browser's storage).
 */
const run = useServerWithMail();
const STORED = /^\?id=[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const LOCAL = /^\?id=local-[0-9a-f]{24}$/;

const search = (page: Page) => new URL(page.url()).search;
const questions = (page: Page) => page.getByTestId('chat-question').allTextContents();

/** Types a question into the composer and waits for its answer to finish. */
async function askHere(page: Page, question: string, n: number) {
  await page.getByTestId('chat-composer-input').fill(question);
  await page.getByTestId('chat-composer-send').click();
  await page
    .locator('[data-testid="chat-answer"][data-status="done"]')
    .nth(n - 1)
    .waitFor({ timeout: 30_000 });
}

/** The conversation on screen is the one asked: these questions, each with a finished answer. */
async function showing(page: Page, asked: string[]) {
  await expect.poll(() => questions(page), { timeout: 15_000 }).toEqual(asked);
  expect(await page.locator('[data-testid="chat-answer"][data-status="done"]').count()).toBe(asked.length);
}

async function tourSeen(context: BrowserContext) {
  await context.addInitScript(() => window.localStorage.setItem(btoa('CHAT_ASSISTANT__APP_FIRST_TOUR'), 'true'));
}

describe.each(['mobile', 'desktop'] as const)('conversation addresses in Chromium (%s)', (viewport) => {
  it('logged in: reload, back and forward keep the open conversation; the history opens one at its address', async () => {
    const tokens = await loginByMail(run.server.origin, run.smtp, `address-${viewport}@example.com`);
    const { context, page } = await newPage(run.browser, viewport);
    await signIn(context, tokens);
    await page.goto(`${run.server.origin}/chat?_n=1`);
    await askHere(page, '神爱世人', 1);
    await expect.poll(() => search(page)).toMatch(STORED);
    const first = search(page);
    await askHere(page, '信心是什么', 2);
    expect(search(page)).toBe(first);

    await page.reload();
    await showing(page, ['神爱世人', '信心是什么']);
    expect(search(page)).toBe(first);
    await snap(page, `address-${viewport}-1-reloaded`);

    // A new conversation is a new address; back returns to the first, forward to the second.
    await page.getByTestId('chat-new').click();
    await page.getByTestId('chat-welcome').waitFor();
    expect(search(page)).toBe('?_n=1');
    await askHere(page, '爱是恒久忍耐', 1);
    await expect.poll(() => search(page)).toMatch(STORED);
    const second = search(page);
    expect(second).not.toBe(first);
    await page.goBack();
    await showing(page, ['神爱世人', '信心是什么']);
    expect(search(page)).toBe(first);
    await page.goForward();
    await showing(page, ['爱是恒久忍耐']);
    expect(search(page)).toBe(second);

    // Opening a session from the history pushes its address.
    await page.getByTestId('chat-history-open').click();
    await page.getByTestId(`chat-session-${first.slice('?id='.length)}`).click();
    await showing(page, ['神爱世人', '信心是什么']);
    expect(search(page)).toBe(first);
    await page.goBack();
    await showing(page, ['爱是恒久忍耐']);
    await snap(page, `address-${viewport}-2-back-from-history`);

    // Leaving for another screen and coming back keeps it too.
    await page.getByTestId('chat-open-setting').click();
    await page.getByTestId('page-setting').waitFor();
    await page.goBack();
    await showing(page, ['爱是恒久忍耐']);
    expect(search(page)).toBe(second);
    await context.close();
  }, 120_000);

  it('as a guest: the conversation is kept in this browser, so reload, back and forward keep it', async () => {
    const { context, page } = await newPage(run.browser, viewport);
    await tourSeen(context);
    await page.goto(`${run.server.origin}/chat?_n=1`);
    await askHere(page, '神爱世人', 1);
    await expect.poll(() => search(page)).toMatch(LOCAL);
    const first = search(page);
    await page.getByTestId('chat-guest-banner').waitFor();

    await page.reload();
    await showing(page, ['神爱世人']);
    expect(search(page)).toBe(first);
    await snap(page, `address-${viewport}-3-guest-reloaded`);

    await page.getByTestId('chat-new').click();
    await page.getByTestId('chat-welcome').waitFor();
    await askHere(page, '爱是恒久忍耐', 1);
    await expect.poll(() => search(page)).toMatch(LOCAL);
    const second = search(page);
    expect(second).not.toBe(first);
    await page.goBack();
    await showing(page, ['神爱世人']);
    expect(search(page)).toBe(first);
    await page.goForward();
    await showing(page, ['爱是恒久忍耐']);
    await page.reload();
    await showing(page, ['爱是恒久忍耐']);
    expect(search(page)).toBe(second);
    await snap(page, `address-${viewport}-4-guest-forward-reloaded`);
    await context.close();
  }, 120_000);

  it('back and forward open a conversation at its newest turn, not where the screen was left', async () => {
    const { context, page } = await newPage(run.browser, viewport);
    await tourSeen(context);
    await page.goto(`${run.server.origin}/chat?_n=1`);
    await askHere(page, '约翰福音3:16是什么意思？', 1);
    await askHere(page, '什么是恩典？', 2);
    await page.getByTestId('chat-new').click();
    await askHere(page, '大卫是谁？', 1);

    /** The newest question's top below the nav bar, or the page at its end when it cannot scroll that far. */
    const atNewestTurn = () =>
      page.evaluate(() => {
        const all = document.querySelectorAll<HTMLElement>('[data-testid="chat-question"]');
        const top = all[all.length - 1]!.getBoundingClientRect().top;
        const end = document.documentElement.scrollHeight - window.innerHeight;
        return (top >= 0 && top <= 120) || Math.abs(window.scrollY - end) <= 2;
      });
    await page.goBack();
    await showing(page, ['约翰福音3:16是什么意思？', '什么是恩典？']);
    await expect.poll(atNewestTurn, { timeout: 5_000 }).toBe(true);
    await snap(page, `address-${viewport}-5-back-at-newest-turn`);
    await page.goForward();
    await showing(page, ['大卫是谁？']);
    await expect.poll(atNewestTurn, { timeout: 5_000 }).toBe(true);
    await page.goBack();
    await showing(page, ['约翰福音3:16是什么意思？', '什么是恩典？']);
    await expect.poll(atNewestTurn, { timeout: 5_000 }).toBe(true);
    await context.close();
  }, 120_000);
});
