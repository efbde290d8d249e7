import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPage, snap } from './support/browser.ts';
import { ask, loginByMail, signIn, useServerWithMail } from './support/session.ts';

const run = useServerWithMail();

const imageLoaded = (page: Page, testId: string) =>
  page
    .getByTestId(testId)
    .evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0))
    .catch(() => 0);

describe.each(['mobile', 'desktop'] as const)('sharing an answer in Chromium (%s)', (viewport) => {
  it('shares an answer as an image and a link, opens it logged out, revokes it and sees it gone', async () => {
    const tokens = await loginByMail(run.server.origin, run.smtp, `share-${viewport}@example.com`);
    const owner = await newPage(run.browser, viewport);
    await signIn(owner.context, tokens);
    const page = owner.page;
    const answer = await ask(page, run.server.origin, '神爱世人');
    await snap(page, `share-${viewport}-1-answer`);

    // The card, drawn by the server, in light and then dark.
    await answer.getByTestId('chat-share').click();
    const sheet = page.getByTestId('share-sheet');
    await sheet.getByTestId('share-card-image').waitFor();
    await expect.poll(() => imageLoaded(page, 'share-card-image')).toBe(1080);
    await expect(sheet.getByTestId('share-ai-label').textContent()).resolves.toContain('AI 生成');
    await snap(page, `share-${viewport}-2-card-light`);
    const [download] = await Promise.all([page.waitForEvent('download'), sheet.getByTestId('share-download').click()]);
    expect(download.suggestedFilename()).toBe('bible-qa-share-light.png');
    await sheet.getByTestId('share-theme-dark').click();
    await page.locator('[data-testid="share-card-image"][data-theme="dark"]').waitFor();
    await expect.poll(() => imageLoaded(page, 'share-card-image')).toBe(1080);
    await snap(page, `share-${viewport}-3-card-dark`);

    // A public link.
    await sheet.getByTestId('share-create-link').click();
    const url = await sheet.getByTestId('share-link-url').inputValue();
    expect(url).toMatch(new RegExp(`^${run.server.origin}/share/[A-Za-z0-9_-]{32}$`));
    const token = url.split('/').at(-1)!;
    await snap(page, `share-${viewport}-4-link`);

    // Someone else, logged out, opens it.
    const visitor = await newPage(run.browser, viewport);
    await visitor.page.goto(url);
    const shared = visitor.page.getByTestId('share-content');
    await shared.waitFor();
    await expect(shared.getByTestId('share-ai-label').textContent()).resolves.toContain('AI 生成');
    await expect(shared.getByTestId('share-question').textContent()).resolves.toContain('神爱世人');
    expect(await shared.getByTestId('share-verse').count()).toBeGreaterThan(0);
    await shared.getByTestId('share-card').scrollIntoViewIfNeeded();
    await expect.poll(() => imageLoaded(visitor.page, 'share-card')).toBe(1080);
    expect(await visitor.page.evaluate(() => window.localStorage.getItem('APP_AUTH_TOKEN_KEY'))).toBeNull();
    await visitor.page.evaluate(() => window.scrollTo(0, 0));
    await snap(visitor.page, `share-${viewport}-5-public-page`);

    // The owner revokes it in settings.
    await page.goto(`${run.server.origin}/setting`);
    await page.getByTestId('setting-share-links').click();
    const row = page.getByTestId(`share-link-${token}`);
    await row.waitFor();
    await snap(page, `share-${viewport}-6-my-links`);
    await page.getByTestId(`share-link-revoke-${token}`).click();
    await page.locator('.adm-dialog-button').filter({ hasText: '确定' }).click();
    await row.waitFor({ state: 'detached' });
    await snap(page, `share-${viewport}-7-revoked`);

    // The link is gone, and its card with it.
    await visitor.page.reload();
    await visitor.page.getByTestId('share-not-found').waitFor();
    const card = await visitor.page.evaluate(async (t) => {
      const res = await fetch(`/webapi/portal/share/public/${t}/card`);
      return { type: res.headers.get('content-type'), body: await res.json() };
    }, token);
    expect(card.body).toMatchObject({ code: 10006, data: null });
    await snap(visitor.page, `share-${viewport}-8-gone`);

    await visitor.context.close();
    await owner.context.close();
  }, 60_000);
});
