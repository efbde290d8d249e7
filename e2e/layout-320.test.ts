import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { snap } from './support/browser.ts';
import { REPO_ROOT } from './support/server.ts';
import { loginByMail, useServerWithMail } from './support/session.ts';

/**
 * Every route of the spec §2 route table at 320 px wide (the narrowest phone): nothing overflows horizontally and the
 * NavBar's title does not run under its buttons. As a guest and logged in, where the screen differs.
 */
const WIDTH = 320;
const ROUTES: { path: string; testId: string; guestTestId?: string }[] = [
  { path: '/chat?_n=1', testId: 'page-chat' },
  { path: '/login', testId: 'page-login' },
  { path: '/login/mail', testId: 'page-login' },
  { path: '/login/mobile/pwd', testId: 'page-login' },
  { path: '/verify/mail/ruth%40example.com', testId: 'page-verify' },
  { path: '/reset-pwd/mail/ruth%40example.com', testId: 'page-reset-pwd' },
  // Setting a password needs a login: a guest is sent to the login page.
  { path: '/set-pwd/mail', testId: 'page-set-pwd', guestTestId: 'page-login' },
  { path: '/redirect/about', testId: 'page-about' },
  { path: '/devotionals', testId: 'page-devotionals' },
  { path: '/collections', testId: 'page-collections' },
  { path: '/collect', testId: 'page-collect' },
  { path: '/setting', testId: 'page-setting' },
  { path: '/about', testId: 'page-about' },
  { path: '/service', testId: 'page-service' },
  { path: '/policy', testId: 'page-policy' },
  { path: '/help', testId: 'page-help' },
  // Not in the spec's table: the chapter reader and search (issue 15).
  { path: '/read/JHN/3?v=16&p=kjv', testId: 'reader' },
  { path: `/search?q=${encodeURIComponent('世人')}`, testId: 'search-verses' },
];

interface LayoutProblem {
  kind: 'page-scrolls' | 'overflows' | 'overlaps';
  what: string;
  box?: { left: number; right: number };
}

/** Runs in the page: what sticks out of the viewport, and whether the NavBar title meets its side buttons. */
function findLayoutProblems(width: number): LayoutProblem[] {
  const problems: LayoutProblem[] = [];
  const root = document.scrollingElement ?? document.documentElement;
  if (root.scrollWidth > width) problems.push({ kind: 'page-scrolls', what: `scrollWidth ${root.scrollWidth}` });

  const describe = (el: Element) => {
    const id = el.getAttribute('data-testid');
    const cls = typeof el.className === 'string' ? el.className.split(' ').filter(Boolean).slice(0, 2).join('.') : '';
    const text = (el.textContent ?? '').trim().slice(0, 30);
    return `${el.tagName.toLowerCase()}${id ? `[${id}]` : ''}${cls ? `.${cls}` : ''} "${text}"`;
  };
  /** Visible to a person: rendered, not hidden, not a screen-reader-only clip, not inside a sideways scroller. */
  const counts = (el: Element): boolean => {
    const style = getComputedStyle(el);
    if (style.display === 'none' || style.visibility === 'hidden' || Number(style.opacity) === 0) return false;
    const rect = el.getBoundingClientRect();
    if (rect.width <= 1 || rect.height <= 1) return false;
    if (style.clip !== 'auto' && style.clip !== '' && style.position === 'absolute') return false;
    for (let parent = el.parentElement; parent; parent = parent.parentElement) {
      const ps = getComputedStyle(parent);
      if (ps.display === 'none') return false;
      // Content that a container scrolls or clips sideways is meant to extend past it.
      if (['auto', 'scroll', 'hidden', 'clip'].includes(ps.overflowX) && parent !== document.body) {
        const pr = parent.getBoundingClientRect();
        if (pr.left >= -0.5 && pr.right <= width + 0.5) return false;
      }
    }
    return true;
  };
  for (const el of Array.from(document.body.querySelectorAll('*'))) {
    if (!counts(el)) continue;
    const rect = el.getBoundingClientRect();
    if (rect.right > width + 0.5 || rect.left < -0.5) {
      problems.push({ kind: 'overflows', what: describe(el), box: { left: rect.left, right: rect.right } });
    }
  }

  for (const bar of Array.from(document.querySelectorAll('.adm-nav-bar'))) {
    if (!counts(bar)) continue;
    const title = bar.querySelector('.adm-nav-bar-title');
    if (!title) continue;
    const range = document.createRange();
    range.selectNodeContents(title);
    const text = range.getBoundingClientRect();
    if (text.width === 0) continue;
    const titleBox = title.getBoundingClientRect();
    // The title's text must fit its own box (or be cut off with an ellipsis), and no button may cover it.
    if (title.scrollWidth > title.clientWidth + 1 && getComputedStyle(title).textOverflow !== 'ellipsis') {
      problems.push({ kind: 'overlaps', what: `${describe(title)} is wider than its box` });
    }
    for (const side of Array.from(bar.querySelectorAll('.adm-nav-bar-left *, .adm-nav-bar-right *'))) {
      if (!counts(side)) continue;
      const box = side.getBoundingClientRect();
      const horizontal = Math.min(box.right, titleBox.right) - Math.max(box.left, titleBox.left);
      const vertical = Math.min(box.bottom, titleBox.bottom) - Math.max(box.top, titleBox.top);
      if (horizontal > 1 && vertical > 1) {
        problems.push({ kind: 'overlaps', what: `${describe(side)} covers the title ${describe(title)}` });
      }
    }
  }
  return problems;
}

const run = useServerWithMail();

async function open(options: { tourDone: boolean; token?: string }): Promise<Page> {
  const context = await run.browser.newContext({ viewport: { width: WIDTH, height: 640 }, locale: 'zh-CN' });
  await context.addInitScript(
    ({ tourDone, token }) => {
      if (tourDone) window.localStorage.setItem(btoa('CHAT_ASSISTANT__APP_FIRST_TOUR'), 'true');
      if (token) window.localStorage.setItem('APP_AUTH_TOKEN_KEY', token);
    },
    { tourDone: options.tourDone, token: options.token },
  );
  return context.newPage();
}

async function expectFits(page: Page, path: string, testId: string, shot: string): Promise<void> {
  await page.goto(`${run.server.origin}${path}`);
  await page.getByTestId(testId).first().waitFor();
  await page.waitForLoadState('networkidle');
  await snap(page, shot);
  const problems = await page.evaluate(findLayoutProblems, WIDTH);
  expect(problems, `${path} at ${WIDTH} px`).toEqual([]);
}

describe('the first visit to /chat', () => {
  it('downloads at most 200 KB of gzipped JavaScript, everything it fetches up to the tour counted', async () => {
    const page = await open({ tourDone: false });
    const scripts = new Set<string>();
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (request.resourceType() === 'script' && url.pathname.startsWith('/assets/')) scripts.add(url.pathname);
    });
    await page.goto(`${run.server.origin}/chat?_n=1`);
    await page.getByTestId('tour').waitFor();
    await page.waitForLoadState('networkidle');
    const bytes = [...scripts].map(
      (file) => gzipSync(fs.readFileSync(path.join(REPO_ROOT, 'apps/web/dist', file)), { level: 9 }).length,
    );
    const total = bytes.reduce((sum, size) => sum + size, 0);
    console.log(`first visit to /chat: ${scripts.size} scripts, ${(total / 1024).toFixed(1)} KB gzipped`);
    expect(scripts.size).toBeGreaterThan(3);
    expect(total).toBeLessThanOrEqual(200 * 1024);
    await page.context().close();
  });
});

describe(`every route at ${WIDTH} px`, () => {
  it('nothing overflows or overlaps on any route, as a guest', async () => {
    const page = await open({ tourDone: true });
    for (const { path, testId, guestTestId } of ROUTES) {
      await expectFits(page, path, guestTestId ?? testId, `layout-320-guest${path.replace(/[^a-z0-9]+/gi, '-')}`);
    }
    await page.context().close();
  });

  it('the check itself finds a planted overflow and a title run under a button', async () => {
    const page = await open({ tourDone: true });
    await page.goto(`${run.server.origin}/about`);
    await page.getByTestId('page-about').waitFor();
    expect(await page.evaluate(findLayoutProblems, WIDTH)).toEqual([]);
    await page.evaluate(() => {
      const wide = document.createElement('div');
      wide.style.width = '400px';
      wide.style.height = '10px';
      wide.dataset.testid = 'planted-wide';
      document.querySelector('[data-testid="page-about"] .page-body')?.appendChild(wide);
      const title = document.querySelector('.adm-nav-bar-title');
      const right = document.querySelector('.adm-nav-bar-right');
      if (title && right) {
        (title as HTMLElement).style.overflow = 'visible';
        const button = document.createElement('button');
        button.textContent = 'X';
        button.style.cssText = 'position:absolute;left:120px;top:0;width:60px;height:40px';
        right.appendChild(button);
      }
    });
    const problems = await page.evaluate(findLayoutProblems, WIDTH);
    expect(problems.map((p) => p.kind)).toEqual(expect.arrayContaining(['page-scrolls', 'overflows', 'overlaps']));
    expect(problems.some((p) => p.what.includes('planted-wide'))).toBe(true);
    await page.context().close();
  });

  it('the first-visit tour fits, on each of its steps', async () => {
    const page = await open({ tourDone: false });
    await page.goto(`${run.server.origin}/chat?_n=1`);
    for (const step of ['language', 'expression', 'interests', 'features']) {
      await expect.poll(() => page.getByTestId('tour').getAttribute('data-step')).toBe(step);
      await snap(page, `layout-320-tour-${step}`);
      expect(await page.evaluate(findLayoutProblems, WIDTH), `tour step ${step}`).toEqual([]);
      if (step !== 'features') await page.getByTestId('tour-next').click();
    }
    await page.context().close();
  });

  it('nothing overflows or overlaps on the routes that differ once logged in', async () => {
    const account = 'layout320@example.com';
    const token = (await loginByMail(run.server.origin, run.smtp, account)).access_token;
    const page = await open({ tourDone: true, token });
    for (const { path, testId } of ROUTES.filter((r) => /chat|collections|collect|setting|set-pwd/.test(r.path))) {
      await expectFits(page, path, testId, `layout-320-user${path.replace(/[^a-z0-9]+/gi, '-')}`);
    }
    await page.context().close();
  });
});
