import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, snap } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';

/**
 * SMS pumping (issue 13): the first code from an address goes at once; once a code from there waits unused, the
 * login form shows the captcha the server asks for, a wrong answer draws a new one, and the right one sends the code,
 * which logs in. A code used gives the address its place back (issue 29: readers behind a carrier's shared address
 * at their first login). The drawn answers are read from the development outbox (DEV_OUTBOX), as the codes are.
 */
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer({ CORPUS_AUTO_INGEST: 'false', CODE_SENDS_WITHOUT_CAPTCHA_PER_IP: '1' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const isCaptchaCall = (url: string) => new URL(url).pathname.endsWith('/portal/auth/captcha/codeCaptcha');
const input = (page: Page, testId: string) => page.getByTestId(testId).locator('input');

async function outbox(to: string): Promise<{ text: string; sentAt: string }[]> {
  const res = await fetch(`${server.origin}/webapi/dev/outbox?to=${encodeURIComponent(to)}`);
  return ((await res.json()) as { data: { text: string; sentAt: string }[] }).data;
}

async function smsCode(phone: string): Promise<string> {
  for (let i = 0; i < 150; i++) {
    const code = (await outbox(`+86${phone}`))[0]?.text.match(/(?<!\d)(\d{6})(?!\d)/)?.[1];
    if (code) return code;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no SMS code for ${phone}`);
}

/** Opens the login page and sends a code to `phone`; with `captcha`, answers the key of the captcha it asked for. */
async function startCodeLogin(page: Page, phone: string, captcha: boolean): Promise<string | null> {
  await page.goto(`${server.origin}/login`);
  await input(page, 'login-account').fill(phone);
  const issued = captcha ? page.waitForResponse((r) => isCaptchaCall(r.url())) : null;
  await page.getByTestId('login-send-code').click();
  return issued && ((await (await issued).json()) as { data: { key: string } }).data.key;
}

async function finishLogin(page: Page, phone: string) {
  await input(page, 'login-code').fill(await smsCode(phone));
  await page.getByTestId('login-agreement').click();
  await page.getByTestId('login-submit').click();
  await page.waitForURL(/\/chat\?_n=1$/);
}

describe('the captcha before a further code from one address, in Chromium', () => {
  it('sends codes at once while none waits unused, then asks for the captcha, refuses a wrong one, takes the right one', async () => {
    const first = await newPage(browser, 'mobile');
    await startCodeLogin(first.page, '13900139101', false);
    await expect.poll(() => first.page.getByTestId('login-send-code').textContent()).toMatch(/\d+ 秒后重发/);
    expect(await first.page.getByTestId('login-captcha').count()).toBe(0);
    await finishLogin(first.page, '13900139101');
    await first.context.close();

    // Another reader behind the same address: the first code was used, so theirs goes at once too; they leave it.
    const second = await newPage(browser, 'mobile');
    await startCodeLogin(second.page, '13900139104', false);
    await expect.poll(() => second.page.getByTestId('login-send-code').textContent()).toMatch(/\d+ 秒后重发/);
    expect(await second.page.getByTestId('login-captcha').count()).toBe(0);
    await second.context.close();

    for (const viewport of ['mobile', 'desktop'] as const) {
      const name = `login-captcha-${viewport}`;
      const phone = viewport === 'mobile' ? '13900139102' : '13900139103';
      const { context, page } = await newPage(browser, viewport);
      const key = await startCodeLogin(page, phone, true);
      expect(key).toBeTruthy();
      await expect
        .poll(() => page.getByTestId('login-captcha-image').getAttribute('src'))
        .toMatch(/^data:image\/png;base64,/);
      expect(await page.getByTestId('login-send-code').textContent()).toBe('获取验证码');
      await snap(page, `${name}-1-captcha-asked`);

      const next = page.waitForResponse((r) => isCaptchaCall(r.url()));
      await input(page, 'login-captcha').fill('wrong1');
      await page.getByTestId('login-send-code').click();
      const nextKey = ((await (await next).json()) as { data: { key: string } }).data.key;
      expect(nextKey).not.toBe(key);
      await expect.poll(() => input(page, 'login-captcha').inputValue()).toBe('');
      expect(await outbox(`+86${phone}`)).toEqual([]);
      await snap(page, `${name}-2-new-captcha-after-a-wrong-one`);

      const [drawn] = await outbox(nextKey);
      await input(page, 'login-captcha').fill(drawn!.text.toUpperCase());
      await page.getByTestId('login-send-code').click();
      await expect.poll(() => page.getByTestId('login-send-code').textContent()).toMatch(/\d+ 秒后重发/);
      await expect.poll(() => page.getByTestId('login-captcha').count()).toBe(0);
      await snap(page, `${name}-3-code-sent`);
      await finishLogin(page, phone);
      await snap(page, `${name}-4-logged-in`);
      await context.close();
    }
  });
});
