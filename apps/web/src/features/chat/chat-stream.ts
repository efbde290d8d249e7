import type { ChatEvent } from '@bible-qa/contract';
import { readEventData } from '../../lib/sse.ts';

/** malformed: an event is not JSON or not a contract event; incomplete: the stream ended without done or error. */
export type ChatStreamFault = 'malformed' | 'incomplete';

export class ChatStreamError extends Error {
  readonly fault: ChatStreamFault;
  constructor(fault: ChatStreamFault, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ChatStreamError';
    this.fault = fault;
  }
}

/**
 * The events of an ask or resend stream, each validated against the contract, up to and including the terminal
 * `done` or `error` (the connection is closed then). Throws ChatStreamError on a malformed event or an early end,
 * and an AbortError when the signal aborts.
 */
export async function* readChatEvents(
  body: ReadableStream<Uint8Array>,
  signal?: AbortSignal,
): AsyncGenerator<ChatEvent, void, undefined> {
  // The validator loads with the first answer (see chat-schemas.ts), not with the page.
  const { chatEventSchema } = await import('./chat-schemas.ts');
  for await (const data of readEventData(body, signal)) {
    let json: unknown;
    try {
      json = JSON.parse(data);
    } catch (cause) {
      throw new ChatStreamError('malformed', 'A chat event is not JSON', { cause });
    }
    const parsed = chatEventSchema.safeParse(json);
    if (!parsed.success) {
      throw new ChatStreamError('malformed', 'A chat event does not match the contract', { cause: parsed.error });
    }
    yield parsed.data;
    if (parsed.data.type === 'done' || parsed.data.type === 'error') return;
  }
  throw new ChatStreamError('incomplete', 'The chat stream ended before its last event');
}
