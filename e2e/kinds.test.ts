import { describe, expect, it } from 'vitest';
import { newPage, snap } from './support/browser.ts';
import { answers, send, useServerAndBrowser } from './support/session.ts';

/**
 * Issues 12 and 28's journey on the offline composer (no model): a prayer asked for from the composer's kind control
 * comes back as a prayer whose petitions quote linked corpus verses, and a poem as a scripture cento listing its
 * verses; an off-topic question gets the polite redirect with its two
 * example questions and no verses; a question of fact is answered by the verse that states it, first. At 390×844 and
 * 1280×800, a screenshot per step.
 */
const run = useServerAndBrowser();

describe.each(['mobile', 'desktop'] as const)('prayer, poem and off-topic journey in Chromium (%s)', (viewport) => {
  it('asks for a prayer and a poem from the composer’s control, then an off-topic question', async () => {
    const { context, page } = await newPage(run.browser, viewport);
    await context.addInitScript(() => window.localStorage.setItem(btoa('CHAT_ASSISTANT__APP_FIRST_TOUR'), 'true'));
    await page.goto(`${run.server.origin}/chat`);
    await page.getByTestId('chat-welcome').waitFor();

    // 1. Choose a prayer in the composer: the control says so and the input asks for a theme.
    const kindSwitch = page.getByTestId('chat-kind-switch');
    expect(await kindSwitch.textContent()).toBe('问答');
    await kindSwitch.click();
    await page.getByTestId('chat-kind-option-prayer').click();
    await expect.poll(() => kindSwitch.textContent()).toBe('祷告');
    await page.getByTestId('chat-kind-option-prayer').waitFor({ state: 'hidden' });
    expect(await page.getByTestId('chat-composer-input').getAttribute('placeholder')).toBe(
      '输入祷告的主题，例如：为生病的家人',
    );
    // The toolbar fits the screen with the control in it.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await snap(page, `kinds-${viewport}-1-prayer-chosen`);

    // 2. The prayer prays the passages: each petition says or quotes its verse, linked to the corpus; no pasted
    // topic. It speaks to God: "天父，" or a verse's own address ("耶和华啊，").
    const prayer = await send(page, '我生病住院的母亲');
    const prayerText = (await prayer.getByTestId('chat-answer-content').textContent()) ?? '';
    expect(prayerText).toContain('祷告：我生病住院的母亲');
    expect(prayerText).toMatch(/天父，|啊，/u);
    expect(prayerText).not.toContain('带到你的面前');
    expect(prayerText.match(/（[^）]+）。/g)?.length ?? 0).toBeGreaterThanOrEqual(2);
    expect(prayerText).toContain('阿们');
    expect(prayerText).not.toContain('核心经文');
    // The answer says what was asked for, and offers another version.
    expect(await prayer.getByTestId('chat-answer-kind').textContent()).toBe('祷告');
    expect(await prayer.getByTestId('chat-answer-resend').getAttribute('aria-label')).toBe('换一个版本');
    const linked = prayer.locator('[data-testid^="chat-citation-"][data-status="linked"]');
    await expect.poll(() => linked.count()).toBeGreaterThanOrEqual(2);
    expect(await linked.allTextContents()).toContain('诗篇 23:4');
    await snap(page, `kinds-${viewport}-2-prayer`);
    // The control is back on answers for the next question.
    expect(await kindSwitch.textContent()).toBe('问答');

    // 2b. A poem: a scripture cento, every line a verse's words, the verses listed under it.
    await kindSwitch.click();
    await page.getByTestId('chat-kind-option-poem').click();
    await expect.poll(() => kindSwitch.textContent()).toBe('诗歌');
    const poem = await send(page, '神的爱');
    const poemText = (await poem.getByTestId('chat-answer-content').textContent()) ?? '';
    expect(poemText).toContain('诗歌：神的爱');
    expect(poemText).toContain('诗句出自：');
    expect(await poem.getByTestId('chat-answer-kind').textContent()).toBe('诗歌');
    expect(poemText).not.toContain('当我心里疲乏');
    const poemLinks = poem.locator('[data-testid^="chat-citation-"][data-status="linked"]');
    await expect.poll(() => poemLinks.count()).toBeGreaterThanOrEqual(2);
    await poem.scrollIntoViewIfNeeded();
    await snap(page, `kinds-${viewport}-2b-poem`);
    expect(await kindSwitch.textContent()).toBe('问答');

    // 3. An off-topic question: what the assistant is for, two example questions, no verses.
    const redirect = await send(page, '今天上海天气怎么样？推荐一家好吃的火锅店');
    const redirectText = (await redirect.getByTestId('chat-answer-content').textContent()) ?? '';
    expect(redirectText).toContain('我是圣经问答助手');
    expect(await redirect.locator('[data-testid^="chat-citation-"]').count()).toBe(0);
    expect((await redirect.getByTestId('chat-followup-1').textContent())?.trim()).toBe('神爱世人是什么意思？');
    await redirect.scrollIntoViewIfNeeded();
    await snap(page, `kinds-${viewport}-3-off-topic`);

    // 4. An example question asks a real one, answered from Scripture.
    await redirect.getByTestId('chat-followup-1').click();
    await expect.poll(() => answers(page).count()).toBe(4);
    const third = answers(page).nth(3);
    await expect.poll(() => third.getAttribute('data-status'), { timeout: 30_000 }).toBe('done');
    await third.locator('[data-testid^="chat-citation-"][data-status="linked"]').first().waitFor();
    await snap(page, `kinds-${viewport}-4-example-answered`);

    // 5. A question of number: the count stated first in the verse's words, then the verse that states it.
    const moses = await send(page, '摩西活了多少岁？');
    const first = moses.locator('[data-testid^="chat-citation-"][data-status="linked"]').first();
    expect((await first.textContent())?.trim()).toBe('申命记 34:7');
    const mosesText = (await moses.getByTestId('chat-answer-content').textContent()) ?? '';
    expect(mosesText.startsWith('简要回答：一百二十岁（申命记 34:7）。')).toBe(true);
    expect(mosesText).toContain('摩西死的时候年一百二十岁');
    await moses.scrollIntoViewIfNeeded();
    await snap(page, `kinds-${viewport}-5-fact-first`);
    await context.close();
  });
});
