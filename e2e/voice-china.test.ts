import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readWavPcm } from '../apps/api/src/speech/wav-pcm.ts';
import {
  startFakeAliyunNls,
  startFakeTencentCloud,
  type FakeAliyunNls,
  type FakeTencentCloud,
} from '../apps/api/src/test/fake-providers.ts';
import { launchBrowser, newPage, snap } from './support/browser.ts';
import { startServerWithCorpus, type RunningServer } from './support/server.ts';

/** What the reader says into the fake microphone (espeak-ng's Mandarin), and what the fake services hear. */
const SPOKEN = '约翰福音三章十六节说什么';
const TENCENT = { secretId: 'AKIDe2eSpeechChina01', secretKey: 'tencent-e2e-speech-secret' };
const ALIYUN = { accessKeyId: 'LTAI5tE2eSpeech01', accessKeySecret: 'aliyun-e2e-speech-secret', appKey: 'e2eNlsKey' };

interface Provider {
  name: 'tencent' | 'aliyun';
  viewport: 'mobile' | 'desktop';
  start(): Promise<FakeTencentCloud | FakeAliyunNls>;
  env(url: string): Record<string, string>;
  received(fake: FakeTencentCloud | FakeAliyunNls): Buffer[];
}

const providers: Provider[] = [
  {
    name: 'tencent',
    viewport: 'mobile',
    start: () => startFakeTencentCloud(TENCENT),
    env: (url) => ({
      SPEECH_PROVIDER: 'tencent',
      TENCENT_SECRET_ID: TENCENT.secretId,
      TENCENT_SECRET_KEY: TENCENT.secretKey,
      SPEECH_TENCENT_ENDPOINT: url,
    }),
    received: (fake) => (fake as FakeTencentCloud).recognitions.map((r) => r.audio),
  },
  {
    name: 'aliyun',
    viewport: 'desktop',
    start: () => startFakeAliyunNls(ALIYUN),
    env: (url) => ({
      SPEECH_PROVIDER: 'aliyun',
      ALIYUN_ACCESS_KEY_ID: ALIYUN.accessKeyId,
      ALIYUN_ACCESS_KEY_SECRET: ALIYUN.accessKeySecret,
      SPEECH_ALIYUN_APP_KEY: ALIYUN.appKey,
      SPEECH_ALIYUN_ENDPOINT: `${url}/stream/v1/asr`,
      SPEECH_ALIYUN_TOKEN_ENDPOINT: url,
    }),
    received: (fake) => (fake as FakeAliyunNls).recognitions.map((r) => r.audio),
  },
];

let browser: Browser;
let workDir: string;

beforeAll(async () => {
  // A real recording for the fake microphone: espeak-ng speaks the question in Mandarin into a WAV (about 4 s).
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bibleqa-voice-cn-'));
  const wav = path.join(workDir, 'question.wav');
  execFileSync('espeak-ng', ['-v', 'cmn', '-w', wav, SPOKEN]);
  browser = await launchBrowser([
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    `--use-file-for-fake-audio-capture=${wav}`,
  ]);
}, 60_000);
afterAll(async () => {
  await browser?.close();
  if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
});

/** Presses the hold-to-speak button with the mouse for `ms`, and releases it. */
async function holdToSpeak(page: Page, ms: number) {
  const box = await page.getByTestId('chat-voice-hold').boundingBox();
  if (!box) throw new Error('the hold-to-speak button is not on screen');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.waitForTimeout(ms);
  await page.mouse.up();
}

/**
 * Issue 25: voice for readers in mainland China. With SPEECH_PROVIDER=tencent and =aliyun against loopback fakes of
 * the two services (each checks the request's signature with its own code), a question spoken in Chinese into
 * Chromium's microphone becomes the question asked.
 */
describe.each(providers)('voice input in Chinese through SPEECH_PROVIDER=$name', (provider) => {
  let server: RunningServer;
  let fake: FakeTencentCloud | FakeAliyunNls;

  beforeAll(async () => {
    fake = await provider.start();
    server = await startServerWithCorpus(provider.env(fake.url));
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
    await fake?.close();
  });

  it('turns a question spoken in Chinese into the question asked, recorded as 16 kHz WAV', async () => {
    const { context, page } = await newPage(browser, provider.viewport);
    await context.addInitScript(() => {
      window.localStorage.setItem(btoa('CHAT_ASSISTANT__APP_FIRST_TOUR'), 'true');
    });
    await page.goto(`${server.origin}/chat`);
    await page.getByTestId('chat-voice-toggle').click({ timeout: 20_000 });
    await page.getByTestId('chat-voice-hold').waitFor();

    await holdToSpeak(page, 2_500);
    await expect.poll(() => page.getByTestId('chat-question').textContent(), { timeout: 15_000 }).toBe(SPOKEN);
    await snap(page, `voice-${provider.name}-${provider.viewport}-asked`);
    await page.locator('[data-testid="chat-answer"][data-status="done"]').waitFor({ timeout: 90_000 });

    // The service got the browser's real recording: 16 kHz mono PCM of about the time held, with sound in it.
    const received = provider.received(fake);
    expect(received).toHaveLength(1);
    const pcm = readWavPcm(received[0]!)!;
    expect(pcm).toMatchObject({ sampleRate: 16_000, channels: 1 });
    const seconds = pcm.samples.length / 16_000;
    // The recorder starts a moment after the press; on a loaded machine (two suites side by side) it caught 1.39 s of
    // the 2.5 s held. A second still tells a recording from a token payload.
    expect(seconds).toBeGreaterThan(1);
    expect(seconds).toBeLessThan(4);
    expect(pcm.samples.reduce((peak, s) => Math.max(peak, Math.abs(s)), 0)).toBeGreaterThan(1_000);
    expect(fake.refused).toEqual([]);
    await context.close();
  }, 90_000);
});
