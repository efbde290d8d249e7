import type { ChatEvent } from '@bible-qa/contract';
import { ApiError } from '../../lib/api-client.ts';
import { readEvents } from '../../lib/sse.ts';

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
  onId?: (id: string) => void,
): AsyncGenerator<ChatEvent, void, undefined> {
  // The validator loads with the first answer (see chat-schemas.ts), not with the page.
  const { chatEventSchema } = await import('./chat-schemas.ts');
  for await (const { data, id } of readEvents(body, signal)) {
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
    if (id) onId?.(id);
    yield parsed.data;
    if (parsed.data.type === 'done' || parsed.data.type === 'error') return;
  }
  throw new ChatStreamError('incomplete', 'The chat stream ended before its last event');
}

/** Waits before each new try after a dropped connection; as many tries as there are waits. */
export const RESUME_DELAYS_MS = [500, 1_500, 4_000];

/** A connection that dropped (or never came up) rather than a server that answered: worth picking up again. */
function isDropped(error: unknown): boolean {
  if (error instanceof ChatStreamError) return error.fault === 'incomplete';
  if (error instanceof ApiError) return error.kind === 'network' || error.kind === 'timeout';
  // A fetch body whose connection breaks while it is read rejects with a TypeError.
  return error instanceof TypeError;
}

/**
 * The events of an ask or resend that survives dropped connections: the request is sent again with the same request
 * id and the id of the last event received (Last-Event-ID), and the server (any server of the fleet) sends what was
 * missed, then the rest. Gives up after RESUME_DELAYS_MS.length tries in a row without a new event.
 */
export async function* resumableChatEvents(
  open: (lastEventId: string | undefined) => Promise<ReadableStream<Uint8Array>>,
  signal: AbortSignal,
  delays: readonly number[] = RESUME_DELAYS_MS,
): AsyncGenerator<ChatEvent, void, undefined> {
  let lastEventId: string | undefined;
  let failures = 0;
  for (;;) {
    try {
      const body = await open(lastEventId);
      yield* readChatEvents(body, signal, (id) => {
        lastEventId = id;
        failures = 0;
      });
      return;
    } catch (error) {
      if (signal.aborted || !isDropped(error) || failures >= delays.length) throw error;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, delays[failures]);
        signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
      });
      failures += 1;
      if (signal.aborted) throw new DOMException('The stream was aborted', 'AbortError');
    }
  }
}
