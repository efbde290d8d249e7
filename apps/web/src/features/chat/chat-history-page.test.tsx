import { Globals } from '@react-spring/web';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  CONVERSATION_ID,
  QUESTION_ID,
  answerOf,
  envelope,
  eventStreamResponse,
  metaEvent,
  sse,
} from './chat-fixtures.ts';
import { CHAT_PATHS } from './chat.queries.ts';
import { answerAt, askQuestion, renderChat, waitForCall, waitForStatus } from './chat-test-helpers.ts';
import { findToast } from '../../test/toasts.ts';

Globals.assign({ skipAnimation: true });

const OTHER_ID = '7e3d0a4c-52b7-4d8e-8a6e-1f5b9c0d2e11';
const OTHER_ANSWER = '7e3d0a4c-52b7-4d8e-8a6e-1f5b9c0d2e12';
const sessions = [
  {
    id: CONVERSATION_ID,
    title: '什么是恩典',
    lastQuestion: '什么是恩典？',
    messageCount: 2,
    updatedAt: '2025-03-02T08:00:00Z',
  },
  { id: OTHER_ID, title: '登山宝训', lastQuestion: '八福是什么？', messageCount: 4, updatedAt: '2025-03-01T08:00:00Z' },
];
const storedTurns = [
  {
    question: { id: QUESTION_ID, text: '八福是什么？', createdAt: '2025-03-01T08:00:00Z' },
    answer: answerOf({
      id: OTHER_ANSWER,
      conversationId: OTHER_ID,
      question: '八福是什么？',
      content: '八福见于**马太福音第五章**。',
    }),
  },
];

const answered = () =>
  eventStreamResponse(sse(metaEvent()) + sse({ type: 'done', answer: answerOf({ content: '恩典是神白白的赐予。' }) }));

describe('chat page: history, ratings, collecting', () => {
  it('isolates titles and questions a user wrote and drops their bidi overrides (a title cannot pose as a file type)', async () => {
    const disguised = { ...sessions[1]!, title: 'invoice\u202Egnp.exe' };
    await renderChat(
      {
        [CHAT_PATHS.sessions]: () => envelope({ items: [disguised], total: 1 }),
        [CHAT_PATHS.recent]: () =>
          envelope([{ question: '\u202Eevil question', conversationId: OTHER_ID, askedAt: '2025-03-01T08:00:00Z' }]),
      },
      { token: 'token-1' },
    );
    fireEvent.click(screen.getByTestId('chat-history-open'));
    const drawer = await screen.findByTestId('chat-history');
    const title = (await within(drawer).findByTestId(`chat-session-${OTHER_ID}`)).querySelector('bdi');
    expect(title?.textContent).toBe('invoicegnp.exe');
    const recent = (await within(drawer).findByTestId('chat-recent-1')).querySelector('bdi');
    expect(recent?.textContent).toBe('evil question');
  });

  it('opens a stored conversation from the history drawer, renames it and deletes it after confirmation', async () => {
    const { server, location } = await renderChat(
      {
        [CHAT_PATHS.sessions]: () => envelope({ items: sessions, total: 2 }),
        [CHAT_PATHS.recent]: () =>
          envelope([{ question: '八福是什么？', conversationId: OTHER_ID, askedAt: '2025-03-01T08:00:00Z' }]),
        [CHAT_PATHS.messages]: () => envelope(storedTurns),
        [CHAT_PATHS.rename]: () => envelope(null),
        [CHAT_PATHS.remove]: () => envelope(null),
      },
      { token: 'token-1' },
    );
    fireEvent.click(screen.getByTestId('chat-history-open'));
    const drawer = await screen.findByTestId('chat-history');
    expect((await within(drawer).findByTestId('chat-recent-1')).textContent).toBe('八福是什么？');
    expect(server.callsTo(CHAT_PATHS.sessions)[0]!.query.get('size')).toBe('20');

    fireEvent.click(await within(drawer).findByTestId(`chat-session-${OTHER_ID}`));
    await waitFor(() => expect(screen.getByTestId('chat-question').textContent).toBe('八福是什么？'));
    expect(server.callsTo(CHAT_PATHS.messages)[0]!.query.get('conversationId')).toBe(OTHER_ID);
    expect(answerAt().dataset.answerId).toBe(OTHER_ANSWER);
    expect(answerAt().querySelector('strong')?.textContent).toBe('马太福音第五章');
    // The conversation has its own address.
    expect(location()).toBe(`/chat?id=${OTHER_ID}`);

    fireEvent.click(screen.getByTestId('chat-history-open'));
    fireEvent.click(await screen.findByTestId(`chat-session-rename-${OTHER_ID}`));
    const field = (await screen.findByTestId('chat-rename-input')).querySelector('input')!;
    fireEvent.change(field, { target: { value: '  八福  ' } });
    fireEvent.click(screen.getByText('保存'));
    const rename = await waitForCall(() => server.callsTo(CHAT_PATHS.rename));
    expect(rename.body).toMatchObject({ id: OTHER_ID, title: '八福' });

    fireEvent.click(screen.getByTestId(`chat-session-delete-${OTHER_ID}`));
    // The confirmation says what goes and what stays.
    expect(
      await screen.findByText(
        '删除后无法恢复，确定删除这个会话吗？其中已收藏的回答仍会保留在“我的收藏”里，这个会话的分享链接将失效。',
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByText('删除'));
    const remove = await waitForCall(() => server.callsTo(CHAT_PATHS.remove));
    expect(remove.body).toMatchObject({ id: OTHER_ID });
    // The open conversation was the deleted one: the screen starts anew, at a new conversation's address.
    expect(await screen.findByTestId('chat-welcome')).toBeTruthy();
    expect(location()).toBe('/chat?_n=1');
  });

  it('offers a guest the login in the drawer instead of a history', async () => {
    const { server } = await renderChat({});
    fireEvent.click(screen.getByTestId('chat-history-open'));
    expect(await screen.findByTestId('chat-history-guest')).toBeTruthy();
    expect(server.callsTo(CHAT_PATHS.sessions)).toEqual([]);
  });

  it('likes, takes the like back, dislikes, collects, uncollects and copies an answer', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const { input, server } = await renderChat(
      {
        [CHAT_PATHS.ask]: answered,
        [CHAT_PATHS.rate]: () => envelope(null),
        [CHAT_PATHS.collect]: () => envelope(null),
        [CHAT_PATHS.uncollect]: () => envelope(null),
      },
      { token: 'token-1' },
    );
    askQuestion(input, '什么是恩典？');
    const answer = await waitForStatus('done');
    const like = answer.getByTestId('chat-like');
    const dislike = answer.getByTestId('chat-dislike');

    fireEvent.click(like);
    await waitFor(() => expect(like.getAttribute('aria-pressed')).toBe('true'));
    fireEvent.click(like);
    await waitFor(() => expect(like.getAttribute('aria-pressed')).toBe('false'));
    fireEvent.click(dislike);
    await waitFor(() => expect(dislike.getAttribute('aria-pressed')).toBe('true'));
    await waitForCall(() => server.callsTo(CHAT_PATHS.rate), 3);
    expect(server.callsTo(CHAT_PATHS.rate).map((call) => call.body?.rating)).toEqual(['like', null, 'dislike']);

    const collect = answer.getByTestId('chat-collect');
    fireEvent.click(collect);
    await findToast('已收藏');
    expect(collect.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(collect);
    await waitForCall(() => server.callsTo(CHAT_PATHS.uncollect));
    expect(server.callsTo(CHAT_PATHS.collect)[0]!.body).toMatchObject({ id: answerOf().id });

    fireEvent.click(answer.getByTestId('chat-copy'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('恩典是神白白的赐予。'));
  });

  it('takes a rating back when the server refuses it', async () => {
    const { input, toast } = await renderChat(
      { [CHAT_PATHS.ask]: answered, [CHAT_PATHS.rate]: () => envelope(null, '内容不存在或已被删除', 10006) },
      { token: 'token-1' },
    );
    askQuestion(input, '什么是恩典？');
    const like = (await waitForStatus('done')).getByTestId('chat-like');
    fireEvent.click(like);
    await waitFor(() => expect(toast).toHaveBeenCalledWith('内容不存在或已被删除'));
    await waitFor(() => expect(like.getAttribute('aria-pressed')).toBe('false'));
  });

  it('collects several answers at once in select mode', async () => {
    let n = 0;
    const ids = ['5a1b2c3d-0000-4000-8000-000000000001', '5a1b2c3d-0000-4000-8000-000000000002'];
    const { input, server } = await renderChat(
      {
        [CHAT_PATHS.ask]: () => {
          const id = ids[n++]!;
          return eventStreamResponse(
            sse(metaEvent({ answerId: id })) + sse({ type: 'done', answer: answerOf({ id, content: `回答 ${n}` }) }),
          );
        },
        [CHAT_PATHS.batch]: () => envelope(null),
      },
      { token: 'token-1' },
    );
    askQuestion(input, '第一个问题');
    await waitForStatus('done', 1);
    askQuestion(input, '第二个问题');
    await waitForStatus('done', 2);

    fireEvent.click(screen.getByTestId('chat-select-mode'));
    fireEvent.click(screen.getByTestId(`chat-select-${ids[0]}`));
    fireEvent.click(screen.getByTestId(`chat-select-${ids[1]}`));
    expect(screen.getByTestId('chat-select-count').textContent).toBe('已选择 2 条');
    fireEvent.click(screen.getByTestId('chat-select-collect'));
    const batch = await waitForCall(() => server.callsTo(CHAT_PATHS.batch));
    expect(batch.body).toMatchObject({ ids, action: 'collect' });
    await findToast('已收藏 2 条回答');
    await waitFor(() => expect(screen.queryByTestId('chat-select-bar')).toBeNull());
    expect(screen.getAllByTestId('chat-collect').map((b) => b.getAttribute('aria-pressed'))).toEqual(['true', 'true']);
  });

  it('switches the answer mode with a confirmation and asks in it', async () => {
    const { input, server } = await renderChat({ [CHAT_PATHS.ask]: answered });
    fireEvent.click(screen.getByTestId('chat-mode-switch'));
    fireEvent.click(await screen.findByTestId('chat-mode-option-professional'));
    await findToast('已切换为专业模式');
    expect(screen.getByTestId('chat-mode-switch').textContent).toContain('专业模式');
    askQuestion(input, '“称义”的希腊原文是什么？');
    const ask = await waitForCall(() => server.callsTo(CHAT_PATHS.ask));
    expect(ask.body).toMatchObject({ mode: 'professional' });
  });

  it('asks before a follow-up overwrites a draft, and asks it once confirmed', async () => {
    const { input, server } = await renderChat({
      [CHAT_PATHS.ask]: () =>
        eventStreamResponse(
          sse(metaEvent()) + sse({ type: 'done', answer: answerOf({ content: 'a', followUps: ['下一个问题？'] }) }),
        ),
    });
    askQuestion(input, '第一个问题');
    await waitForStatus('done');
    fireEvent.change(input, { target: { value: '我的草稿' } });
    fireEvent.click(screen.getByTestId('chat-followup-1'));
    expect(await screen.findByText('输入框中已有内容，是否覆盖？')).toBeTruthy();
    fireEvent.click(screen.getByText('确定'));
    await waitForCall(() => server.callsTo(CHAT_PATHS.ask), 2);
    expect(server.callsTo(CHAT_PATHS.ask)[1]!.body).toMatchObject({ question: '下一个问题？' });
    await waitFor(() => expect(input.value).toBe(''));
  });
});
