import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCode, errorMessage, LOCALES, VOICE_MAX_AUDIO_BYTES } from '@bible-qa/contract';
import type { DatabaseHandle } from '../../db/client.ts';
import { makeWav, makeWebm } from '../../test/audio-fixtures.ts';
import { databaseTargets } from '../../test/databases.ts';
import { FAKE_SPEECH_AUDIO, startFakeSpeech, type FakeSpeech } from '../../test/fake-speech.ts';
import { buildTestApp } from '../../test/test-app.ts';
import { createTestUser } from '../../test/test-users.ts';

const now = new Date('2026-11-22T12:00:00Z');
let ipNo = 0;
/** Each test speaks from its own address, so the per-minute window of one never limits another. */
const nextIp = () => `10.0.${Math.floor(++ipNo / 200)}.${ipNo % 200}`;

describe.each(databaseTargets)('voice routes on $name', (target) => {
  let database: DatabaseHandle;
  let speech: FakeSpeech;
  let t: Awaited<ReturnType<typeof buildTestApp>>;

  beforeAll(async () => {
    database = await target.open();
    speech = await startFakeSpeech();
    t = await buildTestApp({
      database,
      clock: { now: () => now },
      env: {
        SPEECH_BASE_URL: speech.baseURL,
        SPEECH_API_KEY: 'sk-speech',
        SPEECH_VOICE_MODEL: 'tts-1',
        SPEECH_REQUESTS_PER_MINUTE: '5',
      },
    });
  });
  afterAll(async () => {
    await t.app.close();
    await speech.close();
    await database.close();
  });

  function recognize(
    body: Buffer | string,
    durationMs: number | string | undefined,
    contentType = 'audio/webm',
    ip = nextIp(),
  ) {
    return t.app.inject({
      method: 'POST',
      url: `/webapi/portal/voice/recognize${durationMs === undefined ? '' : `?durationMs=${durationMs}`}`,
      headers: { 'content-type': contentType, locale: 'en' },
      remoteAddress: ip,
      payload: body,
    });
  }

  it('says recognition and server read-aloud are on, with the 1 to 60 s limits', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/webapi/portal/voice/config' });
    expect(res.json()).toMatchObject({
      code: 0,
      data: { recognize: true, serverSpeech: true, minSeconds: 1, maxSeconds: 60, maxBytes: VOICE_MAX_AUDIO_BYTES },
    });
  });

  it('sends a 2.5 s WAV to /audio/transcriptions as multipart and answers its text', async () => {
    const wav = makeWav(2.5);
    const before = speech.transcriptions.length;
    const res = await recognize(wav, 2500, 'audio/wav');
    expect(res.json()).toEqual({ code: 0, msg: 'success', data: { text: 'What does John 3:16 say' } });
    expect(speech.transcriptions.length).toBe(before + 1);
    const sent = speech.transcriptions.at(-1)!;
    expect(sent).toMatchObject({ model: 'whisper-1', filename: 'speech.wav', mimeType: 'audio/wav' });
    expect(sent.authorization).toBe('Bearer sk-speech');
    expect(sent.audio.equals(wav)).toBe(true);
  });

  it('takes a Chromium WebM (type with codecs) and names it by its bytes', async () => {
    const webm = makeWebm(2480);
    const res = await recognize(webm, 2530, 'audio/webm;codecs=opus');
    expect(res.json().data).toEqual({ text: 'What does John 3:16 say' });
    expect(speech.transcriptions.at(-1)).toMatchObject({ filename: 'speech.webm', mimeType: 'audio/webm' });
    expect(speech.transcriptions.at(-1)!.audio.length).toBe(webm.length);
  });

  it.each([
    ['a declared 0.9 s', () => makeWebm(2480), 900, 'voice_too_short'],
    ['a declared 60.001 s', () => makeWebm(2480), 60_001, 'voice_too_long'],
    ['0.5 s of WAV declared as 2.5 s', () => makeWav(0.5), 2500, 'voice_too_short'],
    ['61 s of WebM declared as 30 s', () => makeWebm(61_000), 30_000, 'voice_too_long'],
    [
      'an HTML page sent as audio/webm',
      () => Buffer.from('<html><script>alert(1)</script></html>'),
      2500,
      'audio_unrecognised',
    ],
    ['an empty body', () => Buffer.alloc(0), 2500, 'audio_unrecognised'],
  ] as const)('refuses %s, and sends nothing on', async (_name, body, durationMs, error) => {
    const before = speech.transcriptions.length;
    const res = await recognize(body(), durationMs, 'audio/wav');
    expect(res.json()).toMatchObject({ code: errorCode(error), msg: errorMessage(error, 'en'), data: null });
    expect(speech.transcriptions.length).toBe(before);
  });

  it('refuses a recording over the size limit with the too-large message', async () => {
    const before = speech.transcriptions.length;
    const res = await recognize(Buffer.alloc(VOICE_MAX_AUDIO_BYTES + 1), 2500);
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe(errorCode('payload_too_large'));
    expect(speech.transcriptions.length).toBe(before);
  });

  it('refuses a body that is not audio, and a missing duration', async () => {
    const html = await recognize('<html></html>', 2500, 'text/html');
    expect(html.json().code).toBe(errorCode('unsupported_media_type'));
    const noDuration = await recognize(makeWav(2), undefined, 'audio/wav');
    expect(noDuration.json().code).toBe(errorCode('invalid_request'));
    const notNumber = await recognize(makeWav(2), 'abc', 'audio/wav');
    expect(notNumber.json().code).toBe(errorCode('invalid_request'));
  });

  it('answers the say-it-again message when nothing was recognised', async () => {
    speech.setTranscript('   ');
    try {
      const res = await recognize(makeWav(1.5), 1500, 'audio/wav');
      expect(res.json()).toMatchObject({
        code: errorCode('voice_no_text'),
        msg: 'No text was recognised, please say it again',
      });
    } finally {
      speech.setTranscript('What does John 3:16 say');
    }
  });

  it('answers the voice-service message, without the upstream detail, when the endpoint fails', async () => {
    speech.setTranscript({ status: 500 });
    try {
      const res = await recognize(makeWav(1.5), 1500, 'audio/wav');
      expect(res.json()).toMatchObject({ code: errorCode('voice_service_failed'), data: null });
      expect(res.body).not.toContain('upstream');
    } finally {
      speech.setTranscript('What does John 3:16 say');
    }
  });

  it('limits one address to the configured calls a minute, refused recordings included, before reading the body', async () => {
    const ip = nextIp();
    const before = speech.transcriptions.length;
    const codes: number[] = [];
    for (let i = 0; i < 2; i += 1) codes.push((await recognize(makeWav(0.3), 300, 'audio/wav', ip)).json().code);
    for (let i = 0; i < 3; i += 1) codes.push((await recognize(makeWav(1.2), 1200, 'audio/wav', ip)).json().code);
    codes.push((await recognize(makeWav(1.2), 1200, 'audio/wav', ip)).json().code);
    // Past the limit even an oversized body is refused as traffic: it was never read.
    codes.push((await recognize(Buffer.alloc(VOICE_MAX_AUDIO_BYTES + 1), 1200, 'audio/wav', ip)).json().code);
    const tooShort = errorCode('voice_too_short');
    const limited = errorCode('high_traffic');
    expect(codes).toEqual([tooShort, tooShort, 0, 0, 0, limited, limited]);
    expect(speech.transcriptions.length).toBe(before + 3);
    // Read-aloud shares the window; another address is not limited by it.
    const read = await t.app.inject({
      method: 'POST',
      url: '/webapi/portal/voice/to-audio',
      remoteAddress: ip,
      payload: { text: 'Amen' },
    });
    expect(read.json().code).toBe(limited);
    expect((await recognize(makeWav(1.2), 1200, 'audio/wav')).json().code).toBe(0);
  });

  it('counts a logged-in speaker by account, whatever the address, and refuses a dead token', async () => {
    const user = await createTestUser(database, 'speaker', now);
    const call = (ip: string, headers: Record<string, string> = user.headers) =>
      t.app.inject({
        method: 'POST',
        url: '/webapi/portal/voice/recognize?durationMs=1200',
        headers: { ...headers, 'content-type': 'audio/wav' },
        remoteAddress: ip,
        payload: makeWav(1.2),
      });
    const codes: number[] = [];
    for (let i = 0; i < 6; i += 1) codes.push((await call(nextIp())).json().code);
    expect(codes).toEqual([0, 0, 0, 0, 0, errorCode('high_traffic')]);
    expect((await call(nextIp(), { authorization: 'Bearer not-a-live-token' })).json().code).toBe(401);
  });

  it('returns the read-aloud audio untouched from /to-audio (spec §7)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/webapi/portal/voice/to-audio',
      remoteAddress: nextIp(),
      payload: { text: '神爱世人，甚至将他的独生子赐给他们。' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('audio/mpeg');
    expect(res.rawPayload.equals(FAKE_SPEECH_AUDIO)).toBe(true);
    expect(speech.speeches.at(-1)).toMatchObject({
      body: { model: 'tts-1', voice: 'alloy', input: '神爱世人，甚至将他的独生子赐给他们。' },
      authorization: 'Bearer sk-speech',
    });
  });

  it('refuses an empty or oversized read-aloud text in the envelope', async () => {
    for (const text of ['  ', 'x'.repeat(4097)]) {
      const res = await t.app.inject({ method: 'POST', url: '/webapi/portal/voice/to-audio', payload: { text } });
      expect(res.json().code).toBe(errorCode('invalid_request'));
    }
  });
});

describe('voice routes without a speech endpoint', () => {
  let database: DatabaseHandle;
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    database = await databaseTargets[0]!.open();
    t = await buildTestApp({ database });
  });
  afterAll(async () => {
    await t.app.close();
    await database.close();
  });

  it('says voice input is off and read-aloud is the browser’s', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/webapi/portal/voice/config' });
    expect(res.json().data).toMatchObject({ recognize: false, serverSpeech: false });
  });

  it.each(LOCALES)('refuses recognition as not available, in %s', async (locale) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/webapi/portal/voice/recognize?durationMs=2000',
      headers: { 'content-type': 'audio/wav', locale },
      payload: makeWav(2),
    });
    expect(res.json()).toMatchObject({
      code: errorCode('voice_recognition_unavailable'),
      msg: errorMessage('voice_recognition_unavailable', locale),
    });
  });

  it('refuses server read-aloud as not available', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/webapi/portal/voice/to-audio', payload: { text: 'Amen' } });
    expect(res.json().code).toBe(errorCode('read_aloud_unavailable'));
  });
});

describe('voice routes with a speech endpoint that never answers', () => {
  let database: DatabaseHandle;
  let speech: FakeSpeech;
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    database = await databaseTargets[0]!.open();
    speech = await startFakeSpeech('hang');
    t = await buildTestApp({ database, env: { SPEECH_BASE_URL: speech.baseURL, SPEECH_TIMEOUT_MS: '1000' } });
  });
  afterAll(async () => {
    await t.app.close();
    await speech.close();
    await database.close();
  });

  it('gives up after SPEECH_TIMEOUT_MS with the voice-service message', async () => {
    const started = Date.now();
    const res = await t.app.inject({
      method: 'POST',
      url: '/webapi/portal/voice/recognize?durationMs=1500',
      headers: { 'content-type': 'audio/wav' },
      payload: makeWav(1.5),
    });
    expect(res.json()).toMatchObject({ code: errorCode('voice_service_failed'), data: null });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(speech.transcriptions).toHaveLength(1);
  });
});
