import { Globals } from '@react-spring/web';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { answerOf, envelope, eventStreamResponse, metaEvent, sse } from './chat-fixtures.ts';
import { CHAT_PATHS } from './chat.queries.ts';
import { askQuestion, renderChat, waitForCall, waitForStatus } from './chat-test-helpers.ts';
import { findToast } from '../../test/toasts.ts';

Globals.assign({ skipAnimation: true });

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWxYz012345';
const png = () => new Response(new Uint8Array([137, 80, 78, 71]), { headers: { 'Content-Type': 'image/png' } });
const link = (ids: string[]) => ({
  token: TOKEN,
  path: `/share/${TOKEN}`,
  title: '什么是恩典？',
  messageCount: ids.length,
  createdAt: '2025-03-01T08:00:00Z',
});

let urls = 0;
beforeEach(() => {
  urls = 0;
  URL.createObjectURL = vi.fn(() => `blob:card-${++urls}`);
  URL.revokeObjectURL = vi.fn();
});

function answered(id: string, n: number) {
  return eventStreamResponse(
    sse(metaEvent({ answerId: id })) + sse({ type: 'done', answer: answerOf({ id, content: `回答 ${n}` }) }),
  );
}

describe('sharing from chat', () => {
  it('shows the server’s card of an answer in light and dark, then makes a link and copies it', async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const id = '5a1b2c3d-0000-4000-8000-000000000001';
    const { input, server } = await renderChat(
      {
        [CHAT_PATHS.ask]: () => answered(id, 1),
        [CHAT_PATHS.shareCard]: () => png(),
        [CHAT_PATHS.shareCreate]: (call) => envelope(link(call.body!.ids as string[])),
      },
      { token: 'token-1' },
    );
    askQuestion(input, '什么是恩典？');
    fireEvent.click((await waitForStatus('done')).getByTestId('chat-share'));

    const sheet = within(await screen.findByTestId('share-sheet'));
    const image = (await sheet.findByTestId('share-card-image')) as HTMLImageElement;
    expect(image.src).toBe('blob:card-1');
    expect(image.dataset.theme).toBe('light');
    expect((await waitForCall(() => server.callsTo(CHAT_PATHS.shareCard))).body).toMatchObject({
      ids: [id],
      theme: 'light',
    });
    expect(sheet.getByTestId('share-ai-label').textContent).toContain('AI 生成');
    expect(sheet.getByTestId('share-download').getAttribute('download')).toBe('bible-qa-share-light.png');

    fireEvent.click(sheet.getByTestId('share-theme-dark'));
    await waitFor(() => expect((sheet.getByTestId('share-card-image') as HTMLImageElement).dataset.theme).toBe('dark'));
    expect(server.callsTo(CHAT_PATHS.shareCard)[1]!.body).toMatchObject({ ids: [id], theme: 'dark' });

    fireEvent.click(sheet.getByTestId('share-create-link'));
    const url = (await sheet.findByTestId('share-link-url')) as HTMLInputElement;
    expect(url.value).toBe(`${window.location.origin}/share/${TOKEN}`);
    expect(server.callsTo(CHAT_PATHS.shareCreate)[0]!.body).toMatchObject({ ids: [id] });
    fireEvent.click(sheet.getByTestId('share-copy-link'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/share/${TOKEN}`));
    await findToast('链接已复制');
  });

  it('shares several selected answers at once from the select bar', async () => {
    let n = 0;
    const ids = ['5a1b2c3d-0000-4000-8000-000000000001', '5a1b2c3d-0000-4000-8000-000000000002'];
    const { input, server } = await renderChat(
      {
        [CHAT_PATHS.ask]: () => answered(ids[n]!, ++n),
        [CHAT_PATHS.shareCard]: () => png(),
      },
      { token: 'token-1' },
    );
    askQuestion(input, '第一个问题');
    await waitForStatus('done', 1);
    askQuestion(input, '第二个问题');
    await waitForStatus('done', 2);
    fireEvent.click(screen.getByTestId('chat-select-mode'));
    fireEvent.click(await screen.findByTestId('chat-select-share'));
    await findToast('请先选择要分享的回答');
    expect(screen.queryByTestId('share-sheet')).toBeNull();

    fireEvent.click(screen.getByTestId(`chat-select-${ids[0]}`));
    fireEvent.click(screen.getByTestId(`chat-select-${ids[1]}`));
    fireEvent.click(screen.getByTestId('chat-select-share'));
    expect(await screen.findByTestId('share-card-image')).toBeTruthy();
    expect((await waitForCall(() => server.callsTo(CHAT_PATHS.shareCard))).body).toMatchObject({ ids });
  });

  it('shows why the server refused a card', async () => {
    const id = '5a1b2c3d-0000-4000-8000-000000000001';
    const { input } = await renderChat(
      {
        [CHAT_PATHS.ask]: () => answered(id, 1),
        [CHAT_PATHS.shareCard]: () => envelope(null, '内容不存在或已被删除', 10006),
      },
      { token: 'token-1' },
    );
    askQuestion(input, '什么是恩典？');
    fireEvent.click((await waitForStatus('done')).getByTestId('chat-share'));
    expect((await screen.findByTestId('share-card-error')).textContent).toBe('内容不存在或已被删除');
    expect(screen.queryByTestId('share-download')).toBeNull();
  });

  it('offers a guest the login instead: a guest’s answer is not stored, so there is nothing to share', async () => {
    const id = '5a1b2c3d-0000-4000-8000-000000000001';
    const { input, server } = await renderChat({
      [CHAT_PATHS.ask]: () =>
        eventStreamResponse(
          sse(metaEvent({ answerId: id, guest: true, conversationId: null, questionId: null })) +
            sse({ type: 'done', answer: answerOf({ id, content: '回答', conversationId: null, questionId: null }) }),
        ),
      [CHAT_PATHS.shareCard]: () => png(),
    });
    askQuestion(input, '什么是恩典？');
    fireEvent.click((await waitForStatus('done')).getByTestId('chat-share'));
    expect(await screen.findByText('登录后即可分享回答。')).toBeTruthy();
    expect(screen.queryByTestId('share-sheet')).toBeNull();
    expect(server.callsTo(CHAT_PATHS.shareCard)).toEqual([]);
  });
});
