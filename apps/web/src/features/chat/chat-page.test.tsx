import { Globals } from '@react-spring/web';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app.tsx';
import { eventStreamResponse, liveStream, metaEvent, sse } from './chat-fixtures.ts';
import { findToast } from '../../test/toasts.ts';

// The overwrite dialog leaves with a react-spring animation, which jsdom's frames may never finish under load.
Globals.assign({ skipAnimation: true });

/** A fetch that streams `body` for the ask and answers every other call (the voice settings …) with not found. */
function askStreams(body: ReadableStream<Uint8Array>) {
  return vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) =>
    String(input).includes('/portal/chat/ask')
      ? eventStreamResponse(body)
      : new Response(JSON.stringify({ code: 10004, msg: 'not found', data: null }), {
          headers: { 'Content-Type': 'application/json' },
        }),
  );
}
const askCalls = (fetch: ReturnType<typeof askStreams>) =>
  fetch.mock.calls.filter(([input]) => String(input).includes('/portal/chat/ask'));

async function composer() {
  const input = (await screen.findByTestId('chat-composer-input')) as HTMLTextAreaElement;
  return { input, send: screen.getByTestId('chat-composer-send') };
}

describe('chat page', () => {
  it('shows the welcome panel with the guest notice', async () => {
    renderApp('/chat?_n=1');
    expect(await screen.findByTestId('chat-welcome')).toBeTruthy();
    expect(screen.getByTestId('chat-guest-notice').textContent).toContain('登录后，你的探索记录将被永久保存');
  });

  it('refuses an empty question with the catalogue message', async () => {
    renderApp('/chat');
    const { input, send } = await composer();
    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.click(send);
    await findToast('请输入问题');
    expect(screen.queryByTestId('chat-question')).toBeNull();
  });

  it('refuses it in the stored language too', async () => {
    window.localStorage.setItem('APP_GLOBAL_SETTINGS', JSON.stringify({ language: 'en' }));
    renderApp('/chat');
    const { send } = await composer();
    fireEvent.click(send);
    await findToast('Please enter a question');
  });

  it('keeps a question on screen and clears the input', async () => {
    const stream = liveStream();
    vi.stubGlobal('fetch', askStreams(stream.body));
    renderApp('/chat');
    const { input } = await composer();
    fireEvent.change(input, { target: { value: '什么是恩典？' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect((await screen.findByTestId('chat-question')).textContent).toBe('什么是恩典？');
    expect(input.value).toBe('');
    expect(screen.queryByTestId('chat-welcome')).toBeNull();
  });

  it('refuses a second question while an answer is streaming', async () => {
    const stream = liveStream();
    const fetch = askStreams(stream.body);
    vi.stubGlobal('fetch', fetch);
    renderApp('/chat');
    const { input, send } = await composer();
    fireEvent.change(input, { target: { value: '第一个' } });
    fireEvent.click(send);
    await screen.findByTestId('chat-answer-thinking');
    fireEvent.change(input, { target: { value: '第二个' } });
    fireEvent.click(send);
    await findToast('请等待当前回答完成，或先停止回答');
    expect(askCalls(fetch)).toHaveLength(1);
    expect(input.value).toBe('第二个');
  });

  it('asks a sample question when it is tapped', async () => {
    const stream = liveStream();
    const fetch = askStreams(stream.body);
    vi.stubGlobal('fetch', fetch);
    renderApp('/chat');
    await composer();
    fireEvent.click(screen.getByTestId('chat-suggestion-2'));
    expect((await screen.findByTestId('chat-question')).textContent).toBe('登山宝训主要讲了什么？');
    expect(askCalls(fetch)).toHaveLength(1);
    expect(JSON.parse(String(askCalls(fetch)[0]![1]?.body))).toMatchObject({
      question: '登山宝训主要讲了什么？',
      kind: 'answer',
    });
  });

  it('asks a sample question without touching a draft, so nothing needs confirming', async () => {
    const stream = liveStream();
    const fetch = askStreams(stream.body);
    vi.stubGlobal('fetch', fetch);
    renderApp('/chat');
    const { input } = await composer();
    fireEvent.change(input, { target: { value: '我的草稿' } });
    fireEvent.click(screen.getByTestId('chat-suggestion-1'));
    await waitFor(() => expect(askCalls(fetch)).toHaveLength(1));
    expect(screen.queryByText('输入框中已有内容，是否覆盖？')).toBeNull();
    expect(input.value).toBe('我的草稿');
  });

  it('stops a streaming answer when the user leaves the chat screen, keeping its text', async () => {
    const stream = liveStream();
    vi.stubGlobal('fetch', askStreams(stream.body));
    const { router } = renderApp('/chat');
    const { input, send } = await composer();
    fireEvent.change(input, { target: { value: '什么是恩典？' } });
    fireEvent.click(send);
    stream.push(sse(metaEvent()) + sse({ type: 'delta', text: '恩典是' }));
    await waitFor(() => expect(screen.getByTestId('chat-answer').textContent).toContain('恩典是'));
    await act(() => router.navigate('/about'));
    await waitFor(() => expect(stream.cancelled).toBe(true));
    await act(() => router.navigate('/chat'));
    await waitFor(() => expect(screen.getByTestId('chat-answer').dataset.status).toBe('stopped'));
    expect(screen.getByTestId('chat-answer-content').textContent).toBe('恩典是');
  });
});
