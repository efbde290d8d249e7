import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { startSmtpPeer, type SmtpPeer } from '../../apps/api/src/test/smtp-peer.ts';
import { launchBrowser } from './browser.ts';
import { startServerWithCorpus, type RunningServer } from './server.ts';

export interface LoginTokens {
  access_token: string;
  user_token: string;
}

export interface MailedRun {
  server: RunningServer;
  browser: Browser;
  smtp: SmtpPeer;
}

export interface CorpusRun {
  server: RunningServer;
  browser: Browser;
}

/**
 * The real server on the fixture corpus, mailing its codes to a loopback SMTP peer, and Chromium: one of each per
 * worker process, shared by the files that use the two helpers below (the worker keeps its modules between files:
 * `isolate: false`). A server and a browser cost about 9 CPU-seconds to start, most of a short journey file. Each
 * file logs in with its own accounts and reads only what they own, so none sees another's. The per-address limits
 * a real reader meets are raised: every file's requests come from loopback. The worker kills the server as it exits;
 * the run's global teardown stops any a crashed worker left.
 */
let shared: Promise<MailedRun> | undefined;

function sharedRun(): Promise<MailedRun> {
  shared ??= (async () => {
    const smtp = await startSmtpPeer();
    const server = await startServerWithCorpus({
      SMTP_URL: smtp.url,
      GUEST_KEYS_PER_IP_PER_HOUR: '1000000',
      ASKS_PER_IP_PER_HOUR: '1000000',
      CODE_SENDS_PER_IP_PER_HOUR: '100000',
    });
    const noted = path.join(inject('e2eSharedPids'), String(server.pid));
    fs.writeFileSync(noted, server.dataDir);
    process.once('exit', () => {
      server.killNow();
      fs.rmSync(noted, { force: true });
    });
    const browser = await launchBrowser();
    return { server, browser, smtp };
  })();
  return shared;
}

/**
 * For one test file: the worker's loopback SMTP peer, its server mailing its codes there, and Chromium; the file's
 * own browser contexts are closed after it. Read the fields inside tests, not at load time.
 */
export function useServerWithMail(): MailedRun {
  const run = {} as MailedRun;
  beforeAll(async () => Object.assign(run, await sharedRun()), 150_000);
  afterAll(async () => {
    await Promise.all(run.browser?.contexts().map((context) => context.close()) ?? []);
  });
  return run;
}

/** For one test file: the worker's server on the fixture corpus and its Chromium. */
export function useServerAndBrowser(): CorpusRun {
  return useServerWithMail();
}

/** POSTs a JSON body to the server's /webapi path and returns the envelope's data; a non-zero code throws. */
export async function postApi<T>(origin: string, path: string, body: unknown): Promise<T> {
  const res = await fetch(`${origin}/webapi${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', locale: 'zh-cn' },
    body: JSON.stringify(body),
  });
  const envelope = (await res.json()) as { code: number; msg: string; data: T };
  if (envelope.code !== 0) throw new Error(`${path}: ${envelope.code} ${envelope.msg}`);
  return envelope.data;
}

/** Logs in by e-mail code through the API (the login screens have their own journey) and returns the tokens. */
export async function loginByMail(origin: string, smtp: SmtpPeer, email: string): Promise<LoginTokens> {
  const since = smtp.inbox.length;
  await postApi(origin, '/portal/auth/send-code-mail', { email });
  const code = await smtp.codeFor(email, { since });
  return postApi<LoginTokens>(origin, '/portal/auth/login-mail', { email, code, agree: true });
}

/**
 * Every page the context opens starts logged in with these tokens (unless a page has logged out or in since) and
 * with the first-visit tour seen (it has its own journey).
 */
export async function signIn(context: BrowserContext, tokens: LoginTokens): Promise<void> {
  await context.addInitScript(
    ([access, user]) => {
      window.localStorage.setItem(btoa('CHAT_ASSISTANT__APP_FIRST_TOUR'), 'true');
      if (!window.localStorage.getItem('APP_AUTH_TOKEN_KEY')) {
        window.localStorage.setItem('APP_AUTH_TOKEN_KEY', access);
        window.localStorage.setItem('APP_AUTH_REFRESH_TOKEN_KEY', user);
      }
    },
    [tokens.access_token, tokens.user_token] as const,
  );
}

/**
 * Opens the passage sheet from the preview of the reference clicked (its label holds `label`): at the desktop size a
 * second preview may have opened on hover, when the page scrolled another reference under the mouse.
 */
export async function openPassageFromPreview(page: Page, label: string): Promise<void> {
  await page
    .getByTestId('chat-verse-preview')
    .filter({ hasText: label })
    .getByTestId('chat-passage-open')
    .first()
    .click();
}

/** Asks a question on /chat and waits (up to 30 s) for the finished answer, which it returns. */
export async function ask(page: Page, origin: string, question: string): Promise<Locator> {
  await page.goto(`${origin}/chat`);
  await page.getByTestId('chat-composer-input').fill(question);
  await page.getByTestId('chat-composer-send').click();
  const answer = page.locator('[data-testid="chat-answer"][data-status="done"]');
  await answer.waitFor({ timeout: 30_000 });
  return answer;
}

/** The chat page's answers, oldest first. */
export const answers = (page: Page) => page.getByTestId('chat-answer');

/**
 * Sends a question from the chat page already open and waits (up to 90 s: at a load of 15–20 an answer took over
 * 30 s) for its new answer to finish.
 */
export async function send(page: Page, text: string): Promise<Locator> {
  const before = await answers(page).count();
  await page.getByTestId('chat-composer-input').fill(text);
  await page.getByTestId('chat-composer-send').click();
  await expect.poll(() => answers(page).count()).toBe(before + 1);
  const answer = answers(page).nth(before);
  await expect.poll(() => answer.getAttribute('data-status'), { timeout: 90_000 }).toBe('done');
  return answer;
}
