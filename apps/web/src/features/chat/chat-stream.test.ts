import type { ChatEvent } from '@bible-qa/contract';
import { describe, expect, it } from 'vitest';
import { answerOf, liveStream, metaEvent, sse } from './chat-fixtures.ts';
import { ChatStreamError, readChatEvents } from './chat-stream.ts';

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
