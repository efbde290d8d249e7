import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signExternalAccess } from '../apps/api/src/features/auth/external-access.service.ts';
import { launchBrowser, newPage, snap } from './support/browser.ts';
import { startServerWithCorpus, type RunningServer } from './support/server.ts';

/**
 * Issue 15's rough edges that only a real browser shows: where an external-access login lands, the code field
 * during the countdown, the confirm dialogs' buttons in English, a long paste, and pinch-zoom. Both viewports.
 */
const PARTNER = { appId: 'edges-partner', secret: 'edges-partner-secret-0123456789' };

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  // With the corpus: an answer that cites a verse offers follow-ups, the way to the draft-overwrite dialog (edge 1).
  server = await startServerWithCorpus({
    EXTERNAL_PARTNERS: JSON.stringify({ [PARTNER.appId]: PARTNER.secret }),
    CODE_SENDS_PER_IP_PER_HOUR: '1000',
  });
  browser = await launchBrowser();
}, 90_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 20_000 });

/** A page whose first-visit tour is done, optionally in another UI language. */
async function open(
  viewport: 'mobile' | 'desktop',
  language?: string,
): Promise<{ page: Page; close: () => Promise<void> }> {
  const { context, page } = await newPage(browser, viewport);
  await context.addInitScript((lang) => {
    localStorage.setItem(btoa('CHAT_ASSISTANT__APP_FIRST_TOUR'), 'true');
    if (lang) localStorage.setItem('APP_GLOBAL_SETTINGS', JSON.stringify({ language: lang }));
  }, language ?? null);
  return { page, close: () => context.close() };
}

describe.each(['mobile', 'desktop'] as const)('rough edges in Chromium (%s)', (viewport) => {
  it('lands an external-access login without a target on chat?_n=2 (edge 16)', async () => {
    const { page, close } = await open(viewport);
    const timestamp = String(Date.now());
    const identity = `edges-${viewport}`;
    const token = signExternalAccess(PARTNER.secret, PARTNER.appId, timestamp, identity);
    const query = new URLSearchParams({ appId: PARTNER.appId, timestamp, identity, token });
    await page.goto(`${server.origin}/#/externalAccess?${query.toString()}`);
    await poll(() => page.evaluate(() => localStorage.getItem('APP_AUTH_TOKEN_KEY'))).toBeTruthy();
    await page.waitForURL(/\/chat\?_n=2$/);
    await page.getByTestId('chat-composer-input').waitFor();
    expect(new URL(page.url()).search).toBe('?_n=2');
    await snap(page, `edges-${viewport}-16-external-landing`);
    await close();
  });

  it('keeps the code field readable while the resend counts down, and names the code by the account (edge 8)', async () => {
    const { page, close } = await open(viewport);
    await page.goto(`${server.origin}/login`);
    const label = page.getByTestId('login-code-label');
    expect(await label.textContent()).toBe('验证码');
    await page.getByTestId('login-account').locator('input').fill(`edges.${viewport}@example.com`);
    expect(await label.textContent()).toBe('邮箱验证码');
    await page.getByTestId('login-send-code').click();
    await poll(() => page.getByTestId('login-send-code').textContent()).toMatch(/^\d+ 秒后重发$/);
    // The placeholder fits the field: its text is no wider than the field's room for text.
    const room = await page
      .getByTestId('login-code')
      .locator('input')
      .evaluate((input: HTMLInputElement) => {
        const style = getComputedStyle(input);
        const context = document.createElement('canvas').getContext('2d')!;
        context.font = `${style.fontSize} ${style.fontFamily}`;
        const text = context.measureText(input.placeholder).width;
        const box = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        return { text, box };
      });
    expect(room.box).toBeGreaterThanOrEqual(room.text);
    // The label keeps to one line, and nothing in the form scrolls sideways.
    const lines = await label.evaluate((element) => {
      const lineHeight = parseFloat(getComputedStyle(element).fontSize) * 1.6;
      return element.getBoundingClientRect().height / lineHeight;
    });
    expect(lines).toBeLessThan(1.2);
    expect(
      await page.evaluate(
        () => Array.from(document.querySelectorAll('.adm-form *')).filter((e) => e.scrollLeft > 0).length,
      ),
    ).toBe(0);
    await snap(page, `edges-${viewport}-08-countdown`);
    await close();
  });

  it('asks a sample question when tapped, and asks in English with English buttons (edge 1)', async () => {
    const { page, close } = await open(viewport, 'en');
    await page.goto(`${server.origin}/chat`);
    // A sample question is asked at once (issue 29), not only put in the composer.
    const sample = (await page.getByTestId('chat-suggestion-1').textContent())?.trim() ?? '';
    await page.getByTestId('chat-suggestion-1').click();
    expect((await page.getByTestId('chat-question').textContent())?.trim()).toBe(sample);
    await page.locator('[data-testid="chat-answer"][data-status="done"]').waitFor({ timeout: 30_000 });
    // The fixture corpus has nothing on the sample's topic (a polite answer without follow-ups): a question on a verse
    // it holds brings follow-ups. A follow-up would replace a draft: the confirmation is in English.
    await page.getByTestId('chat-composer-input').fill('What does John 3:16 say?');
    await page.getByTestId('chat-composer-send').click();
    await page.locator('[data-testid="chat-answer"][data-status="done"]').nth(1).waitFor({ timeout: 30_000 });
    await page.getByTestId('chat-composer-input').fill('my draft');
    await page.getByTestId('chat-followup-1').last().click();
    const dialog = page.locator('.adm-dialog-body').filter({ hasText: 'The input box already has text' });
    await dialog.waitFor();
    expect(await dialog.locator('button').allTextContents()).toEqual(['Cancel', 'OK']);
    await snap(page, `edges-${viewport}-01-english-dialog`);
    await close();
  });

  it('keeps 2,000 characters of a 5,000-character paste and says so (edge 2)', async () => {
    const { page, close } = await open(viewport);
    await page.goto(`${server.origin}/chat`);
    const input = page.getByTestId('chat-composer-input');
    await input.focus();
    await page.evaluate((text) => {
      const field = document.querySelector<HTMLTextAreaElement>('[data-testid="chat-composer-input"]')!;
      const data = new DataTransfer();
      data.setData('text/plain', text);
      field.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, '经'.repeat(5_000));
    await poll(() => input.inputValue().then((value) => value.length)).toBe(2_000);
    expect(await page.getByTestId('chat-composer-truncated').textContent()).toBe(
      '问题最长 2000 字，超出的部分没有保留',
    );
    expect(await page.getByTestId('chat-composer-count').textContent()).toBe('2000/2000');
    await snap(page, `edges-${viewport}-02-long-paste`);
    await close();
  });

  it('lets the reader pinch-zoom (edge 12)', async () => {
    const { page, close } = await open(viewport);
    await page.goto(`${server.origin}/about`);
    const viewportMeta = await page.locator('meta[name="viewport"]').getAttribute('content');
    expect(viewportMeta).not.toMatch(/maximum-scale|user-scalable=(no|0)/);
    await close();
  });
});
