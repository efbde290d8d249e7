import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessage } from '@bible-qa/contract';
import { readAudioFormat } from '../apps/api/src/speech/audio-format.ts';
import { FAKE_SPEECH_AUDIO, startFakeSpeech, type FakeSpeech } from '../apps/api/src/test/fake-speech.ts';
import { launchBrowser, newPage, SCREENSHOT_DIR, snap } from './support/browser.ts';
import { startServerWithCorpus, type RunningServer } from './support/server.ts';

const SPOKEN = 'What does John 3:16 say';
const TRANSCRIPT = 'What does John 3:16 say?';

let server: RunningServer;
let browser: Browser;
let speech: FakeSpeech;
let workDir: string;

beforeAll(async () => {
  // A real recording for the fake microphone: espeak-ng speaks the question into a WAV (about 2 s).
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bibleqa-voice-'));
  const wav = path.join(workDir, 'question.wav');
  execFileSync('espeak-ng', ['-w', wav, SPOKEN]);
  speech = await startFakeSpeech(TRANSCRIPT);
  server = await startServerWithCorpus({
    SPEECH_BASE_URL: speech.baseURL,
    SPEECH_API_KEY: 'sk-e2e',
    SPEECH_VOICE_MODEL: 'tts-1',
  });
  browser = await launchBrowser([
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    `--use-file-for-fake-audio-capture=${wav}`,
  ]);
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await speech?.close();
  if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
});

/** The chat screen as a returning guest sees it: the first-visit tour (its own journey) already done. */
async function openChat(viewport: 'mobile' | 'desktop') {
  const opened = await newPage(browser, viewport);
  await opened.context.addInitScript(() => {
    window.localStorage.setItem(btoa('CHAT_ASSISTANT__APP_FIRST_TOUR'), 'true');
  });
  await opened.page.goto(`${server.origin}/chat`);
  return opened;
}

/** Switches the composer to voice; if the toggle never shows, keeps a screenshot and the server's last log lines. */
async function voiceMode(page: Page, viewport: string) {
  try {
    await page.getByTestId('chat-voice-toggle').click({ timeout: 20_000 });
  } catch (error) {
    await snap(page, `voice-${viewport}-no-toggle`);
    const config = await page.evaluate(() => fetch('/webapi/portal/voice/config').then((r) => r.text()));
    throw new Error(`no voice toggle; config answered ${config}; server log:\n${server.logs.slice(-20).join('')}`, {
      cause: error,
    });
  }
  await page.getByTestId('chat-voice-hold').waitFor();
}

/** Presses the hold-to-speak button with the mouse, keeps it down for `ms`, optionally slides up, and releases. */
async function holdToSpeak(page: Page, ms: number, { slideUp = 0 }: { slideUp?: number } = {}) {
  const box = await page.getByTestId('chat-voice-hold').boundingBox();
  if (!box) throw new Error('the hold-to-speak button is not on screen');
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.waitForTimeout(ms);
  if (slideUp) await page.mouse.move(x, y - slideUp, { steps: 5 });
}

describe.each(['mobile', 'desktop'] as const)('voice input in Chromium (%s)', (viewport) => {
  it('holds to speak, releases to send, the recognised text is asked and answered, and the answer read aloud', async () => {
    const { context, page } = await openChat(viewport);
    await voiceMode(page, viewport);
    await snap(page, `voice-${viewport}-1-voice-mode`);

    const before = speech.transcriptions.length;
    await holdToSpeak(page, 2_500);
    const overlay = page.getByTestId('chat-voice-overlay');
    expect(await overlay.getAttribute('data-state')).toBe('recording');
    expect(await page.getByTestId('chat-voice-elapsed').textContent()).toMatch(/^0:0[1-3]$/);
    await snap(page, `voice-${viewport}-2-recording`);
    await page.mouse.up();

    await expect.poll(() => page.getByTestId('chat-question').textContent(), { timeout: 15_000 }).toBe(TRANSCRIPT);
    await snap(page, `voice-${viewport}-3-sent`);
    await page.locator('[data-testid="chat-answer"][data-status="done"]').waitFor({ timeout: 90_000 });
    await snap(page, `voice-${viewport}-4-answered`);

    // The speech endpoint got the browser's real recording: a WebM of about the time held, not a token payload.
    expect(speech.transcriptions.length).toBe(before + 1);
    const received = speech.transcriptions.at(-1)!;
    expect(received).toMatchObject({ model: 'whisper-1', filename: 'speech.webm', authorization: 'Bearer sk-e2e' });
    expect(received.audio.length).toBeGreaterThan(5_000);
    const format = readAudioFormat(received.audio);
    expect(format?.container).toBe('webm');
    // The recorder starts a moment after the press: 1.38 s of the 2.5 s held on a loaded machine.
    expect(format?.durationSeconds).toBeGreaterThan(1);
    expect(format?.durationSeconds).toBeLessThan(4);
    fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
    fs.writeFileSync(path.join(SCREENSHOT_DIR, `voice-${viewport}-recording.webm`), received.audio);

    // Read-aloud goes through the server's voice: the answer's text reaches /audio/speech and its bytes come back.
    const speeches = speech.speeches.length;
    const audio = page.waitForResponse((res) => res.url().includes('/webapi/portal/voice/to-audio'));
    await page.getByTestId('chat-read-aloud').first().click();
    const response = await audio;
    expect(response.headers()['content-type']).toBe('audio/mpeg');
    expect(response.headers()['content-length']).toBe(String(FAKE_SPEECH_AUDIO.length));
    expect(speech.speeches.length).toBe(speeches + 1);
    expect(String(speech.speeches.at(-1)!.body.input)).toContain('John 3:16');
    await snap(page, `voice-${viewport}-5-read-aloud`);
    await context.close();
  });

  it('refuses a press under a second as too short, and a slide up cancels; neither reaches the server', async () => {
    const { context, page } = await openChat(viewport);
    await voiceMode(page, viewport);
    const before = speech.transcriptions.length;

    await holdToSpeak(page, 300);
    await page.mouse.up();
    await page.getByText(errorMessage('voice_too_short', 'zh-cn')).waitFor();
    await snap(page, `voice-${viewport}-6-too-short`);

    await holdToSpeak(page, 1_500, { slideUp: 150 });
    expect(await page.getByTestId('chat-voice-overlay').getAttribute('data-state')).toBe('cancel');
    await snap(page, `voice-${viewport}-7-slide-to-cancel`);
    await page.mouse.up();
    await page.getByTestId('chat-voice-overlay').waitFor({ state: 'detached' });
    await page.waitForTimeout(500);
    expect(speech.transcriptions.length).toBe(before);
    expect(await page.getByTestId('chat-question').count()).toBe(0);
    await context.close();
  });
});
