import { Globals } from '@react-spring/web';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app.tsx';
import {
  CONVERSATION_ID,
  QUESTION_ID,
  answerOf,
  envelope,
  eventStreamResponse,
  fakeServer,
  liveStream,
  metaEvent,
  sse,
  type FakeCall,
} from './chat-fixtures.ts';
import { CHAT_PATHS } from './chat.queries.ts';
import { answerAt, askQuestion } from './chat-test-helpers.ts';

Globals.assign({ skipAnimation: true });

const OTHER_ID = '7e3d0a4c-52b7-4d8e-8a6e-1f5b9c0d2e11';
const turnOf = (conversationId: string, question: string, content: string) => ({
  question: { id: QUESTION_ID, text: question, createdAt: '2025-03-01T08:00:00Z' },
  answer: answerOf({ id: `${conversationId.slice(0, -2)}99`, conversationId, question, content }),
});
const stored: Record<string, ReturnType<typeof turnOf>[]> = {
  [CONVERSATION_ID]: [turnOf(CONVERSATION_ID, '什么是恩典？', '恩典是神白白的赐予。')],
  [OTHER_ID]: [turnOf(OTHER_ID, '八福是什么？', '八福见于马太福音第五章。')],
};
const messages = (call: FakeCall) => {
  const turns = stored[call.query.get('conversationId') ?? ''];
  return turns ? envelope(turns) : envelope(null, '没有找到相关内容', 10006);
};

/** The app at `path` over a fake server; `loggedIn` stores a token first. Rendering again is a reload. */
function open(path: string, handlers: Parameters<typeof fakeServer>[0] = {}, { loggedIn = false } = {}) {
  if (loggedIn) window.localStorage.setItem('APP_AUTH_TOKEN_KEY', 'token-1');
  const server = fakeServer({ [CHAT_PATHS.messages]: messages, ...handlers });
  vi.stubGlobal('fetch', vi.fn(server.fetch));
  return { ...renderApp(path), server };
}
const question = async () => (await screen.findByTestId('chat-question')).textContent;

describe('every conversation has an address', () => {
  it('names a logged-in conversation by its stored id, which a reload opens again', async () => {
    const first = open(
      '/chat?_n=1',
      {
        [CHAT_PATHS.ask]: () =>
          eventStreamResponse(
            sse(metaEvent()) + sse({ type: 'done', answer: answerOf({ content: '恩典是神白白的赐予。' }) }),
          ),
      },
      { loggedIn: true },
    );
    askQuestion((await screen.findByTestId('chat-composer-input')) as HTMLTextAreaElement, '什么是恩典？');
    await waitFor(() => expect(first.location()).toBe(`/chat?id=${CONVERSATION_ID}`));

    cleanup();
    const reloaded = open(`/chat?id=${CONVERSATION_ID}`, {}, { loggedIn: true });
    expect(await question()).toBe('什么是恩典？');
    expect(answerAt().textContent).toContain('恩典是神白白的赐予。');
    expect(reloaded.server.callsTo(CHAT_PATHS.messages)[0]!.query.get('conversationId')).toBe(CONVERSATION_ID);
  });

  it('follows back and forward between conversations, and a new one', async () => {
    const app = open(`/chat?id=${CONVERSATION_ID}`, {}, { loggedIn: true });
    expect(await question()).toBe('什么是恩典？');
    await act(() => app.router.navigate(`/chat?id=${OTHER_ID}`));
    await waitFor(async () => expect(await question()).toBe('八福是什么？'));
    await act(() => app.router.navigate(-1));
    await waitFor(async () => expect(await question()).toBe('什么是恩典？'));
    expect(app.location()).toBe(`/chat?id=${CONVERSATION_ID}`);
    await act(() => app.router.navigate(1));
    await waitFor(async () => expect(await question()).toBe('八福是什么？'));

    // A new conversation is a new address; back returns to the one left.
    fireEvent.click(screen.getByTestId('chat-new'));
    expect(await screen.findByTestId('chat-welcome')).toBeTruthy();
    expect(app.location()).toBe('/chat?_n=1');
    await act(() => app.router.navigate(-1));
    await waitFor(async () => expect(await question()).toBe('八福是什么？'));
  });

  it('keeps the open conversation on a plain /chat link, and names it', async () => {
    const app = open(`/chat?id=${OTHER_ID}`, {}, { loggedIn: true });
    expect(await question()).toBe('八福是什么？');
    await act(() => app.router.navigate('/about'));
    await act(() => app.router.navigate('/chat'));
    await waitFor(() => expect(app.location()).toBe(`/chat?id=${OTHER_ID}`));
    expect(await question()).toBe('八福是什么？');
  });

  it('keeps a guest’s conversation in this browser: a reload shows it again, an answer cut off as stopped', async () => {
    const stream = liveStream();
    const guest = open('/chat?_n=1', {
      [CHAT_PATHS.ask]: () =>
        askCount++ === 0
          ? eventStreamResponse(
              sse(metaEvent({ conversationId: null, questionId: null, guest: true })) +
                sse({ type: 'done', answer: answerOf({ conversationId: null, content: '恩典是白白的赐予。' }) }),
            )
          : eventStreamResponse(stream.body),
    });
    let askCount = 0;
    const input = (await screen.findByTestId('chat-composer-input')) as HTMLTextAreaElement;
    askQuestion(input, '什么是恩典？');
    await waitFor(() => expect(answerAt().dataset.status).toBe('done'));
    const address = guest.location();
    expect(address).toMatch(/^\/chat\?id=local-[0-9a-f]{24}$/);

    askQuestion(input, '什么是信心？');
    stream.push(sse(metaEvent({ conversationId: null, questionId: null, guest: true })));
    stream.push(sse({ type: 'delta', text: '信心是' }));
    await waitFor(() => expect(answerAt(2).textContent).toContain('信心是'));
    // The page goes away mid-answer (a reload).
    window.dispatchEvent(new Event('pagehide'));
    cleanup();

    const reloaded = open(address);
    await waitFor(() => expect(screen.getAllByTestId('chat-question').map((q) => q.textContent)).toHaveLength(2));
    expect(answerAt(1).dataset.status).toBe('done');
    expect(answerAt(1).textContent).toContain('恩典是白白的赐予。');
    expect(answerAt(2).dataset.status).toBe('stopped');
    expect(answerAt(2).textContent).toContain('信心是');
    expect(reloaded.location()).toBe(address);
    // Nothing was asked of the server: a guest has no stored history.
    expect(reloaded.server.calls.filter((c) => c.path.startsWith('/portal/chat/'))).toEqual([]);
  });

  it('opens a guest’s own kept conversation; one not the guest’s sends it to log in and back', async () => {
    const mine = open(`/chat?id=${CONVERSATION_ID}`);
    expect(await question()).toBe('什么是恩典？');
    expect(mine.location()).toBe(`/chat?id=${CONVERSATION_ID}`);
    cleanup();
    const theirs = '0b0f6c56-6c1e-4a3e-9a40-4d1d3a3d9c77';
    const guest = open(`/chat?id=${theirs}`);
    await waitFor(() => expect(guest.location()).toBe(`/login?redirect=${encodeURIComponent(`/chat?id=${theirs}`)}`));
    cleanup();
    const unknownLocal = open('/chat?id=local-0123456789abcdef0123');
    await waitFor(() => expect(unknownLocal.location()).toBe('/chat?_n=1'));
    cleanup();
    const deleted = open('/chat?id=0b0f6c56-6c1e-4a3e-9a40-4d1d3a3d9c77', {}, { loggedIn: true });
    await waitFor(() => expect(deleted.location()).toBe('/chat?_n=1'));
    expect(deleted.toast).toHaveBeenCalledWith('没有找到相关内容');
    expect(await screen.findByTestId('chat-welcome')).toBeTruthy();
  });

  it('follows an answer a reload left being written: the text so far, then the rest', async () => {
    const answerId = `${CONVERSATION_ID.slice(0, -2)}99`;
    const generating = {
      ...turnOf(CONVERSATION_ID, '什么是恩典？', ''),
      answer: { ...turnOf(CONVERSATION_ID, '什么是恩典？', '').answer, status: 'generating' as const },
    };
    const stream = liveStream();
    const app = open(`/chat?id=${CONVERSATION_ID}`, {
      [CHAT_PATHS.messages]: () => envelope([generating]),
      [CHAT_PATHS.follow]: () => eventStreamResponse(stream.body),
    });
    await waitFor(() => expect(answerAt(1).dataset.status).toBe('generating'));
    stream.push(sse(metaEvent({ answerId })) + sse({ type: 'delta', text: '恩典是神' }));
    await waitFor(() => expect(answerAt(1).textContent).toContain('恩典是神'));
    stream.push(sse({ type: 'delta', text: '白白的赐予。' }));
    stream.push(sse({ type: 'done', answer: answerOf({ id: answerId, content: '恩典是神白白的赐予。' }) }));
    await waitFor(() => expect(answerAt(1).dataset.status).toBe('done'));
    expect(screen.getByTestId('chat-answer-content').textContent).toBe('恩典是神白白的赐予。');
    const follow = app.server.calls.find((call) => call.path === CHAT_PATHS.follow);
    expect(follow?.body).toMatchObject({ answerId });
  });

  it('opens a link from before conversations had addresses (/chat?conversation=…)', async () => {
    const app = open(`/chat?conversation=${OTHER_ID}`, {}, { loggedIn: true });
    expect(await question()).toBe('八福是什么？');
    await waitFor(() => expect(app.location()).toBe(`/chat?id=${OTHER_ID}`));
  });
});
