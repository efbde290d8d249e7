import { Globals } from '@react-spring/web';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerOf, envelope, eventStreamResponse, metaEvent, sse } from './chat-fixtures.ts';
import { CHAT_PATHS } from './chat.queries.ts';
import { askQuestion, renderChat, waitForCall, waitForStatus } from './chat-test-helpers.ts';
import { findToast } from '../../test/toasts.ts';

Globals.assign({ skipAnimation: true });

const answered = () =>
  eventStreamResponse(sse(metaEvent()) + sse({ type: 'done', answer: answerOf({ content: '恩典是神白白的赐予。' }) }));

async function dislikedAnswer() {
  const chat = await renderChat(
    { [CHAT_PATHS.ask]: answered, [CHAT_PATHS.rate]: () => envelope(null) },
    { token: 'token-1' },
  );
  askQuestion(chat.input, '什么是恩典？');
  const dislike = (await waitForStatus('done')).getByTestId('chat-dislike');
  fireEvent.click(dislike);
  await waitFor(() => expect(dislike.getAttribute('aria-pressed')).toBe('true'));
  return { ...chat, dislike };
}

/** Rough edge 11: a dislike had no reason picker. */
describe('why an answer was disliked', () => {
  it('offers the five feedback types after a dislike and stores the one picked with the rating', async () => {
    const { server } = await dislikedAnswer();
    expect(await screen.findByText('这个回答哪里不好？')).toBeTruthy();
    const reasons = ['答案错误', '理解有误', '格式错误', '捏造事实', '结构混乱'];
    for (const reason of reasons) expect(screen.getByText(reason)).toBeTruthy();
    fireEvent.click(screen.getByTestId('chat-dislike-reason-fabricated_facts'));
    await waitForCall(() => server.callsTo(CHAT_PATHS.rate), 2);
    expect(server.callsTo(CHAT_PATHS.rate).map((call) => [call.body?.rating, call.body?.reason])).toEqual([
      ['dislike', undefined],
      ['dislike', 'fabricated_facts'],
    ]);
    await findToast('感谢你的反馈');
  });

  it('keeps the dislike without a reason when the picker is skipped', async () => {
    const { server, dislike } = await dislikedAnswer();
    const sheet = (await screen.findByText('这个回答哪里不好？')).closest('.adm-action-sheet') as HTMLElement;
    fireEvent.click(within(sheet).getByText('跳过'));
    await findToast('感谢你的反馈');
    expect(server.callsTo(CHAT_PATHS.rate).map((call) => call.body?.reason)).toEqual([undefined]);
    expect(dislike.getAttribute('aria-pressed')).toBe('true');
  });
});
