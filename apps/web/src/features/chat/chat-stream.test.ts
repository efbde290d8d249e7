import type { ChatEvent } from '@bible-qa/contract';
import { describe, expect, it } from 'vitest';
import { answerOf, liveStream, metaEvent, sse } from './chat-fixtures.ts';
import { ChatStreamError, readChatEvents, resumableChatEvents } from './chat-stream.ts';

function bodyOf(text: string): ReadableStream<Uint8Array> {
  return new Response(text).body!;
}

async function collect(body: ReadableStream<Uint8Array>): Promise<ChatEvent[]> {
  const events: ChatEvent[] = [];
  for await (const event of readChatEvents(body)) events.push(event);
  return events;
}

describe('readChatEvents', () => {
  it('yields the validated events up to done and closes the stream then', async () => {
    const stream = liveStream();
    stream.push(`: ping\n\n${sse(metaEvent())}${sse({ type: 'delta', text: '恩典' })}`);
    stream.push(sse({ type: 'done', answer: answerOf({ content: '恩典' }) }));
    const events = await collect(stream.body);
    expect(events.map((event) => event.type)).toEqual(['meta', 'delta', 'done']);
    expect(stream.cancelled).toBe(true);
  });

  it('fails with a malformed fault on an event that is not JSON', async () => {
    await expect(collect(bodyOf(`${sse(metaEvent())}data: {"type":"delta",\n\n`))).rejects.toMatchObject({
      name: 'ChatStreamError',
      fault: 'malformed',
    });
  });

  it('fails with a malformed fault on JSON that is not a contract event', async () => {
    const error = await collect(bodyOf(sse('{"type":"delta","text":42}'))).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChatStreamError);
    expect((error as ChatStreamError).fault).toBe('malformed');
  });

  it('fails with an incomplete fault when the stream ends without done or error', async () => {
    await expect(collect(bodyOf(sse(metaEvent())))).rejects.toMatchObject({ fault: 'incomplete' });
  });

  it('ends at an error event, which carries the message to show', async () => {
    const events = await collect(
      bodyOf(sse({ type: 'error', code: 10201, msg: '生成失败，服务器异常', answer: null }) + sse(metaEvent())),
    );
    expect(events).toEqual([{ type: 'error', code: 10201, msg: '生成失败，服务器异常', answer: null }]);
  });
});

const withId = (id: string, event: ChatEvent) => `id: ${id}\n${sse(event)}`;

/** A body that sends some events, then breaks as a dropped connection does. */
function breakingBody(text: string): ReadableStream<Uint8Array> {
  let sent = false;
  return new ReadableStream({
    pull(controller) {
      if (sent) return controller.error(new TypeError('network error'));
      sent = true;
      controller.enqueue(new TextEncoder().encode(text));
    },
  });
}

describe('resumableChatEvents', () => {
  async function collectResumed(bodies: (() => ReadableStream<Uint8Array>)[], delays = [0, 0]) {
    const sent: (string | undefined)[] = [];
    const events: ChatEvent[] = [];
    const open = async (lastEventId: string | undefined) => {
      sent.push(lastEventId);
      const next = bodies.shift();
      if (!next) throw new TypeError('network error');
      return next();
    };
    for await (const event of resumableChatEvents(open, new AbortController().signal, delays)) events.push(event);
    return { sent, events };
  }

  it('picks a dropped stream up again from the last event id, and the answer reads whole', async () => {
    const { sent, events } = await collectResumed([
      () => breakingBody(withId('0.0', metaEvent()) + withId('2.0', { type: 'delta', text: '恩典' })),
      () =>
        bodyOf(
          withId('4.0', { type: 'delta', text: '平安' }) +
            sse({ type: 'done', answer: answerOf({ content: '恩典平安' }) }),
        ),
    ]);
    expect(sent).toEqual([undefined, '2.0']);
    expect(events.map((e) => (e.type === 'delta' ? e.text : e.type))).toEqual(['meta', '恩典', '平安', 'done']);
  });

  it('gives up after its tries when the connection keeps failing, with the failure', async () => {
    const attempt = collectResumed([() => breakingBody(withId('0.0', metaEvent()))], [0, 0]);
    await expect(attempt).rejects.toBeInstanceOf(TypeError);
  });

  it('does not try again after an answer the server refused or garbled', async () => {
    const sent: (string | undefined)[] = [];
    const open = async (id: string | undefined) => (
      sent.push(id),
      bodyOf(`${sse(metaEvent())}data: {"type":"delta",\n\n`)
    );
    const events = resumableChatEvents(open, new AbortController().signal, [0, 0]);
    await expect(
      (async () => {
        for await (const _ of events) void _;
      })(),
    ).rejects.toMatchObject({ fault: 'malformed' });
    expect(sent).toEqual([undefined]);
  });
});
