import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { REPO_ROOT } from './server.ts';

/**
 * The journeys run in Debian's headless shell (package chromium-headless-shell): the Blink and V8 of Debian's Chromium,
 * same version, without the desktop browser around them. A page load there costs a third of the CPU it costs in the
 * whole browser (0.4 s against 1.5 s on the fixture server), and the journeys load pages some two hundred times.
 */
export const HEADLESS_SHELL_PATH = process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';
/** The whole browser: the first-load measurement times what a reader's Chromium paints (e2e/first-load.test.ts). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const SCREENSHOT_DIR = path.join(REPO_ROOT, 'test-results', 'e2e');

export const VIEWPORTS = {
  mobile: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;

/**
 * Debian's Chromium headless (the headless shell unless `whole`), with the flags this closed network needs; a journey
 * may add its own (e.g. a fake microphone fed from a file).
 */
export async function launchBrowser(
  extraArgs: readonly string[] = [],
  options: { whole?: boolean } = {},
): Promise<Browser> {
  return chromium.launch({
    executablePath: options.whole ? CHROMIUM_PATH : journeyBrowserPath(),
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
      ...extraArgs,
    ],
  });
}

/**
 * The headless shell when installed; otherwise the whole browser, said once, so a machine with only `chromium`
 * still runs the journeys (more slowly). `npm test` installs the shell as root and names it when it cannot.
 */
function journeyBrowserPath(): string {
  try {
    fs.accessSync(HEADLESS_SHELL_PATH, fs.constants.X_OK);
    return HEADLESS_SHELL_PATH;
  } catch {
    if (!warnedNoShell) {
      warnedNoShell = true;
      console.warn(
        `${HEADLESS_SHELL_PATH} not found: the journeys run in ${CHROMIUM_PATH} (apt-get install chromium-headless-shell)`,
      );
    }
    return CHROMIUM_PATH;
  }
}
let warnedNoShell = false;

export async function newPage(
  browser: Browser,
  viewport: keyof typeof VIEWPORTS,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: VIEWPORTS[viewport], locale: 'zh-CN' });
  const page = await context.newPage();
  return { context, page };
}

/** Every journey step leaves a screenshot in test-results/e2e for a person to look at. */
export async function snap(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: false });
}
