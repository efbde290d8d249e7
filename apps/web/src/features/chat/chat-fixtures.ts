import type { Answer, ChatEvent, Citation } from '@bible-qa/contract';

/** Test data shaped by the contract: answers, citations, event-stream bodies and a fake server. */
export const CONVERSATION_ID = '0b0f6c56-6c1e-4a3e-9a40-4d1d3a3d9c01';
export const QUESTION_ID = '0b0f6c56-6c1e-4a3e-9a40-4d1d3a3d9c02';
export const ANSWER_ID = '0b0f6c56-6c1e-4a3e-9a40-4d1d3a3d9c03';

export function answerOf(overrides: Partial<Answer> = {}): Answer {
  return {
    id: ANSWER_ID,
    conversationId: CONVERSATION_ID,
    questionId: QUESTION_ID,
    question: '什么是恩典？',
    status: 'done',
    mode: 'advanced',
    kind: 'answer',
    language: 'zh-cn',
    translation: 'cuv-hans',
    content: '',
    citations: [],
    relatedBooks: [],
    relatedLiterature: [],
    images: [],
    followUps: [],
    sources: [],
    verification: { checked: 0, linked: 0, marked: 0 },
    rating: null,
    ratingReason: null,
    collected: false,
    error: null,
    aiGenerated: true,
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** A citation of `text` where it first occurs in `content`, with UTF-16 offsets as the server computes them. */
export function citationIn(content: string, text: string, overrides: Partial<Citation> = {}): Citation {
  const start = content.indexOf(text);
  if (start < 0) throw new Error(`${text} is not in the content`);
  return {
    id: 'c1',
    text,
    start,
    end: start + text.length,
    status: 'linked',
    reference: 'JHN.3.16',
    label: '约翰福音 3:16',
    translation: 'cuv-hans',
    verseText: '神爱世人，甚至将他的独生子赐给他们。',
    ...overrides,
  };
}

export function metaEvent(overrides: Partial<Extract<ChatEvent, { type: 'meta' }>> = {}): ChatEvent {
  return {
    type: 'meta',
    answerId: ANSWER_ID,
    questionId: QUESTION_ID,
    conversationId: CONVERSATION_ID,
    mode: 'advanced',
    kind: 'answer',
    language: 'zh-cn',
    translation: 'cuv-hans',
    guest: false,
    ...overrides,
  };
}

export const sse = (event: ChatEvent | string): string =>
  `data: ${typeof event === 'string' ? event : JSON.stringify(event)}\n\n`;

/** An event-stream body the test writes to as it goes, like a live answer. */
export function liveStream() {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let cancelled = false;
  const body = new ReadableStream<Uint8Array>({
    start: (c) => {
      controller = c;
    },
    cancel: () => {
      cancelled = true;
    },
  });
  return {
    body,
    /** Writes a chunk; after the reader cancelled the stream (an abort) the chunk is dropped, as on a closed socket. */
    push: (chunk: string | Uint8Array) => {
      if (!cancelled) controller.enqueue(typeof chunk === 'string' ? encoder.encode(chunk) : chunk);
    },
    close: () => controller.close(),
    get cancelled() {
      return cancelled;
    },
  };
}

export function eventStreamResponse(body: ReadableStream<Uint8Array> | string): Response {
  return new Response(body, { headers: { 'Content-Type': 'text/event-stream; charset=utf-8' } });
}

export function envelope(data: unknown, msg = 'ok', code = 0): Response {
  return new Response(JSON.stringify({ code, msg, data }), { headers: { 'Content-Type': 'application/json' } });
}

export interface FakeCall {
  path: string;
  method: string;
  query: URLSearchParams;
  body: Record<string, unknown> | null;
  headers: Headers;
}

/** A fetch that answers /webapi paths from handlers and records every call. */
export function fakeServer(handlers: Record<string, (call: FakeCall) => Response | Promise<Response>>) {
  const calls: FakeCall[] = [];
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(String(input), 'http://localhost');
    const call: FakeCall = {
      path: url.pathname.replace(/^\/webapi/, ''),
      method: init.method ?? 'GET',
      query: url.searchParams,
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : null,
      headers: new Headers(init.headers),
    };
    calls.push(call);
    const handler = handlers[call.path];
    if (!handler) return envelope(null, 'not found', 10004);
    return handler(call);
  };
  return { fetch, calls, callsTo: (path: string) => calls.filter((call) => call.path === path) };
}
