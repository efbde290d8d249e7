import type { BrowserContext, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPage, snap } from './support/browser.ts';
import { ask, loginByMail, openPassageFromPreview, signIn, useServerWithMail } from './support/session.ts';

/**
 * The chapter reader and search (issue 15 items 4 and 5): open a citation, read its chapter, go to the next; search
 * finds a past conversation and a verse, opens a typed reference in the reader, and shows the empty state.
 */
const run = useServerWithMail();

async function tourSeen(context: BrowserContext) {
  await context.addInitScript(() => window.localStorage.setItem(btoa('CHAT_ASSISTANT__APP_FIRST_TOUR'), 'true'));
}

/** A box wholly inside the viewport (the part a reader sees without scrolling). */
async function inView(page: Page, locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const size = page.viewportSize()!;
  return box !== null && box.y >= 0 && box.y + Math.min(box.height, 40) <= size.height && box.x >= 0;
}

/** Nothing makes the page scroll sideways, and no chip's text is cut. */
async function fitsWidth(page: Page, chips: string): Promise<{ scrolls: boolean; clipped: string[] }> {
  return page.evaluate((selector) => {
    const root = document.scrollingElement ?? document.documentElement;
    const clipped = Array.from(document.querySelectorAll<HTMLElement>(selector))
      .filter((chip) => chip.scrollWidth > chip.clientWidth + 1)
      .map((chip) => chip.textContent ?? '');
    return { scrolls: root.scrollWidth > window.innerWidth, clipped };
  }, chips);
}

const path = (page: Page) => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};

describe.each(['mobile', 'desktop'] as const)('the chapter reader and search in Chromium (%s)', (viewport) => {
  it('opens a citation, reads its chapter, goes to the next one, and reads two texts side by side', async () => {
    const { context, page } = await newPage(run.browser, viewport);
    await tourSeen(context);
    const answer = await ask(page, run.server.origin, '约翰福音3:16是什么意思？');
    const citation = answer.locator('[data-testid^="chat-citation-"][data-status="linked"]', { hasText: '3:16' });
    await citation.first().click();
    await openPassageFromPreview(page, '3:16');

    // The passage sheet: the verse above the fold, the chips whole, only texts that hold John 3:16.
    const sheet = page.getByTestId('chat-passage');
    const verse = sheet.getByTestId('chat-passage-cuv-hans');
    await expect.poll(() => verse.textContent()).toContain('神爱世人');
    expect(await inView(page, verse)).toBe(true);
    const chips = sheet.locator('[data-testid^="chat-passage-chip-"]');
    await chips.first().waitFor();
    expect(await chips.evaluateAll((all) => all.map((c) => c.getAttribute('data-testid')))).toEqual([
      'chat-passage-chip-cuv-hans',
      'chat-passage-chip-kjv',
      'chat-passage-chip-drc',
    ]);
    expect(await fitsWidth(page, '.chat-passage .chip')).toEqual({ scrolls: false, clipped: [] });
    await snap(page, `reader-${viewport}-1-passage-sheet`);

    // Read the chapter: John 3 whole, verse 16 marked and in view.
    await sheet.getByTestId('chat-passage-read').click();
    await page.getByTestId('reader').waitFor();
    // The answer cites John 3:16 (or 3:16-17, its setting): those verses are marked, the first in view.
    const [, to = '16'] = /^\/read\/JHN\/3\?v=16(?:-(\d+))?&t=cuv-hans$/.exec(path(page)) ?? [];
    expect(path(page)).toMatch(/^\/read\/JHN\/3\?v=16(-\d+)?&t=cuv-hans$/);
    expect(await page.getByTestId('reader-verse').count()).toBe(36);
    const cited = page.locator('[data-testid="reader-verse"][data-cited="true"]');
    const citedVerses = Array.from({ length: Number(to) - 15 }, (_, i) => String(16 + i));
    expect(await cited.evaluateAll((all) => all.map((v) => v.getAttribute('data-verse')))).toEqual(citedVerses);
    await expect.poll(() => inView(page, cited.first())).toBe(true);
    expect(await page.getByTestId('reader-title').textContent()).toContain('约翰福音 3章');
    expect(await fitsWidth(page, '.reader-translations .chip')).toEqual({ scrolls: false, clipped: [] });
    await snap(page, `reader-${viewport}-2-chapter`);

    // The next chapter, in the same translation, then back.
    await page.getByTestId('reader-next').click();
    await page.waitForURL(/\/read\/JHN\/4\?t=cuv-hans$/);
    await expect.poll(() => page.getByTestId('reader-text').textContent()).toContain('主知道法利赛人');
    expect(await page.getByTestId('reader-title').textContent()).toContain('约翰福音 4章');
    await snap(page, `reader-${viewport}-3-next-chapter`);
    await page.getByTestId('reader-previous').click();
    await expect.poll(() => page.getByTestId('reader-title').textContent()).toContain('约翰福音 3章');

    // Two texts: side by side on a desktop, one under the other on a phone.
    await page.getByTestId('reader-parallel-toggle').click();
    const row = page.getByTestId('reader-row').nth(15);
    await expect.poll(() => row.getByTestId('reader-cell-parallel').textContent()).toContain('For God so loved');
    const left = (await row.getByTestId('reader-cell').boundingBox())!;
    const right = (await row.getByTestId('reader-cell-parallel').boundingBox())!;
    if (viewport === 'desktop') {
      expect(right.x).toBeGreaterThan(left.x + left.width - 1);
      expect(Math.abs(right.y - left.y)).toBeLessThan(2);
    } else {
      expect(Math.abs(right.x - left.x)).toBeLessThan(2);
      expect(right.y).toBeGreaterThanOrEqual(left.y + left.height - 1);
    }
    expect(path(page)).toBe('/read/JHN/3?t=cuv-hans&p=kjv');
    await snap(page, `reader-${viewport}-4-parallel`);

    // Another translation, and another book from the picker.
    await page.getByTestId('reader-parallel-toggle').click();
    await page.getByTestId('reader-translation-kjv').click();
    await expect.poll(() => page.getByTestId('reader-text').textContent()).toContain('For God so loved');
    await page.getByTestId('reader-title').click();
    await page.getByTestId('reader-picker-book-ROM').click();
    await page.getByTestId('reader-picker-chapter-8').click();
    await page.waitForURL(/\/read\/ROM\/8\?t=kjv$/);
    await expect.poll(() => page.getByTestId('reader-text').textContent()).toContain('no condemnation');
    await snap(page, `reader-${viewport}-5-picked`);
    await context.close();
  }, 90_000);

  it('opens a devotional reading in the reader', async () => {
    const { context, page } = await newPage(run.browser, viewport);
    await tourSeen(context);
    await page.clock.install({ time: new Date('2026-01-01T08:00:00') });
    await page.goto(`${run.server.origin}/devotionals`);
    const today = page.getByTestId('devotionals-today');
    await today.getByTestId('devotionals-plan-reading-1').click();
    await today.getByTestId('devotionals-plan-passage-1-read').click();
    await page.getByTestId('reader').waitFor();
    expect(path(page)).toMatch(/^\/read\/GEN\/1\?v=1-31&t=cuv-hans$/);
    await expect.poll(() => page.getByTestId('reader-text').textContent()).toContain('起初');
    await context.close();
  }, 60_000);

  it('finds a past conversation and a verse, opens a typed reference, and shows the empty state', async () => {
    const tokens = await loginByMail(run.server.origin, run.smtp, `search-${viewport}@example.com`);
    const { context, page } = await newPage(run.browser, viewport);
    await signIn(context, tokens);
    await ask(page, run.server.origin, '神爱世人');

    await page.getByTestId('chat-open-search').click();
    await page.waitForURL(/\/search$/);
    const input = page.getByTestId('search-input').locator('input');
    const search = async (q: string) => {
      await input.fill(q);
      await input.press('Enter');
    };
    await search('世人');
    const conversation = page.getByTestId('search-conversation').first();
    await conversation.waitFor();
    expect(await conversation.locator('mark').first().textContent()).toBe('世人');
    const verse = page.locator('[data-testid="search-verse"][data-ref="JHN.3.16"]');
    await verse.waitFor();
    expect(await verse.locator('mark').first().textContent()).toMatch(/世/);
    expect(await fitsWidth(page, '.search-item')).toMatchObject({ scrolls: false });
    await snap(page, `search-${viewport}-1-results`);

    // The conversation opens in the chat; back, and the verse opens in the reader.
    await conversation.click();
    await page.waitForURL(/\/chat/);
    await expect.poll(() => page.getByTestId('chat-question').first().textContent()).toContain('神爱世人');
    await page.goBack();
    await verse.click();
    await page.waitForURL(/\/read\/JHN\/3\?v=16&t=cuv-hans$/);
    await page.locator('[data-testid="reader-verse"][data-cited="true"][data-verse="16"]').waitFor();

    // A reference typed as the query goes straight to its passage and chapter.
    await page.goto(`${run.server.origin}/search`);
    await search('约翰福音3:16');
    const passage = page.getByTestId('search-passage');
    await expect.poll(() => passage.textContent()).toContain('神爱世人');
    await snap(page, `search-${viewport}-2-reference`);
    await passage.getByTestId('search-passage-open').click();
    await page.waitForURL(/\/read\/JHN\/3\?v=16&t=cuv-hans$/);

    // Nothing found: the spec's search empty state.
    await page.goto(`${run.server.origin}/search`);
    await search('xylophonezzq');
    await page.getByTestId('search-empty').waitFor();
    expect(await page.getByTestId('search-conversation').count()).toBe(0);
    await snap(page, `search-${viewport}-3-empty`);
    await context.close();

    // A guest sees the Bible, and its own conversations (none yet here).
    const guest = await newPage(run.browser, viewport);
    await tourSeen(guest.context);
    await guest.page.goto(`${run.server.origin}/search?q=${encodeURIComponent('世人')}`);
    await guest.page.locator('[data-testid="search-verse"][data-ref="JHN.3.16"]').waitFor();
    expect(await guest.page.getByTestId('search-conversation').count()).toBe(0);
    await snap(guest.page, `search-${viewport}-4-guest`);
    await guest.context.close();
  }, 120_000);
});
