import { describe, expect, it } from 'vitest';
import { newPage, snap } from './support/browser.ts';
import { loginByMail, signIn, useServerWithMail } from './support/session.ts';

/**
 * Reading plans with progress (issue 29): the M'Cheyne plan started from the day's devotionals, a day's reading opened
 * in the chapter reader, the day marked read, and the progress and streak shown, kept on the account.
 */
const run = useServerWithMail();

describe('reading plans in Chromium', () => {
  it('a plan day marked read shows progress, after a reload too', async () => {
    const { context, page } = await newPage(run.browser, 'mobile');
    await signIn(context, await loginByMail(run.server.origin, run.smtp, 'plans@example.com'));
    // The fixture plan holds 1-3 January: the reader's clock says it is 1 January 2026.
    await page.clock.install({ time: new Date('2026-01-01T08:00:00') });

    // From the day's devotionals to the plan.
    await page.goto(`${run.server.origin}/devotionals`);
    await page.getByTestId('devotionals-plan-open').click();
    await page.waitForURL(/\/plans\/mcheyne$/);
    await page.getByTestId('plans-start').click();
    await page.getByTestId('plans-progress').waitFor();
    const day = page.getByTestId('plan-day');
    expect(await day.getAttribute('data-day')).toBe('1');
    expect(await page.getByTestId('plans-progress-percent').textContent()).toBe('已完成 0%');
    await snap(page, 'plans-1-started');

    // The first reading opens Genesis 1 in the chapter reader; back to the plan.
    await page.getByTestId('plan-reading-open-1').click();
    await page.waitForURL(/\/read\/GEN\/1$/);
    await page.locator('[data-testid="reader-verse"][data-ref-verse="1"]').waitFor();
    expect(await page.locator('[data-testid="reader-verse"][data-ref-verse="1"]').textContent()).toContain('起初');
    await page.goBack();
    await page.getByTestId('plan-day').waitFor();

    // One reading, then the whole day.
    await page.getByTestId('plan-reading-1').locator('.adm-checkbox').click();
    await expect.poll(() => page.getByTestId('plan-reading-1').getAttribute('data-read')).toBe('true');
    await expect.poll(() => page.getByTestId('plans-streak').textContent()).toBe('连续读经 1 天');
    await page.getByTestId('plan-day-mark').click();
    await expect.poll(() => page.getByTestId('plans-progress-percent').textContent()).toBe('已完成 33%');
    expect(await page.getByTestId('plans-progress-days').textContent()).toBe('读完 1 / 3 天');
    // The calendar is its own query, read again after the mark: it follows the progress a moment later.
    await expect.poll(() => page.getByTestId('plan-cell-1').getAttribute('data-state')).toBe('complete');
    await snap(page, 'plans-2-day-read');

    // Kept on the account: a reload, and the plans list, show the same.
    await page.reload();
    await expect.poll(() => page.getByTestId('plans-progress-percent').textContent()).toBe('已完成 33%');
    await page.goto(`${run.server.origin}/plans`);
    const card = page.getByTestId('plans-card-mcheyne');
    await expect.poll(() => card.getByTestId('plans-streak').textContent()).toBe('连续读经 1 天');
    expect(await card.getByTestId('plans-progress-days').textContent()).toBe('读完 1 / 3 天');
    await snap(page, 'plans-3-list');
    await context.close();
  }, 120_000);
});
