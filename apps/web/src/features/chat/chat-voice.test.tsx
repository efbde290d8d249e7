import { Globals } from '@react-spring/web';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorMessage } from '@bible-qa/contract';
import { renderApp } from '../../test/render-app.tsx';
import { answerOf, envelope, eventStreamResponse, fakeServer, metaEvent, sse } from './chat-fixtures.ts';
import { CHAT_PATHS } from './chat.queries.ts';
import { answerAt, waitForStatus } from './chat-test-helpers.ts';
import { VOICE_OFF } from '../../lib/voice-config.ts';
import { VOICE_PATHS } from './voice.queries.ts';
import { findToast } from '../../test/toasts.ts';

Globals.assign({ skipAnimation: true });

const VOICE_ON = { ...VOICE_OFF, recognize: true };
const RECOGNISED = 'What does John 3:16 say';
const RECORDED = new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 1, 2, 3, 4]);

/** The recorder's clock: performance.now plus what the test has let pass. */
let passed = 0;
const realNow = performance.now.bind(performance);

/** MediaRecorder as far as the app uses it: one chunk of the preferred type at stop. */
class FakeMediaRecorder {
  static isTypeSupported = (type: string) => type === 'audio/webm;codecs=opus';
  static instances: FakeMediaRecorder[] = [];
  state: 'inactive' | 'recording' = 'inactive';
  readonly mimeType: string;
  ondataavailable: ((event: { data: Blob }) => void) | null = null;
  onstop: ((event: Event) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  constructor(_stream: unknown, options?: { mimeType?: string }) {
    this.mimeType = options?.mimeType ?? '';
    FakeMediaRecorder.instances.push(this);
  }
  start() {
    this.state = 'recording';
  }
  stop() {
    this.state = 'inactive';
    queueMicrotask(() => {
      this.ondataavailable?.({ data: new Blob([RECORDED], { type: this.mimeType }) });
      this.onstop?.(new Event('stop'));
    });
  }
}

const track = { stop: vi.fn() };
const getUserMedia = vi.fn(async () => ({ getTracks: () => [track] }));

function installMicrophone({ recorder = true }: { recorder?: boolean } = {}) {
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
  if (recorder) vi.stubGlobal('MediaRecorder', FakeMediaRecorder);
}

/** jsdom's Blob has no arrayBuffer(); FileReader it has. */
function bytesOf(blob: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}

/** jsdom has no PointerEvent, and a plain Event drops clientY: a MouseEvent with a pointer id stands in. */
class TestPointerEvent extends MouseEvent {
  readonly pointerId: number;
  constructor(type: string, init: PointerEventInit = {}) {
    super(type, init);
    this.pointerId = init.pointerId ?? 1;
  }
}

beforeEach(() => {
  vi.stubGlobal('PointerEvent', TestPointerEvent);
  passed = 0;
  vi.spyOn(performance, 'now').mockImplementation(() => realNow() + passed);
  FakeMediaRecorder.instances = [];
  getUserMedia.mockClear();
  track.stop.mockClear();
});
afterEach(() => {
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, 'mediaDevices');
});

/** /chat over a fake server; the recognise call's raw body is kept, since the fake reads only JSON bodies. */
async function renderVoiceChat(handlers: Parameters<typeof fakeServer>[0] = {}) {
  const sent: { body: unknown; contentType: string | null; durationMs: string | null }[] = [];
  const server = fakeServer({
    [VOICE_PATHS.config]: () => envelope(VOICE_ON),
    [VOICE_PATHS.recognize]: () => envelope({ text: RECOGNISED }),
    [CHAT_PATHS.ask]: () =>
      eventStreamResponse(sse(metaEvent()) + sse({ type: 'done', answer: answerOf({ content: '神爱世人。' }) })),
    ...handlers,
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname.endsWith(VOICE_PATHS.recognize)) {
        sent.push({
          body: init.body,
          contentType: new Headers(init.headers).get('Content-Type'),
          durationMs: url.searchParams.get('durationMs'),
        });
      }
      return server.fetch(input, init);
    }),
  );
  const { toast } = renderApp('/chat');
  await screen.findByTestId('chat-composer-input');
  return { server, sent, toast };
}

async function voiceMode(): Promise<HTMLElement> {
  fireEvent.click(await screen.findByTestId('chat-voice-toggle'));
  // The recorder loads when the reader turns to voice.
  return screen.findByTestId('chat-voice-hold');
}

/** Presses the hold button, lets `ms` pass on the recorder's clock, then releases at `releaseY`. */
async function hold(button: HTMLElement, ms: number, { releaseY = 500 }: { releaseY?: number } = {}) {
  fireEvent.pointerDown(button, { pointerId: 1, button: 0, clientY: 500 });
  await waitFor(() => expect(FakeMediaRecorder.instances.at(-1)?.state).toBe('recording'));
  passed += ms;
  if (releaseY !== 500) fireEvent.pointerMove(button, { pointerId: 1, clientY: releaseY });
  fireEvent.pointerUp(button, { pointerId: 1, clientY: releaseY });
}

describe('chat composer: hold to speak', () => {
  it('offers no voice input when the server cannot recognise speech', async () => {
    installMicrophone();
    await renderVoiceChat({ [VOICE_PATHS.config]: () => envelope(VOICE_OFF) });
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(screen.queryByTestId('chat-voice-toggle')).toBeNull();
  });

  it('records while held, shows the time and the cancel zone, then sends the recognised text as the question', async () => {
    installMicrophone();
    let finish!: () => void;
    const { sent, server } = await renderVoiceChat({
      [VOICE_PATHS.recognize]: () =>
        new Promise<Response>((resolve) => {
          finish = () => resolve(envelope({ text: RECOGNISED }));
        }),
    });
    const button = await voiceMode();
    expect(button.textContent).toBe('按住 说话');

    fireEvent.pointerDown(button, { pointerId: 1, button: 0, clientY: 500 });
    const overlay = await screen.findByTestId('chat-voice-overlay');
    expect(overlay.dataset.state).toBe('recording');
    expect(within(overlay).getByTestId('chat-voice-cancel-zone').textContent).toBe('上滑取消');
    await waitFor(() => expect(FakeMediaRecorder.instances[0]?.state).toBe('recording'));
    expect(FakeMediaRecorder.instances[0]!.mimeType).toBe('audio/webm;codecs=opus');
    passed += 2_500;
    await waitFor(() => expect(screen.getByTestId('chat-voice-elapsed').textContent).toBe('0:02'));
    fireEvent.pointerUp(button, { pointerId: 1, clientY: 490 });

    expect(await screen.findByTestId('chat-voice-recognising')).toBeTruthy();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.contentType).toBe('audio/webm;codecs=opus');
    expect(Number(sent[0]!.durationMs)).toBeGreaterThanOrEqual(2_500);
    expect(Number(sent[0]!.durationMs)).toBeLessThan(3_500);
    expect(await bytesOf(sent[0]!.body as Blob)).toEqual(RECORDED);
    expect(track.stop).toHaveBeenCalled();

    finish();
    expect((await screen.findByTestId('chat-question')).textContent).toBe(RECOGNISED);
    await waitFor(() => expect(server.callsTo(CHAT_PATHS.ask)).toHaveLength(1));
    expect(server.callsTo(CHAT_PATHS.ask)[0]!.body).toMatchObject({ question: RECOGNISED });
    expect(screen.queryByTestId('chat-voice-overlay')).toBeNull();
  });

  it('refuses a press under a second as too short, and sends nothing', async () => {
    installMicrophone();
    const { sent } = await renderVoiceChat();
    await hold(await voiceMode(), 400);
    await findToast(errorMessage('voice_too_short', 'zh-cn'));
    expect(sent).toHaveLength(0);
    expect(track.stop).toHaveBeenCalled();
  });

  it('stops at 60 seconds with the over-60-seconds message, and sends nothing', async () => {
    installMicrophone();
    const { sent } = await renderVoiceChat();
    fireEvent.pointerDown(await voiceMode(), { pointerId: 1, button: 0, clientY: 500 });
    await waitFor(() => expect(FakeMediaRecorder.instances[0]?.state).toBe('recording'));
    passed += 50_500;
    await waitFor(() => expect(screen.getByTestId('chat-voice-hint').textContent).toBe('还可以说 10 秒'));
    passed += 9_600;
    await findToast(errorMessage('voice_too_long', 'zh-cn'));
    await waitFor(() => expect(screen.queryByTestId('chat-voice-overlay')).toBeNull());
    expect(FakeMediaRecorder.instances[0]!.state).toBe('inactive');
    expect(track.stop).toHaveBeenCalled();
    expect(sent).toHaveLength(0);
  });

  it('cancels when the pointer slides up before the release', async () => {
    installMicrophone();
    const { sent, server } = await renderVoiceChat();
    const button = await voiceMode();
    fireEvent.pointerDown(button, { pointerId: 1, button: 0, clientY: 500 });
    await waitFor(() => expect(FakeMediaRecorder.instances[0]?.state).toBe('recording'));
    passed += 3_000;
    fireEvent.pointerMove(button, { pointerId: 1, clientY: 400 });
    const overlay = screen.getByTestId('chat-voice-overlay');
    await waitFor(() => expect(overlay.dataset.state).toBe('cancel'));
    expect(screen.getByTestId('chat-voice-cancel-zone').textContent).toBe('松开手指，取消发送');
    fireEvent.pointerUp(button, { pointerId: 1, clientY: 400 });
    await waitFor(() => expect(screen.queryByTestId('chat-voice-overlay')).toBeNull());
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(sent).toHaveLength(0);
    expect(server.callsTo(CHAT_PATHS.ask)).toHaveLength(0);
    expect(track.stop).toHaveBeenCalled();
  });

  it('says the browser does not support recording when MediaRecorder is missing', async () => {
    installMicrophone({ recorder: false });
    await renderVoiceChat();
    fireEvent.pointerDown(await voiceMode(), { pointerId: 1, button: 0, clientY: 500 });
    await findToast(errorMessage('recording_unsupported', 'zh-cn'));
    await waitFor(() => expect(screen.queryByTestId('chat-voice-overlay')).toBeNull());
  });

  it('says recording is abnormal when the microphone permission is refused', async () => {
    installMicrophone();
    getUserMedia.mockRejectedValueOnce(new DOMException('denied', 'NotAllowedError'));
    const { sent } = await renderVoiceChat();
    fireEvent.pointerDown(await voiceMode(), { pointerId: 1, button: 0, clientY: 500 });
    await findToast(errorMessage('recording_abnormal', 'zh-cn'));
    expect(sent).toHaveLength(0);
  });

  it('shows the say-it-again hint when nothing was recognised, and asks nothing', async () => {
    installMicrophone();
    const message = errorMessage('voice_no_text', 'zh-cn');
    const { server, toast, sent } = await renderVoiceChat({
      [VOICE_PATHS.recognize]: () => envelope(null, message, 10304),
    });
    await hold(await voiceMode(), 2_000);
    // The API client shows a refusal's own message (wired to the app's toast).
    await waitFor(() => expect(toast).toHaveBeenCalledWith(message));
    expect(sent).toHaveLength(1);
    await waitFor(() => expect(screen.queryByTestId('chat-voice-overlay')).toBeNull());
    expect(server.callsTo(CHAT_PATHS.ask)).toHaveLength(0);
    expect(screen.queryByTestId('chat-question')).toBeNull();
  });

  it('records while Space is held from the keyboard, sends on its release, and Escape cancels', async () => {
    installMicrophone();
    const { sent } = await renderVoiceChat();
    const button = await voiceMode();
    fireEvent.keyDown(button, { key: ' ' });
    await waitFor(() => expect(FakeMediaRecorder.instances[0]?.state).toBe('recording'));
    passed += 1_500;
    fireEvent.keyUp(button, { key: ' ' });
    expect((await screen.findByTestId('chat-question')).textContent).toBe(RECOGNISED);
    expect(sent).toHaveLength(1);

    fireEvent.keyDown(button, { key: 'Enter' });
    await waitFor(() => expect(FakeMediaRecorder.instances[1]?.state).toBe('recording'));
    passed += 1_500;
    fireEvent.keyDown(button, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('chat-voice-overlay')).toBeNull());
    fireEvent.keyUp(button, { key: 'Enter' });
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(sent).toHaveLength(1);
  });

  it('switches back to the keyboard', async () => {
    installMicrophone();
    await renderVoiceChat();
    await voiceMode();
    expect(screen.queryByTestId('chat-composer-input')).toBeNull();
    fireEvent.click(screen.getByTestId('chat-voice-toggle'));
    expect(screen.getByTestId('chat-composer-input')).toBeTruthy();
    expect(screen.queryByTestId('chat-voice-hold')).toBeNull();
  });
});

describe('answers: read aloud', () => {
  async function answered(config: typeof VOICE_OFF, extra: Parameters<typeof fakeServer>[0] = {}) {
    const view = await renderVoiceChat({ [VOICE_PATHS.config]: () => envelope(config), ...extra });
    const input = screen.getByTestId('chat-composer-input');
    fireEvent.change(input, { target: { value: '约翰福音 3:16 说什么？' } });
    fireEvent.click(screen.getByTestId('chat-composer-send'));
    await waitForStatus('done');
    return view;
  }

  it('reads with the browser’s speech synthesis by default, in the interface language, and stops on a second tap', async () => {
    const speak = vi.fn();
    const cancel = vi.fn();
    vi.stubGlobal('speechSynthesis', { speak, cancel });
    vi.stubGlobal(
      'SpeechSynthesisUtterance',
      class {
        lang = '';
        onend: (() => void) | null = null;
        onerror: (() => void) | null = null;
        constructor(readonly text: string) {}
      },
    );
    const { server } = await answered(VOICE_OFF);
    const button = within(answerAt()).getByTestId('chat-read-aloud');
    fireEvent.click(button);
    await waitFor(() => expect(speak).toHaveBeenCalledTimes(1));
    const utterance = speak.mock.calls[0]![0] as { text: string; lang: string; onend: () => void };
    expect(utterance.text).toBe('神爱世人。');
    expect(utterance.lang).toBe('zh-CN');
    expect(button.getAttribute('aria-pressed')).toBe('true');
    expect(server.callsTo(VOICE_PATHS.toAudio)).toHaveLength(0);
    fireEvent.click(button);
    expect(cancel).toHaveBeenCalled();
    await waitFor(() => expect(button.getAttribute('aria-pressed')).toBe('false'));
  });

  it('plays the server’s audio when the server reads aloud', async () => {
    const play = vi.fn(async () => undefined);
    const sources: string[] = [];
    vi.stubGlobal(
      'Audio',
      class {
        onended: (() => void) | null = null;
        onerror: (() => void) | null = null;
        constructor(src: string) {
          sources.push(src);
        }
        play = play;
        pause = vi.fn();
      },
    );
    URL.createObjectURL = vi.fn(() => 'blob:read-aloud');
    URL.revokeObjectURL = vi.fn();
    const { server } = await answered(
      { ...VOICE_OFF, serverSpeech: true },
      {
        [VOICE_PATHS.toAudio]: () =>
          new Response(new Uint8Array([0xff, 0xfb, 0x90, 0x64]), { headers: { 'Content-Type': 'audio/mpeg' } }),
      },
    );
    fireEvent.click(within(answerAt()).getByTestId('chat-read-aloud'));
    await waitFor(() => expect(play).toHaveBeenCalled());
    expect(server.callsTo(VOICE_PATHS.toAudio)[0]!.body).toMatchObject({ text: '神爱世人。' });
    expect(sources).toEqual(['blob:read-aloud']);
  });

  it('falls back to the browser’s voice when the server’s audio cannot play', async () => {
    const speak = vi.fn();
    vi.stubGlobal('speechSynthesis', { speak, cancel: vi.fn() });
    vi.stubGlobal(
      'SpeechSynthesisUtterance',
      class {
        lang = '';
        constructor(readonly text: string) {}
      },
    );
    vi.stubGlobal(
      'Audio',
      class {
        play = () => Promise.reject(new DOMException('no', 'NotSupportedError'));
        pause = vi.fn();
      },
    );
    URL.createObjectURL = vi.fn(() => 'blob:read-aloud');
    URL.revokeObjectURL = vi.fn();
    await answered(
      { ...VOICE_OFF, serverSpeech: true },
      {
        [VOICE_PATHS.toAudio]: () =>
          new Response(new Uint8Array([0xff, 0xfb, 0x90, 0x64]), { headers: { 'Content-Type': 'audio/mpeg' } }),
      },
    );
    fireEvent.click(within(answerAt()).getByTestId('chat-read-aloud'));
    await waitFor(() => expect(speak).toHaveBeenCalledTimes(1));
    expect((speak.mock.calls[0]![0] as { text: string }).text).toBe('神爱世人。');
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:read-aloud');
  });
});
