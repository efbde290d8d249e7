import { Globals } from '@react-spring/web';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerOf, eventStreamResponse, metaEvent, sse } from './chat-fixtures.ts';
import { CHAT_PATHS } from './chat.queries.ts';
import { askQuestion, renderChat, waitForCall, waitForStatus } from './chat-test-helpers.ts';

Globals.assign({ skipAnimation: true });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const prayed = () =>
  eventStreamResponse(
    sse(metaEvent({ kind: 'prayer' })) +
      sse({ type: 'done', answer: answerOf({ kind: 'prayer', content: '### 祷告\n\n亲爱的天父…' }) }),
  );

describe('chat page: asking for a prayer, sermon outline or poem', () => {
  it('asks for a prayer chosen in the composer, once, with a theme placeholder', async () => {
    const { input, server } = await renderChat({ [CHAT_PATHS.ask]: prayed });
    const kindSwitch = screen.getByTestId('chat-kind-switch');
    expect(kindSwitch.textContent).toBe('问答');
    expect(kindSwitch.getAttribute('aria-label')).toBe('选择生成内容: 问答');
    fireEvent.click(kindSwitch);
    fireEvent.click(await screen.findByTestId('chat-kind-option-prayer'));
    await waitFor(() => expect(screen.getByTestId('chat-kind-switch').textContent).toBe('祷告'));
    expect(input.placeholder).toBe('输入祷告的主题，例如：为生病的家人');

    askQuestion(input, '为生病住院的母亲');
    const ask = await waitForCall(() => server.callsTo(CHAT_PATHS.ask));
    expect(ask.body).toMatchObject({ question: '为生病住院的母亲', kind: 'prayer' });
    await waitForStatus('done');
    // The answer says what it is, and asking again writes another version.
    const answer = screen.getByTestId('chat-answer');
    expect(within(answer).getByTestId('chat-answer-kind').textContent).toBe('祷告');
    expect(within(answer).getByTestId('chat-answer-resend').getAttribute('aria-label')).toBe('换一个版本');
    // The next question is a question again.
    expect(screen.getByTestId('chat-kind-switch').textContent).toBe('问答');
    expect(input.placeholder).toBe('请输入你的问题');
    askQuestion(input, '什么是恩典？');
    const second = await waitForCall(() => server.callsTo(CHAT_PATHS.ask), 2);
    expect(second.body).toMatchObject({ kind: 'answer' });
    // A plain answer carries no kind, and is regenerated.
    await waitFor(() => expect(screen.getAllByTestId('chat-answer')).toHaveLength(2));
    const plain = screen.getAllByTestId('chat-answer')[1]!;
    await waitFor(() => expect(plain.getAttribute('data-status')).toBe('done'));
    expect(within(plain).queryByTestId('chat-answer-kind')).toBeNull();
    expect(within(plain).getByTestId('chat-answer-resend').getAttribute('aria-label')).toBe('重新生成');
  });

  it('offers every kind in the reader’s language', async () => {
    window.localStorage.setItem('APP_GLOBAL_SETTINGS', JSON.stringify({ language: 'en' }));
    await renderChat({ [CHAT_PATHS.ask]: prayed });
    fireEvent.click(screen.getByTestId('chat-kind-switch'));
    const names = await Promise.all(
      ['answer', 'prayer', 'sermon', 'poem'].map(
        async (k) => (await screen.findByTestId(`chat-kind-option-${k}`)).textContent,
      ),
    );
    expect(names).toEqual(['Answer', 'Prayer', 'Sermon outline', 'Poem']);
  });
});
