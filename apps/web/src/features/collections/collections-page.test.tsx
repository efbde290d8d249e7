import { Globals } from '@react-spring/web';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Answer } from '@bible-qa/contract';
import { renderApp } from '../../test/render-app.tsx';
import { answerOf } from '../chat/chat-fixtures.ts';
import { COLLECTION_PATHS } from './collections.queries.ts';

Globals.assign({ skipAnimation: true });

const CONVERSATION = '0b6a1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d';
const FIRST = '1b6a1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d';
const SECOND = '2b6a1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d';

const answer = (over: Partial<Answer>): Answer =>
  answerOf({
    id: FIRST,
    conversationId: CONVERSATION,
    questionId: '3b6a1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d',
    content: '## 恩典\n恩典是**神白白的赐予**，见[以弗所书](https://example.org) 2:8。',
    collected: true,
    createdAt: '2026-01-01T08:00:00.000Z',
    ...over,
  });
const first = answer({});
const second = answer({ id: SECOND, question: '八福是什么？', content: '八福见于马太福音第五章。' });

const envelope = (data: unknown, code = 0, msg = 'ok') =>
  new Response(JSON.stringify({ code, msg, data }), { headers: { 'Content-Type': 'application/json' } });

function serve(handlers: Record<string, (query: URLSearchParams, body: Record<string, unknown> | null) => unknown>) {
  const calls: { path: string; query: URLSearchParams; body: Record<string, unknown> | null }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      const path = url.pathname.replace(/^\/webapi/, '');
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : null;
      calls.push({ path, query: url.searchParams, body });
      const handler = handlers[path];
      if (!handler) return envelope(null, 10004, 'not found');
      const out = handler(url.searchParams, body);
      return out instanceof Response ? out : envelope(out);
    }),
  );
  return { calls, to: (path: string) => calls.filter((c) => c.path === path) };
}

function logIn() {
  window.localStorage.setItem('APP_AUTH_TOKEN_KEY', 'token-1');
  window.localStorage.setItem(
    'app_user',
    JSON.stringify({ id: 'u1', name: 'Ruth', role: 'user', language: 'zh-cn', expression: 'none' }),
  );
}

describe('collections', () => {
  it('lists a guest’s own saved answers, says a login keeps them, and comes back after it', async () => {
    serve({ [COLLECTION_PATHS.list]: () => ({ items: [first], total: 1 }) });
    const { location } = renderApp('/collections');
    const guest = await screen.findByTestId('collections-guest');
    expect(guest.textContent).toContain('登录后会一并转入你的账号');
    expect(await screen.findByText(first.question)).toBeTruthy();
    fireEvent.click(within(guest).getByRole('button'));
    await waitFor(() => expect(location()).toBe('/login?redirect=%2Fcollections'));
  });

  it('lists saved answers, uncollects one and shows the empty state when none is left', async () => {
    logIn();
    let saved = [first, second];
    const server = serve({
      [COLLECTION_PATHS.list]: () => ({ items: saved, total: saved.length }),
      [COLLECTION_PATHS.uncollect]: (_q, body) => {
        saved = saved.filter((a) => a.id !== body?.id);
        return null;
      },
    });
    renderApp('/collections');
    await waitFor(() => expect(screen.getAllByTestId('collection-item')).toHaveLength(2));
    expect(screen.getByTestId('collections-total').textContent).toBe('共 2 条收藏');
    const item = screen.getAllByTestId('collection-item')[0]!;
    expect(item.textContent).toContain('什么是恩典？');
    // The excerpt is plain text: no markdown marks or link targets.
    expect(item.textContent).toContain('恩典 恩典是神白白的赐予，见以弗所书 2:8。');
    expect(item.textContent).not.toContain('example.org');

    fireEvent.click(screen.getByTestId(`collection-uncollect-${FIRST}`));
    await waitFor(() => expect(screen.getAllByTestId('collection-item')).toHaveLength(1));
    expect(server.to(COLLECTION_PATHS.uncollect)[0]!.body).toMatchObject({ id: FIRST });
    fireEvent.click(screen.getByTestId(`collection-uncollect-${SECOND}`));
    expect(await screen.findByTestId('collections-empty')).toBeTruthy();
  });

  it('opens a saved answer with its parts, and from there its conversation in the chat', async () => {
    logIn();
    const whole = {
      ...first,
      relatedBooks: [{ code: 'EPH', name: '以弗所书', why: '回答引用了以弗所书 2:8' }],
      relatedLiterature: [
        {
          id: 'easton:grace',
          collection: 'easton',
          collectionName: "Easton's Bible Dictionary",
          title: 'Grace',
          excerpt: 'Unmerited favour.',
        },
      ],
      images: [
        {
          kind: 'verse-card' as const,
          url: '/webapi/bible/card/EPH.2.8.png',
          alt: '以弗所书 2:8',
          reference: 'EPH.2.8',
        },
      ],
      followUps: ['以弗所书 2:8 的上下文是什么？'],
    };
    const server = serve({
      [COLLECTION_PATHS.list]: () => ({ items: [whole], total: 1 }),
      [COLLECTION_PATHS.one]: (query) => (query.get('id') === FIRST ? whole : envelope(null, 10006, '没有找到')),
      '/portal/chat/messages': () => [
        { question: { id: first.questionId, text: first.question, createdAt: first.createdAt }, answer: whole },
      ],
    });
    const { location } = renderApp('/collections');
    fireEvent.click(await screen.findByTestId('collection-item'));
    const detail = await screen.findByTestId('collect-detail');
    expect(location()).toBe(`/collect?id=${FIRST}`);
    expect(within(detail).getByTestId('collect-question').textContent).toBe('什么是恩典？');
    expect(within(detail).getByTestId('collect-answer').querySelector('strong')?.textContent).toBe('神白白的赐予');
    expect(detail.textContent).toContain('内容由 AI 生成');
    // Everything the answer came with (rough edge 15): books, literature, images and follow-ups.
    expect(within(detail).getByTestId('chat-related-book-EPH').textContent).toContain('以弗所书');
    expect(within(detail).getByTestId('chat-related-literature').textContent).toContain('Unmerited favour.');
    expect(within(detail).getByTestId('chat-image-1').getAttribute('src')).toBe('/webapi/bible/card/EPH.2.8.png');
    expect(within(detail).getByTestId('chat-followup-1').textContent).toBe('以弗所书 2:8 的上下文是什么？');
    expect(within(detail).queryByTestId('collect-conversation-deleted')).toBeNull();

    fireEvent.click(within(detail).getByTestId('collect-open-conversation'));
    // The chat opens the stored conversation at its own address.
    await waitFor(() => expect(location()).toBe(`/chat?id=${CONVERSATION}`));
    await waitFor(() =>
      expect(server.to('/portal/chat/messages').some((c) => c.query.get('conversationId') === CONVERSATION)).toBe(true),
    );
    expect((await screen.findByTestId('chat-question')).textContent).toContain('什么是恩典？');
  });

  it('keeps a saved answer whose conversation was deleted; its follow-up waits in a new chat', async () => {
    logIn();
    const kept = { ...first, conversationId: null, followUps: ['恩典和信心有什么关系？'] };
    serve({ [COLLECTION_PATHS.one]: () => kept });
    const { location } = renderApp(`/collect?id=${FIRST}&conversation=${CONVERSATION}`);
    const detail = await screen.findByTestId('collect-detail');
    expect(within(detail).getByTestId('collect-conversation-deleted').textContent).toBe(
      '这个回答所在的会话已删除，回答仍保留在收藏中。',
    );
    expect(within(detail).queryByTestId('collect-open-conversation')).toBeNull();
    fireEvent.click(within(detail).getByTestId('chat-followup-1'));
    await waitFor(() => expect(location()).toBe('/chat?_n=1'));
    const input = (await screen.findByTestId('chat-composer-input')) as HTMLTextAreaElement;
    await waitFor(() => expect(input.value).toBe('恩典和信心有什么关系？'));
  });

  it('says a saved answer is gone when it is no longer collected, not found, or the link is malformed', async () => {
    logIn();
    serve({ [COLLECTION_PATHS.one]: () => ({ ...first, collected: false }) });
    renderApp(`/collect?id=${FIRST}`);
    expect(await screen.findByTestId('collect-missing')).toBeTruthy();
    cleanup();
    serve({ [COLLECTION_PATHS.one]: () => envelope(null, 10006, '没有找到') });
    renderApp(`/collect?id=${FIRST}`);
    expect(await screen.findByTestId('collect-missing')).toBeTruthy();
    cleanup();
    renderApp('/collect?id=nope');
    expect(await screen.findByTestId('collect-missing')).toBeTruthy();
  });

  it('shows the error state with a retry when the list cannot be loaded', async () => {
    logIn();
    let fail = true;
    serve({
      [COLLECTION_PATHS.list]: () =>
        fail ? envelope(null, 500, '系统内部错误，请稍后再试！') : { items: [second], total: 1 },
    });
    renderApp('/collections');
    const error = await screen.findByTestId('collections-error');
    fail = false;
    fireEvent.click(within(error).getByRole('button'));
    await waitFor(() => expect(screen.getAllByTestId('collection-item')).toHaveLength(1));
  });
});
