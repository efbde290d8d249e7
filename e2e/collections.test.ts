import { describe, expect, it } from 'vitest';
import { newPage, snap } from './support/browser.ts';
import { ask, loginByMail, signIn, useServerWithMail } from './support/session.ts';

const run = useServerWithMail();

describe.each(['mobile', 'desktop'] as const)('collections in Chromium (%s)', (viewport) => {
  it('asks a guest to log in, then lists a collected answer, opens it and its conversation, and uncollects it', async () => {
    const guest = await newPage(run.browser, viewport);
    await guest.page.goto(`${run.server.origin}/collections`);
    await guest.page.getByTestId('collections-guest').waitFor();
    await snap(guest.page, `collections-${viewport}-1-guest`);
    await guest.context.close();

    const tokens = await loginByMail(run.server.origin, run.smtp, `collections-${viewport}@example.com`);
    const { context, page } = await newPage(run.browser, viewport);
    await signIn(context, tokens);
    await page.goto(`${run.server.origin}/collections`);
    await page.getByTestId('collections-empty').waitFor();
    await snap(page, `collections-${viewport}-2-empty`);

    const answer = await ask(page, run.server.origin, '神爱世人');
    const answerId = await answer.getAttribute('data-answer-id');
    await answer.getByTestId('chat-collect').click();
    await page.locator('[data-testid="chat-collect"][aria-pressed="true"]').waitFor();

    await page.goto(`${run.server.origin}/collections`);
    const item = page.getByTestId('collection-item');
    await item.waitFor();
    expect(await item.getAttribute('data-answer-id')).toBe(answerId);
    expect(await item.textContent()).toContain('神爱世人');
    expect(await page.getByTestId('collections-total').textContent()).toBe('共 1 条收藏');
    await snap(page, `collections-${viewport}-3-list`);

    await item.click();
    const detail = page.getByTestId('collect-detail');
    await detail.waitFor();
    expect(await detail.getByTestId('collect-question').textContent()).toBe('神爱世人');
    expect((await detail.getByTestId('collect-answer').textContent())?.length).toBeGreaterThan(20);
    await snap(page, `collections-${viewport}-4-detail`);

    await detail.getByTestId('collect-open-conversation').click();
    await page.waitForURL(/\/chat$/);
    await page.locator(`[data-testid="chat-answer"][data-answer-id="${answerId}"]`).waitFor();
    expect(await page.getByTestId('chat-question').first().textContent()).toContain('神爱世人');
    await snap(page, `collections-${viewport}-5-conversation`);

    await page.goto(`${run.server.origin}/collections`);
    await page.getByTestId(`collection-uncollect-${answerId}`).click();
    await page.getByTestId('collections-empty').waitFor();
    await snap(page, `collections-${viewport}-6-uncollected`);
    await context.close();
  }, 60_000);
});
