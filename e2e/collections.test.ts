import { describe, expect, it } from 'vitest';
import { newPage, snap } from './support/browser.ts';
import { ask, loginByMail, signIn, useServerWithMail } from './support/session.ts';

const run = useServerWithMail();

describe.each(['mobile', 'desktop'] as const)('collections in Chromium (%s)', (viewport) => {
  it('tells a guest a login keeps its collection, then lists a collected answer, opens it and its conversation, and uncollects it', async () => {
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
    // The star turns at once; the server has the collect only once it answers (leaving the page aborts the request).
    const saved = page.waitForResponse((r) => r.url().endsWith('/webapi/portal/chat/collect') && r.ok());
    await answer.getByTestId('chat-collect').click();
    await page.locator('[data-testid="chat-collect"][aria-pressed="true"]').waitFor();
    await saved;

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
    // The conversation opens at its own address.
    await page.waitForURL(/\/chat\?id=[0-9a-f-]{36}$/);
    await page.locator(`[data-testid="chat-answer"][data-answer-id="${answerId}"]`).waitFor();
    expect(await page.getByTestId('chat-question').first().textContent()).toContain('神爱世人');
    await snap(page, `collections-${viewport}-5-conversation`);

    await page.goto(`${run.server.origin}/collections`);
    await page.getByTestId(`collection-uncollect-${answerId}`).click();
    await page.getByTestId('collections-empty').waitFor();
    await snap(page, `collections-${viewport}-6-uncollected`);
    await context.close();
  }, 60_000);

  it('keeps a collected answer, whole, when its conversation is deleted; the conversation’s link leaves the list', async () => {
    const tokens = await loginByMail(run.server.origin, run.smtp, `kept-${viewport}@example.com`);
    const { context, page } = await newPage(run.browser, viewport);
    await signIn(context, tokens);
    const answer = await ask(page, run.server.origin, '神爱世人');
    const answerId = (await answer.getAttribute('data-answer-id'))!;
    // The star turns at once; the server has the collect only once it answers (leaving the page aborts the request).
    const saved = page.waitForResponse((r) => r.url().endsWith('/webapi/portal/chat/collect') && r.ok());
    await answer.getByTestId('chat-collect').click();
    await page.locator('[data-testid="chat-collect"][aria-pressed="true"]').waitFor();
    await saved;
    const conversationId = new URL(page.url()).searchParams.get('id')!;
    // A public link to the answer, made as the share sheet does.
    const link = await fetch(`${run.server.origin}/webapi/portal/share/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens.access_token}` },
      body: JSON.stringify({ ids: [answerId] }),
    }).then((res) => res.json() as Promise<{ data: { token: string } }>);
    const token = link.data.token;

    // Delete the conversation from the history; the confirmation says what stays and what goes.
    await page.getByTestId('chat-history-open').click();
    await page.getByTestId(`chat-session-delete-${conversationId}`).click();
    const confirm = page.getByText('其中已收藏的回答仍会保留在“我的收藏”里，这个会话的分享链接将失效。', {
      exact: false,
    });
    await confirm.waitFor();
    await snap(page, `collections-${viewport}-7-delete-confirm`);
    await page.getByRole('dialog').getByRole('button', { name: '删除', exact: true }).click();
    await page.getByTestId('chat-welcome').waitFor();
    expect(new URL(page.url()).search).toBe('?_n=1');

    // The collected answer is still there, whole: its text, related books and follow-ups.
    await page.goto(`${run.server.origin}/collections`);
    const item = page.getByTestId('collection-item');
    await item.waitFor();
    expect(await item.getAttribute('data-answer-id')).toBe(answerId);
    await expect.poll(() => page.getByTestId(`collection-open-${answerId}`).count()).toBe(0);
    await item.click();
    const detail = page.getByTestId('collect-detail');
    await detail.waitFor();
    expect(await detail.getByTestId('collect-question').textContent()).toBe('神爱世人');
    expect((await detail.getByTestId('collect-answer').textContent())?.length).toBeGreaterThan(20);
    await detail.getByTestId('chat-related-books').waitFor();
    await detail.getByTestId('chat-followup-1').waitFor();
    expect(await detail.getByTestId('collect-conversation-deleted').textContent()).toContain('会话已删除');
    expect(await detail.getByTestId('collect-open-conversation').count()).toBe(0);
    await snap(page, `collections-${viewport}-8-kept-after-delete`);

    // The link of the deleted conversation no longer opens, and settings no longer list it.
    await page.goto(`${run.server.origin}/setting`);
    await page.getByTestId('setting-share-links').click();
    await page.getByTestId('share-links-empty').waitFor();
    expect(await page.getByTestId(`share-link-${token}`).count()).toBe(0);
    await snap(page, `collections-${viewport}-9-links-after-delete`);
    const shared = await fetch(`${run.server.origin}/webapi/portal/share/public/${token}`).then((res) => res.json());
    expect(shared.code).toBe(10006);
    await context.close();
  }, 90_000);
});
