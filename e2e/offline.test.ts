import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPage, snap } from './support/browser.ts';
import { ask, loginByMail, signIn, useServerWithMail } from './support/session.ts';

/**
 * Installs and reads offline (issue 29, decision 0045): the app is installable (a manifest with its icons and a
 * service worker in control), and once a reader has read a chapter and had a conversation, the network can go away:
 * the app still opens, the chapter and the conversation are there, and what needs the network says so.
 */
const run = useServerWithMail();

/** Waits until the service worker is active and controls the page. */
async function workerInControl(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
}

const verses = (page: Page) =>
  page.getByTestId('reader-verse').evaluateAll((all) => all.map((verse) => verse.getAttribute('data-verse')));

describe('the installed app offline, in Chromium', () => {
  it('is installable, and opens a chapter and a conversation read before with the network off', async () => {
    const { context, page } = await newPage(run.browser, 'mobile');
    await signIn(context, await loginByMail(run.server.origin, run.smtp, 'offline.reader@example.com'));

    // Online, once the worker is in control: a conversation, then a chapter in the reader's translation (none
    // chosen: their language's).
    await page.goto(`${run.server.origin}/chat`);
    await workerInControl(page);
    const answer = await ask(page, run.server.origin, '约翰福音3:16是什么意思？');
    const answerText = (await answer.getByTestId('chat-answer-content').textContent()) ?? '';
    expect(answerText.length).toBeGreaterThan(0);
    const conversation = new URL(page.url()).searchParams.get('id');
    expect(conversation).toBeTruthy();

    // Installable: Chromium finds the manifest, its icons and a worker that answers fetches.
    const cdp = await context.newCDPSession(page);
    const manifest = await cdp.send('Page.getAppManifest');
    expect(manifest.errors).toEqual([]);
    expect(JSON.parse(manifest.data ?? '{}')).toMatchObject({ name: '圣经问答助手', display: 'standalone' });
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors.map((error) => error.errorId).filter((id) => id !== 'in-incognito')).toEqual([]);

    await page.goto(`${run.server.origin}/read/JHN/3`);
    await page.getByTestId('reader').waitFor();
    const online = await verses(page);
    expect(online).toHaveLength(36);

    // Offline: the app opens from what the worker kept; the chapter is whole, once.
    await context.setOffline(true);
    await page.reload();
    await page.getByTestId('reader').waitFor();
    expect(await verses(page)).toEqual(online);
    expect(await page.getByTestId('reader-verse').first().textContent()).toContain('法利赛人');
    const notice = page.getByTestId('offline-notice');
    expect(await notice.textContent()).toBe('当前离线：读过的章节、最近的对话和收藏仍可查看；提问、搜索和登录需要网络');
    await snap(page, 'offline-1-chapter-read-before');

    // A chapter never read needs the network, and says so.
    await page.getByTestId('reader-next').click();
    const failed = page.getByTestId('reader-error');
    await failed.waitFor();
    expect(await failed.textContent()).toContain('这一章还没有保存到本机，离线时无法打开，请连上网络后再试');
    await snap(page, 'offline-2-chapter-not-kept');

    // The conversation opens from its address with its answer.
    await page.goto(`${run.server.origin}/chat?id=${conversation}`);
    const kept = page.locator('[data-testid="chat-answer"][data-status="done"]');
    await kept.waitFor();
    expect(await kept.getByTestId('chat-answer-content').textContent()).toBe(answerText);

    // Asking needs the network, and says so.
    await page.getByTestId('chat-composer-input').fill('什么是恩典？');
    await page.getByTestId('chat-composer-send').click();
    const refused = page.locator('[data-testid="chat-answer"][data-status="failed"]');
    await refused.waitFor();
    expect(await refused.textContent()).toContain('提问需要网络连接，请连上网络后再发送');
    await snap(page, 'offline-3-ask-needs-network');

    // A page whose code was never fetched cannot open offline, and says so.
    await page.goto(`${run.server.origin}/about`);
    // The error screen asks the server whether it is there and says what it found: on a loaded machine that answer
    // (no network) comes after the screen is drawn.
    const error = page.getByTestId('route-error');
    await error.waitFor();
    await expect
      .poll(() => error.textContent())
      .toContain('这个页面还没有保存到本机，离线时无法打开，请连上网络后再试');

    // Back online, everything works again.
    await context.setOffline(false);
    await page.goto(`${run.server.origin}/read/JHN/4`);
    await page.getByTestId('reader').waitFor();
    expect(await page.getByTestId('offline-notice').count()).toBe(0);
    await context.close();
  });
});
