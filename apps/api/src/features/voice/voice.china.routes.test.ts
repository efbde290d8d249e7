import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCode } from '@bible-qa/contract';
import type { DatabaseHandle } from '../../db/client.ts';
import { makeWav, makeWebm } from '../../test/audio-fixtures.ts';
import { openTestPglite } from '../../test/databases.ts';
import {
  startFakeAliyunNls,
  startFakeTencentCloud,
  type FakeAliyunNls,
  type FakeTencentCloud,
} from '../../test/fake-providers.ts';
import { buildTestApp } from '../../test/test-app.ts';
import { readWavPcm } from '../../speech/wav-pcm.ts';

const TENCENT = { secretId: 'AKIDspeechRoutes0001', secretKey: 'tencent-speech-secret-01' };
const ALIYUN = {
  accessKeyId: 'LTAI5tSpeechKeyId01',
  accessKeySecret: 'aliyun-speech-secret-01',
  appKey: 'nlsAppKey01',
};
const SPOKEN = '约翰福音三章十六节说什么';

/** A stereo 48 kHz 16-bit WAV, as another recorder might send: the server brings it to 16 kHz mono. */
function stereo48k(seconds: number): Buffer {
  const mono = readWavPcm(makeWav(seconds, { sampleRate: 48_000 }))!;
  const frames = mono.samples.length;
  const data = Buffer.alloc(frames * 4);
  for (let i = 0; i < frames; i += 1) {
    data.writeInt16LE(mono.samples[i]!, i * 4);
    data.writeInt16LE(mono.samples[i]!, i * 4 + 2);
  }
  const header = makeWav(0, { sampleRate: 48_000 }).subarray(0, 44);
  header.writeUInt32LE(36 + data.length, 4);
  header.writeUInt16LE(2, 22);
  header.writeUInt32LE(48_000 * 4, 28);
  header.writeUInt16LE(4, 32);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

interface Provider {
  name: 'tencent' | 'aliyun';
  start(): Promise<FakeTencentCloud | FakeAliyunNls>;
  env(url: string, secret: string): Record<string, string>;
  /** The audio the provider received last. */
  received(fake: FakeTencentCloud | FakeAliyunNls): Buffer;
}

const providers: Provider[] = [
  {
    name: 'tencent',
    start: () => startFakeTencentCloud(TENCENT),
    env: (url, secret) => ({
      SPEECH_PROVIDER: 'tencent',
      TENCENT_SECRET_ID: TENCENT.secretId,
      TENCENT_SECRET_KEY: secret,
      SPEECH_TENCENT_ENDPOINT: url,
    }),
    received: (fake) => (fake as FakeTencentCloud).recognitions.at(-1)!.audio,
  },
  {
    name: 'aliyun',
    start: () => startFakeAliyunNls(ALIYUN),
    env: (url, secret) => ({
      SPEECH_PROVIDER: 'aliyun',
      ALIYUN_ACCESS_KEY_ID: ALIYUN.accessKeyId,
      ALIYUN_ACCESS_KEY_SECRET: secret,
      SPEECH_ALIYUN_APP_KEY: ALIYUN.appKey,
      SPEECH_ALIYUN_ENDPOINT: `${url}/stream/v1/asr`,
      SPEECH_ALIYUN_TOKEN_ENDPOINT: url,
    }),
    received: (fake) => (fake as FakeAliyunNls).recognitions.at(-1)!.audio,
  },
];

/**
 * Issue 25, finding 8: voice input only worked with an OpenAI-compatible speech endpoint, none reachable from mainland
 * China. With SPEECH_PROVIDER=tencent (ASR SentenceRecognition, TC3-HMAC-SHA256) or aliyun (one-sentence recognition,
 * a token from CreateToken), against loopback fakes that check every signature with their own code.
 */
describe.each(providers)('voice input through SPEECH_PROVIDER=$name', (provider) => {
  let database: DatabaseHandle;
  let fake: FakeTencentCloud | FakeAliyunNls;
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let wrongKey: Awaited<ReturnType<typeof buildTestApp>>;
  let ip = 0;

  beforeAll(async () => {
    database = await openTestPglite();
    fake = await provider.start();
    const secret = provider.name === 'tencent' ? TENCENT.secretKey : ALIYUN.accessKeySecret;
    t = await buildTestApp({ database, env: provider.env(fake.url, secret) });
    wrongKey = await buildTestApp({ database, env: provider.env(fake.url, 'not-the-secret-key-0001') });
  });
  afterAll(async () => {
    await t.app.close();
    await wrongKey.app.close();
    await fake.close();
    await database.close();
  });

  const recognize = (app: typeof t, body: Buffer, durationMs: number, type = 'audio/wav') =>
    app.app.inject({
      method: 'POST',
      url: `/webapi/portal/voice/recognize?durationMs=${durationMs}`,
      headers: { 'content-type': type, locale: 'zh-cn' },
      remoteAddress: `10.8.0.${++ip}`,
      payload: body,
    });

  it('tells the web to record 16 kHz WAV', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/webapi/portal/voice/config' });
    expect(res.json().data).toMatchObject({ recognize: true, serverSpeech: false, recording: 'wav16k' });
  });

  it('turns a recorded question in Chinese into its text; the service gets 16 kHz mono WAV', async () => {
    const res = await recognize(t, makeWav(2.5), 2500);
    expect(res.json()).toEqual({ code: 0, msg: 'success', data: { text: SPOKEN } });
    const sent = readWavPcm(provider.received(fake))!;
    expect(sent).toMatchObject({ sampleRate: 16_000, channels: 1 });
    expect(sent.samples.length).toBe(40_000);
  });

  it('brings a 48 kHz stereo WAV to 16 kHz mono first', async () => {
    const res = await recognize(t, stereo48k(1.5), 1500);
    expect(res.json().data).toEqual({ text: SPOKEN });
    const sent = readWavPcm(provider.received(fake))!;
    expect(sent).toMatchObject({ sampleRate: 16_000, channels: 1 });
    expect(sent.samples.length).toBe(24_000);
  });

  it('refuses a recording that is no PCM WAV (what an older page records) before calling the service', async () => {
    const before =
      provider.name === 'tencent'
        ? (fake as FakeTencentCloud).recognitions.length
        : (fake as FakeAliyunNls).recognitions.length;
    const res = await recognize(t, makeWebm(2000), 2000, 'audio/webm');
    expect(res.json().code).toBe(errorCode('audio_unrecognised'));
    const after =
      provider.name === 'tencent'
        ? (fake as FakeTencentCloud).recognitions.length
        : (fake as FakeAliyunNls).recognitions.length;
    expect(after).toBe(before);
  });

  it('answers the voice-service message when the provider refuses our signature', async () => {
    const res = await recognize(wrongKey, makeWav(1.5), 1500);
    expect(res.json().code).toBe(errorCode('voice_service_failed'));
    expect(fake.refused.at(-1)).toMatch(/Signature/);
  });

  if (provider.name === 'aliyun') {
    it('keeps its token until it expires, then fetches a new one and tries again', async () => {
      const nls = fake as FakeAliyunNls;
      const issued = nls.tokensIssued;
      expect((await recognize(t, makeWav(1.2), 1200)).json().code).toBe(0);
      expect(nls.tokensIssued).toBe(issued);
      nls.expireTokens();
      expect((await recognize(t, makeWav(1.2), 1200)).json().code).toBe(0);
      expect(nls.tokensIssued).toBe(issued + 1);
      expect(nls.refused.at(-1)).toBe('40000001');
    });
  }
});
