import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPage, snap } from './support/browser.ts';
import { loginByMail, postApi, signIn, useServerWithMail, type LoginTokens } from './support/session.ts';

/**
 * Highlights, bookmarks and notes on verses (issue 29): marked in the chapter reader, kept on the account, so they
 * survive a reload and show on another device that logs in, in the notes list, and on an answer's citation.
 */
const run = useServerWithMail();

/** A second device's login: its QR ticket, confirmed by the logged-in phone, then collected by its poll. */
async function qrLogin(origin: string, phoneToken: string): Promise<LoginTokens> {
  const ticket = await postApi<{ ticket: string; pollSecret: string }>(origin, '/portal/auth/qr/create', {});
  const confirmed = await fetch(`${origin}/webapi/portal/auth/qr/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${phoneToken}` },
    body: JSON.stringify({ ticket: ticket.ticket }),
  });
  expect(((await confirmed.json()) as { code: number }).code).toBe(0);
  const polled = await postApi<{ login: LoginTokens | null }>(origin, '/portal/auth/qr/poll', { ...ticket, wait: 0 });
  return polled.login!;
}

const verse = (page: Page, n: number) => page.locator(`[data-testid="reader-verse"][data-ref-verse="${n}"]`);

describe('verse marks in Chromium', () => {
  it('a highlight and a note survive a reload and show on another device’s login, in the list and on a citation', async () => {
    const email = 'marks@example.com';
    const first = await newPage(run.browser, 'mobile');
    const phoneLogin = await loginByMail(run.server.origin, run.smtp, email);
    await signIn(first.context, phoneLogin);
    const page = first.page;
    await page.goto(`${run.server.origin}/read/JHN/3?t=cuv-hans`);
    await verse(page, 16).waitFor();

    // Pick 3:16-17 and highlight it yellow.
    await verse(page, 16).click();
    await verse(page, 17).click();
    await expect.poll(() => page.getByTestId('reader-verse-actions-title').textContent()).toBe('约翰福音 3:16-17');
    await snap(page, 'marks-1-picked');
    await page.getByTestId('reader-highlight-yellow').click();
    await expect.poll(() => verse(page, 17).getAttribute('data-highlight')).toBe('yellow');
    expect(await verse(page, 16).getAttribute('data-highlight')).toBe('yellow');
    expect(await verse(page, 18).getAttribute('data-highlight')).toBeNull();

    // A note on 3:16.
    await verse(page, 16).click();
    await page.getByTestId('reader-note').click();
    await page.getByTestId('reader-note-editor').getByRole('textbox').fill('神爱世人——这是我第一次读懂的经文');
    await page.getByTestId('reader-note-save').click();
    await verse(page, 16).getByTestId('reader-verse-note').waitFor();
    await snap(page, 'marks-2-highlighted-and-noted');

    await page.reload();
    await expect.poll(() => verse(page, 16).getAttribute('data-highlight'), { timeout: 15_000 }).toBe('yellow');
    await verse(page, 16).getByTestId('reader-verse-note').waitFor();
    await first.context.close();

    // Another device: a desktop logs in by the QR code the phone confirms, and sees the same marks, in another
    // translation too.
    const other = await newPage(run.browser, 'desktop');
    await signIn(other.context, await qrLogin(run.server.origin, phoneLogin.access_token));
    const desk = other.page;
    await desk.goto(`${run.server.origin}/read/JHN/3?t=kjv`);
    await expect.poll(() => verse(desk, 17).getAttribute('data-highlight'), { timeout: 15_000 }).toBe('yellow');
    await verse(desk, 16).getByTestId('reader-verse-note').click();
    await expect
      .poll(() => desk.getByTestId('reader-note-editor').getByRole('textbox').inputValue())
      .toBe('神爱世人——这是我第一次读懂的经文');
    await snap(desk, 'marks-3-other-device');
    await desk.keyboard.press('Escape');

    // The list: both, found by the note's words.
    await desk.goto(`${run.server.origin}/notes`);
    await expect.poll(() => desk.getByTestId('notes-item').count(), { timeout: 15_000 }).toBe(2);
    await desk.getByTestId('notes-search').locator('input').fill('第一次读懂');
    await desk.getByTestId('notes-search').locator('input').press('Enter');
    await expect.poll(() => desk.getByTestId('notes-item').count()).toBe(1);
    expect(await desk.getByTestId('notes-item').getAttribute('data-kind')).toBe('note');
    await snap(desk, 'marks-4-list-search');

    // An answer citing John 3:16 shows the reader's highlight on the citation.
    await desk.goto(`${run.server.origin}/chat?_n=1`);
    await desk.getByTestId('chat-composer-input').fill('约翰福音3:16是什么意思？');
    await desk.getByTestId('chat-composer-send').click();
    await desk.locator('[data-testid="chat-answer"][data-status="done"]').waitFor({ timeout: 30_000 });
    const citation = desk.locator('.chat-citation-linked[data-highlight="yellow"]').first();
    await citation.waitFor({ timeout: 15_000 });
    await citation.click();
    expect(await desk.getByTestId('chat-verse-preview-note').textContent()).toContain('这是我第一次读懂的经文');
    await snap(desk, 'marks-5-citation');
    await other.context.close();
  }, 150_000);
});
