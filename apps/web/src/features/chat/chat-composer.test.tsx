import { QUESTION_MAX_LENGTH } from '@bible-qa/contract';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toast } from '../../lib/overlays.ts';
import { renderApp } from '../../test/render-app.tsx';
import { eventStreamResponse, liveStream, metaEvent, sse } from './chat-fixtures.ts';
import { findToast } from '../../test/toasts.ts';

/** A fetch that streams the ask and answers every other call with not found; it records the asks. */
function streamingServer() {
  const stream = liveStream();
  const asks: string[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    if (String(input).includes('/portal/chat/ask')) {
      asks.push((JSON.parse(String(init.body)) as { question: string }).question);
      return eventStreamResponse(stream.body);
    }
    return new Response(JSON.stringify({ code: 10004, msg: 'not found', data: null }), {
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetch);
  return { stream, asks };
}

async function composer() {
  const input = (await screen.findByTestId('chat-composer-input')) as HTMLTextAreaElement;
  return { input, send: screen.getByTestId('chat-composer-send') };
}

/** Pastes `text` into the field at its caret, as a browser's paste event carries it. */
function paste(input: HTMLTextAreaElement, text: string) {
  fireEvent.paste(input, { clipboardData: { getData: (type: string) => (type === 'text' ? text : '') } });
}

const toasts = () =>
  vi.mocked(Toast.show).mock.calls.map(([props]) => (typeof props === 'string' ? props : props.content));

describe('chat composer rough edges', () => {
  afterEach(() => vi.restoreAllMocks());

  it('keeps the first 2,000 characters of a longer paste, and says so with a counter (rough edge 2)', async () => {
    renderApp('/chat');
    const { input } = await composer();
    expect(screen.queryByTestId('chat-composer-limit')).toBeNull();
    paste(input, '恩'.repeat(5_000));
    await waitFor(() => expect(input.value).toHaveLength(QUESTION_MAX_LENGTH));
    expect(screen.getByTestId('chat-composer-truncated').textContent).toBe('问题最长 2000 字，超出的部分没有保留');
    expect(screen.getByTestId('chat-composer-count').textContent).toBe('2000/2000');
    expect(input.getAttribute('aria-describedby')).toBe('chat-composer-limit');
    // Shortening it takes the notice away; the counter stays while the question is near the limit.
    fireEvent.change(input, { target: { value: '恩'.repeat(1_700) } });
    expect(screen.queryByTestId('chat-composer-truncated')).toBeNull();
    expect(screen.getByTestId('chat-composer-count').textContent).toBe('1700/2000');
    fireEvent.change(input, { target: { value: '短问题' } });
    expect(screen.queryByTestId('chat-composer-limit')).toBeNull();
  });

  it('pastes a short text in place as the browser does, with no notice', async () => {
    renderApp('/chat');
    const { input } = await composer();
    fireEvent.change(input, { target: { value: '什么是' } });
    paste(input, '恩典');
    expect(screen.queryByTestId('chat-composer-limit')).toBeNull();
  });

  it('shows a long question collapsed with "show more", and the whole of it on demand (rough edge 2)', async () => {
    const { asks } = streamingServer();
    renderApp('/chat');
    const { input, send } = await composer();
    const long = `${'为什么'.repeat(300)}？`;
    fireEvent.change(input, { target: { value: long } });
    fireEvent.click(send);
    await waitFor(() => expect(asks).toEqual([long]));
    const bubble = (await screen.findByTestId('chat-question')).parentElement!;
    expect(bubble.dataset.collapsed).toBe('true');
    expect(screen.getByTestId('chat-question').className).toContain('is-collapsed');
    const toggle = screen.getByTestId('chat-question-toggle');
    expect(toggle.textContent).toBe('展开全文');
    fireEvent.click(toggle);
    expect(bubble.dataset.collapsed).toBe('false');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(toggle.textContent).toBe('收起');
    expect(screen.getByTestId('chat-question').textContent).toBe(long);
  });

  it('shows a short question whole, with no toggle', async () => {
    const { asks } = streamingServer();
    renderApp('/chat');
    const { input, send } = await composer();
    fireEvent.change(input, { target: { value: '什么是恩典？' } });
    fireEvent.click(send);
    await waitFor(() => expect(asks).toHaveLength(1));
    expect((await screen.findByTestId('chat-question')).parentElement!.dataset.collapsed).toBe('false');
    expect(screen.queryByTestId('chat-question-toggle')).toBeNull();
  });

  it('sends a double tap once and does not call the emptied field an empty question (rough edge 3)', async () => {
    const { asks, stream } = streamingServer();
    const show = vi.spyOn(Toast, 'show');
    renderApp('/chat');
    const { input, send } = await composer();
    fireEvent.change(input, { target: { value: '什么是恩典？' } });
    fireEvent.click(send);
    fireEvent.click(send);
    await waitFor(() => expect(asks).toEqual(['什么是恩典？']));
    stream.push(sse(metaEvent()));
    // The message would come from the error catalogue, loaded on first use: let that settle before looking.
    await import('../../lib/error-messages.ts');
    await act(async () => undefined);
    expect(show).not.toHaveBeenCalled();
    expect(toasts()).not.toContain('请输入问题');
  });

  it('still says "please enter a question" for an empty field tapped on its own (spec §5)', async () => {
    const show = vi.spyOn(Toast, 'show');
    renderApp('/chat');
    const { send } = await composer();
    fireEvent.click(send);
    await waitFor(() => expect(toasts()).toEqual(['请输入问题']));
    expect(show).toHaveBeenCalledTimes(1);
    await findToast('请输入问题');
  });
});
