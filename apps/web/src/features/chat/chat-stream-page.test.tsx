import { Globals } from '@react-spring/web';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  ANSWER_ID,
  CONVERSATION_ID,
  answerOf,
  citationIn,
  envelope,
  eventStreamResponse,
  liveStream,
  metaEvent,
  sse,
} from './chat-fixtures.ts';
import { CHAT_PATHS } from './chat.queries.ts';
import { answerAt, askQuestion, renderChat, waitForCall, waitForStatus } from './chat-test-helpers.ts';
import { findToast } from '../../test/toasts.ts';

Globals.assign({ skipAnimation: true });

const CONTENT = '恩典是神白白的赐予。**约翰福音 3:16** 说神爱世人；又见约翰福音 99:1。';
const linked = citationIn(CONTENT, '约翰福音 3:16');
const invalid = citationIn(CONTENT, '约翰福音 99:1', {
  id: 'c2',
  status: 'invalid',
  reference: null,
  label: null,
  verseText: null,
});
const FOLLOW_UPS = ['恩典与律法有什么关系？', '如何领受恩典？', '旧约中有恩典吗？'];
const doneAnswer = answerOf({
  content: CONTENT,
  citations: [linked, invalid],
  followUps: FOLLOW_UPS,
  relatedBooks: [{ code: 'ROM', name: '罗马书', why: '保罗论因信称义' }],
  relatedLiterature: [{ id: 'l1', collection: 'c', collectionName: '系统神学', title: '论恩典', excerpt: '恩典是…' }],
  images: [
    {
      kind: 'verse-card',
      url: '/webapi/portal/chat/card/JHN.3.16.png',
      alt: '约翰福音 3:16 经文卡',
      reference: 'JHN.3.16',
    },
    { kind: 'map', url: 'https://tracker.example/pixel.png', alt: '站外图片', reference: null },
  ],
  verification: { checked: 2, linked: 1, marked: 1 },
});

/** A chat whose asks answer with live streams the test writes to, one per ask. */
async function liveChat(extra: Parameters<typeof renderChat>[0] = {}) {
  const streams: ReturnType<typeof liveStream>[] = [];
  const view = await renderChat({
    [CHAT_PATHS.ask]: () => {
      const stream = liveStream();
      streams.push(stream);
      return eventStreamResponse(stream.body);
    },
    ...extra,
  });
  const streamAt = async (n: number) => {
    await waitFor(() => expect(streams.length).toBeGreaterThanOrEqual(n));
    return streams[n - 1]!;
  };
  return { ...view, streamAt };
}

describe('chat page: a streamed answer', () => {
  it('shows the delta text as it arrives, then the done answer with its citations and parts', async () => {
    const { input, server, streamAt } = await liveChat();
    askQuestion(input, '什么是恩典？');
    const stream = await streamAt(1);

    const ask = server.callsTo(CHAT_PATHS.ask)[0]!;
    expect(ask.method).toBe('POST');
    expect(ask.body).toMatchObject({
      question: '什么是恩典？',
      mode: 'advanced',
      kind: 'answer',
      sysName: 'CHAT_ASSISTANT',
    });
    expect(ask.body?.requestId).toMatch(/^[0-9a-f]{32}$/);
    expect(ask.body).not.toHaveProperty('conversationId');
    expect(ask.headers.get('Accept')).toBe('text/event-stream');
    // The conversation's code loads once the first screen is up.
    expect(await screen.findByTestId('chat-answer-thinking')).toBeTruthy();

    stream.push(sse(metaEvent()) + ': ping\n\n' + sse({ type: 'delta', text: '恩典是神' }));
    await waitFor(() => expect(answerAt().textContent).toContain('恩典是神'));
    expect(answerAt().textContent).not.toContain('白白的赐予');
    // The next delta's first Chinese character arrives split across two chunks.
    const bytes = new TextEncoder().encode(sse({ type: 'delta', text: '白白的赐予。' }));
    const cut = bytes.indexOf(0xe7) + 1; // inside 白
    stream.push(bytes.slice(0, cut));
    stream.push(bytes.slice(cut));
    await waitFor(() => expect(answerAt().textContent).toContain('恩典是神白白的赐予。'));
    expect(screen.getByTestId('chat-answer-stop')).toBeTruthy();

    stream.push(sse({ type: 'done', answer: doneAnswer }));
    const answer = await waitForStatus('done');
    expect(answerAt().dataset.answerId).toBe(ANSWER_ID);
    const citation = answer.getByTestId('chat-citation-c1');
    expect(citation.tagName).toBe('BUTTON');
    expect(citation.textContent).toBe('约翰福音 3:16');
    expect(citation.closest('strong')).toBeTruthy();
    const marked = answer.getByTestId('chat-citation-c2');
    expect(marked.tagName).not.toBe('BUTTON');
    expect(marked.className).toContain('chat-citation-invalid');
    expect(marked.getAttribute('title')).toBe('未找到这处经文，请以圣经原文为准');
    expect(marked.querySelector('svg')).toBeTruthy();

    expect(answer.getByTestId('chat-related-books').textContent).toContain('罗马书');
    expect(answer.getByTestId('chat-related-literature').textContent).toContain('论恩典');
    expect(answer.getByTestId('chat-verification').textContent).toBe('已核对 2 处经文引用：1 处已链接，1 处已标注');
    const images = within(answer.getByTestId('chat-images')).getAllByRole('img');
    expect(images.map((img) => img.getAttribute('src'))).toEqual(['/webapi/portal/chat/card/JHN.3.16.png']);
    expect(FOLLOW_UPS.map((_, i) => answer.getByTestId(`chat-followup-${i + 1}`).textContent)).toEqual(FOLLOW_UPS);
    expect(screen.queryByTestId('chat-answer-stop')).toBeNull();
    expect(stream.cancelled).toBe(true);
  });

  it('lays a citation that arrives during the stream over the streamed text', async () => {
    const { input, streamAt } = await liveChat();
    askQuestion(input, '神爱世人在哪里？');
    const stream = await streamAt(1);
    const text = '见约翰福音 3:16。';
    stream.push(sse(metaEvent()) + sse({ type: 'delta', text }));
    stream.push(sse({ type: 'citation', citation: citationIn(text, '约翰福音 3:16') }));
    await waitFor(() => expect(within(answerAt()).getByTestId('chat-citation-c1').textContent).toBe('约翰福音 3:16'));
  });

  it('previews a linked verse on tap and opens the passage with parallel translations', async () => {
    const translations = [
      { id: 'cuv-hans', name: '和合本', abbr: '和合本', language: 'zh-Hans' },
      { id: 'cuv-hant', name: '和合本（繁）', abbr: '和合本（繁）', language: 'zh-Hant' },
      { id: 'webbe', name: 'World English Bible', abbr: 'WEB', language: 'en' },
    ].map((t) => ({
      ...t,
      tradition: 'protestant',
      license: 'PD',
      source: 's',
      year: null,
      notes: null,
      verseCount: 1,
    }));
    const passageOf = (id: string, name: string, language: string, text: string) => ({
      reference: 'JHN.3.16',
      translationReference: 'JHN.3.16',
      title: '约翰福音 3:16',
      translation: { id, name, language },
      verses: [{ book: 'JHN', chapter: 3, verse: 16, text }],
    });
    const { input, server, streamAt } = await liveChat({
      [CHAT_PATHS.translations]: () => envelope(translations),
      [CHAT_PATHS.parallel]: () =>
        envelope({
          reference: 'JHN.3.16',
          passages: [
            passageOf('cuv-hans', '和合本', 'zh-Hans', '神爱世人，甚至将他的独生子赐给他们'),
            passageOf('webbe', 'World English Bible', 'en', 'For God so loved the world'),
          ],
        }),
    });
    askQuestion(input, '什么是恩典？');
    (await streamAt(1)).push(sse(metaEvent()) + sse({ type: 'done', answer: doneAnswer }));
    await waitForStatus('done');

    fireEvent.click(screen.getByTestId('chat-citation-c1'));
    const preview = await screen.findByTestId('chat-verse-preview');
    expect(preview.textContent).toContain('神爱世人，甚至将他的独生子赐给他们。');
    fireEvent.click(within(preview).getByTestId('chat-passage-open'));

    const passage = await screen.findByTestId('chat-passage');
    await waitFor(() => expect(within(passage).getByTestId('chat-passage-webbe').textContent).toContain('For God'));
    const parallel = server.callsTo(CHAT_PATHS.parallel)[0]!;
    expect(parallel.query.get('ref')).toBe('JHN.3.16');
    // The quoted translation, then one in English (no other simplified-Chinese text here).
    expect(parallel.query.get('translations')).toBe('cuv-hans,webbe');
    // Only the translations that hold the passage are offered: the sheet asks for those of this reference.
    expect(server.callsTo(CHAT_PATHS.translations)[0]!.query.get('ref')).toBe('JHN.3.16');
    // The quoted text comes first, then the way into the chapter, then the chips (short names).
    const order = [...passage.querySelectorAll('[data-testid]')].map((e) => e.getAttribute('data-testid'));
    expect(order.indexOf('chat-passage-cuv-hans')).toBeLessThan(order.indexOf('chat-passage-read'));
    expect(order.indexOf('chat-passage-read')).toBeLessThan(order.indexOf('chat-passage-translations'));
    expect(within(passage).getByTestId('chat-passage-chip-webbe').textContent).toBe('WEB');
    expect(within(passage).getByTestId('chat-passage-read').getAttribute('href')).toBe('/read/JHN/3?v=16&t=cuv-hans');
    fireEvent.click(within(passage).getByTestId('chat-passage-chip-cuv-hant'));
    await waitFor(() =>
      expect(server.callsTo(CHAT_PATHS.parallel).at(-1)!.query.get('translations')).toBe('cuv-hans,webbe,cuv-hant'),
    );
  });

  it('asks a tapped follow-up in the same conversation', async () => {
    const { input, server, streamAt } = await liveChat();
    askQuestion(input, '什么是恩典？');
    (await streamAt(1)).push(sse(metaEvent()) + sse({ type: 'done', answer: doneAnswer }));
    await waitForStatus('done');

    fireEvent.click(screen.getByTestId('chat-followup-2'));
    const followUp = await waitForCall(() => server.callsTo(CHAT_PATHS.ask), 2);
    expect(followUp.body).toMatchObject({ question: '如何领受恩典？', conversationId: CONVERSATION_ID });
    expect(screen.getAllByTestId('chat-question').map((q) => q.textContent)).toEqual([
      '什么是恩典？',
      '如何领受恩典？',
    ]);
  });

  it('stops an answer: calls the stop path, shows its message and keeps the text so far', async () => {
    const { input, server, streamAt } = await liveChat({
      [CHAT_PATHS.stop]: () => envelope(null, '已为您停止回复'),
    });
    askQuestion(input, '什么是恩典？');
    const stream = await streamAt(1);
    stream.push(sse(metaEvent()) + sse({ type: 'delta', text: '恩典是神白白的' }));
    await waitFor(() => expect(answerAt().textContent).toContain('恩典是神白白的'));

    fireEvent.click(screen.getByTestId('chat-answer-stop'));
    const stop = await waitForCall(() => server.callsTo(CHAT_PATHS.stop));
    expect(stop.body).toMatchObject({ id: ANSWER_ID });
    await findToast('已为您停止回复');
    const answer = await waitForStatus('stopped');
    // A delta still in flight is not shown after the stop.
    stream.push(sse({ type: 'delta', text: '赐予' }));
    await waitFor(() => expect(stream.cancelled).toBe(true));
    expect(answer.getByTestId('chat-answer-content').textContent).toBe('恩典是神白白的');
    expect(answer.getByTestId('chat-answer-stopped')).toBeTruthy();
    expect(answer.getByTestId('chat-answer-resend')).toBeTruthy();
  });

  it('fails on a malformed event with the catalogue message, and a retry resends the stored answer', async () => {
    const resend = liveStream();
    const { input, server, streamAt } = await liveChat({
      [CHAT_PATHS.resend]: () => eventStreamResponse(resend.body),
    });
    askQuestion(input, '什么是恩典？');
    (await streamAt(1)).push(sse(metaEvent()) + 'data: {"type":"delta","text":\n\n');
    const answer = await waitForStatus('failed');
    expect(answer.getByTestId('chat-answer-error').textContent).toBe('回答解析失败，请重试');

    fireEvent.click(answer.getByTestId('chat-answer-retry'));
    const call = await waitForCall(() => server.callsTo(CHAT_PATHS.resend));
    expect(call.body).toMatchObject({ answerId: ANSWER_ID });
    expect(call.body?.requestId).not.toBe(server.callsTo(CHAT_PATHS.ask)[0]!.body?.requestId);
    resend.push(sse(metaEvent()) + sse({ type: 'done', answer: doneAnswer }));
    await waitForStatus('done');
  });

  it('shows the message of an error event, and of a refused ask, which a retry sends with the same request id', async () => {
    let asks = 0;
    const { input, server } = await renderChat({
      [CHAT_PATHS.ask]: () =>
        ++asks === 1
          ? envelope(null, '当前访问人数较多，请刷新页面或稍后再试', 10008)
          : eventStreamResponse(
              sse(metaEvent()) + sse({ type: 'error', code: 10201, msg: '生成失败，服务器异常', answer: null }),
            ),
    });
    askQuestion(input, '什么是恩典？');
    let answer = await waitForStatus('failed');
    expect(answer.getByTestId('chat-answer-error').textContent).toBe('当前访问人数较多，请刷新页面或稍后再试');

    fireEvent.click(answer.getByTestId('chat-answer-retry'));
    await waitForCall(() => server.callsTo(CHAT_PATHS.ask), 2);
    const [first, second] = server.callsTo(CHAT_PATHS.ask);
    expect(second!.body?.requestId).toBe(first!.body?.requestId);
    await waitFor(() =>
      expect(within(answerAt()).getByTestId('chat-answer-error').textContent).toBe('生成失败，服务器异常'),
    );
    answer = within(answerAt());
    expect(answer.getByTestId('chat-answer-retry')).toBeTruthy();
  });

  it('renders no script, no handler attribute and no javascript: link from an answer', async () => {
    const content = [
      '<script>window.__pwned = true</script>',
      '<img src=x onerror="window.__pwned = true">',
      '[点我](javascript:window.__pwned=true) [也点我](https://example.org/ok)',
      '![站外](https://tracker.example/p.gif)',
    ].join('\n\n');
    const { input, streamAt } = await liveChat();
    askQuestion(input, 'x');
    (await streamAt(1)).push(sse(metaEvent()) + sse({ type: 'done', answer: answerOf({ content }) }));
    await waitForStatus('done');
    const body = within(answerAt()).getByTestId('chat-answer-content');
    expect(body.querySelector('script, img, iframe, [onerror], [onclick]')).toBeNull();
    expect([...body.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual(['https://example.org/ok']);
    expect(body.textContent).toContain('<script>window.__pwned = true</script>');
    expect((window as { __pwned?: boolean }).__pwned).toBeUndefined();
  });

  it('tells a guest that logging in keeps the history', async () => {
    const { input, streamAt } = await liveChat();
    askQuestion(input, '什么是恩典？');
    (await streamAt(1)).push(
      sse(metaEvent({ guest: true, conversationId: null, questionId: null })) +
        sse({ type: 'done', answer: answerOf({ content: '恩典', conversationId: null }) }),
    );
    await waitForStatus('done');
    expect(screen.getByTestId('chat-guest-banner').textContent).toContain('登录后，你的探索记录将被永久保存');
    fireEvent.click(screen.getByTestId('chat-collect'));
    expect(await screen.findByText('登录后即可收藏和评价回答，并永久保存你的探索记录。')).toBeTruthy();
  });
});
