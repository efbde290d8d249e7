import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodePng } from '../apps/api/src/test/png.ts';
import { launchBrowser, newPage, snap } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';

const ADMIN_PHONE = '13300000009';
let server: RunningServer;
let browser: Browser;
let admin: Awaited<ReturnType<typeof loginByPhone>> | undefined;

beforeAll(async () => {
  server = await startServer({ ADMIN_ACCOUNTS: `+86${ADMIN_PHONE}` });
  browser = await launchBrowser();
}, 90_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A solid-colour RGB PNG made by hand (no image library in the e2e workspace). */
function solidPng(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x += 1) row.set([r, g, b], 1 + x * 3);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return encodePng(width, height, 2, raw);
}

async function api<T>(path: string, init: { method?: string; body?: object; token?: string } = {}): Promise<T> {
  const res = await fetch(`${server.origin}/webapi${path}`, {
    method: init.method ?? (init.body ? 'POST' : 'GET'),
    headers: {
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  const envelope = (await res.json()) as { code: number; msg: string; data: T };
  if (envelope.code !== 0) throw new Error(`${path}: ${envelope.code} ${envelope.msg}`);
  return envelope.data;
}

/** Logs in by phone code through the API (the code read from the development outbox). */
async function loginByPhone(phone: string) {
  await api('/portal/auth/sendCode', { body: { mobile: phone } });
  const messages = await api<{ to: string; text: string }[]>(`/dev/outbox?to=${encodeURIComponent(`+86${phone}`)}`);
  const code = /\d{6}/.exec(messages[0]?.text ?? '')?.[0];
  if (!code) throw new Error(`no code for ${phone}`);
  const login = await api<{ access_token: string; user_token: string }>('/portal/auth/login', {
    body: { mobile: phone, code, agree: true },
  });
  const user = await api<object>('/portal/member/info', { token: login.access_token });
  return { ...login, user };
}

/** Opens the app in the browser as this account: the tokens and user info where the app keeps them (spec §3). */
async function openAs(page: Page, account: Awaited<ReturnType<typeof loginByPhone>>, path: string) {
  await page.goto(`${server.origin}/about`);
  await page.evaluate((a) => {
    localStorage.setItem('APP_AUTH_TOKEN_KEY', a.access_token);
    localStorage.setItem('APP_AUTH_REFRESH_TOKEN_KEY', a.user_token);
    localStorage.setItem('app_user', JSON.stringify(a.user));
  }, account);
  await page.goto(`${server.origin}${path}`);
  try {
    await page.getByTestId(`page-${path.slice(1).replace(/\//g, '-')}`).waitFor({ timeout: 20_000 });
  } catch (error) {
    await snap(page, `feedback-failed-open-${path.slice(1).replace(/\//g, '-')}`);
    throw error;
  }
}

describe.each(['mobile', 'desktop'] as const)('feedback in Chromium (%s)', (viewport) => {
  it('sends feedback with two screenshots, sees it in the records, and then the admin’s reply', async () => {
    const phone = viewport === 'mobile' ? '13300000101' : '13300000102';
    const content = `答案引用了不存在的经文（${viewport}）`;
    const user = await loginByPhone(phone);
    const { context, page } = await newPage(browser, viewport);

    // Settings → Feedback.
    await openAs(page, user, '/setting');
    await page.getByTestId('setting-feedback').click();
    await page.getByTestId('feedback-form').waitFor();
    expect(await page.getByTestId('page-feedback-title').textContent()).toBe('意见反馈');
    await snap(page, `feedback-${viewport}-1-form`);

    // The §5 checks before anything is sent.
    await page.getByTestId('feedback-submit').click();
    expect(await page.getByTestId('feedback-error').textContent()).toBe('请选择反馈类型');
    await page.getByTestId('feedback-type-fabricated_facts').click();
    await page.getByTestId('feedback-submit').click();
    expect(await page.getByTestId('feedback-error').textContent()).toBe('请填写反馈内容');
    await page.getByTestId('feedback-content').locator('textarea').fill(content);
    await page.getByTestId('feedback-contact').locator('input').fill('not-a-contact');
    await page.getByTestId('feedback-submit').click();
    expect(await page.getByTestId('feedback-error').textContent()).toBe('请输入有效的手机号或邮箱，或不填联系方式');
    await page.getByTestId('feedback-contact').locator('input').fill('reader@example.org');
    await snap(page, `feedback-${viewport}-2-validation`);

    // A file over 2 MB fires the oversize message and is not sent; two screenshots upload.
    const input = page.locator('[data-testid="feedback-form"] input[type="file"]');
    await input.setInputFiles({
      name: 'huge.png',
      mimeType: 'image/png',
      buffer: Buffer.concat([solidPng(8, 8, [0, 0, 0]), Buffer.alloc(2 * 1024 * 1024)]),
    });
    await page.getByText('每张截图不能超过 2 MB（huge.png）').waitFor();
    expect(await page.getByTestId('feedback-shot').count()).toBe(0);
    await input.setInputFiles([
      { name: 'answer.png', mimeType: 'image/png', buffer: solidPng(390, 300, [30, 110, 200]) },
      { name: 'verse.png', mimeType: 'image/png', buffer: solidPng(300, 390, [200, 90, 40]) },
    ]);
    await page.locator('[data-testid="feedback-shot"][data-status="done"]').nth(1).waitFor();
    expect(await page.getByTestId('feedback-shot').count()).toBe(2);
    await snap(page, `feedback-${viewport}-3-screenshots`);

    // Sent: the records tab shows it with both screenshots, awaiting a reply.
    await page.getByTestId('feedback-submit').click();
    // The receipt number the policy promises, then the same number on the record.
    const receiptNo = (await page.getByTestId('feedback-receipt-no').textContent()) ?? '';
    expect(receiptNo).toMatch(/^FB-\d{8}-[0-9A-F]{8}$/);
    await snap(page, `feedback-${viewport}-4a-receipt`);
    await page.getByRole('button', { name: '知道了' }).click();
    const record = page.getByTestId('feedback-record').filter({ hasText: content });
    await record.waitFor();
    expect(await record.getByTestId('feedback-record-receipt').textContent()).toBe(`受理编号 ${receiptNo}`);
    expect(await record.getByTestId('feedback-record-status').textContent()).toBe('待回复');
    await record.locator('[data-testid="feedback-record-image"][data-loaded="true"]').nth(1).waitFor();
    expect(await record.getByTestId('feedback-record-image').count()).toBe(2);
    await snap(page, `feedback-${viewport}-4-records`);

    // An admin finds it on the admin page (reached from settings) and replies.
    // One admin login for both viewports: a second code within 60 s would be refused (the resend interval).
    admin ??= await loginByPhone(ADMIN_PHONE);
    const adminSide = await newPage(browser, viewport);
    await openAs(adminSide.page, admin, '/setting');
    await adminSide.page.getByTestId('setting-admin-feedback').click();
    const item = adminSide.page.getByTestId('admin-feedback-item').filter({ hasText: content });
    await item.waitFor();
    await item.locator('[data-testid="admin-feedback-image"][data-loaded="true"]').nth(1).waitFor();
    await snap(adminSide.page, `feedback-${viewport}-5-admin-list`);
    const reply = `谢谢指出，我们已修正（${viewport}）`;
    await item.getByTestId('admin-feedback-reply-input').locator('textarea').fill(reply);
    await item.getByTestId('admin-feedback-reply-send').click();
    await adminSide.page.getByText('回复已发送').waitFor();
    await snap(adminSide.page, `feedback-${viewport}-6-admin-replied`);
    await adminSide.context.close();

    // The user sees the reply in the records.
    await page.reload();
    await page.getByTestId('feedback-tab-records').click();
    const answered = page.getByTestId('feedback-record').filter({ hasText: content });
    await answered.getByTestId('feedback-record-reply').waitFor();
    expect(await answered.getByTestId('feedback-record-reply').textContent()).toContain(reply);
    expect(await answered.getByTestId('feedback-record-status').textContent()).toBe('已回复');
    await snap(page, `feedback-${viewport}-7-reply-seen`);

    // An ordinary user has no way into the admin page.
    await page.goto(`${server.origin}/admin/feedback`);
    await page.getByTestId('admin-feedback-forbidden').waitFor();
    await context.close();
  }, 60_000);
});
