import type { ChatEvent, Citation } from '@bible-qa/contract';

export type MetaEvent = Extract<ChatEvent, { type: 'meta' }>;
export type TerminalEvent = Extract<ChatEvent, { type: 'done' | 'error' }>;

/**
 * How far a reader has got in a generation: whether it has the meta event, how much text (UTF-16 units) and how
 * many citations. It travels as the SSE event id `<text>.<citations>`, which a reconnecting client sends back.
 */
export interface Cursor {
  meta: boolean;
  text: number;
  citations: number;
}
export const START: Cursor = { meta: false, text: 0, citations: 0 };

/** The cursor a client sent back (Last-Event-ID), or the start when it sent none or nonsense. */
export function parseCursor(id: string | undefined): Cursor {
  const match = id ? /^(\d{1,9})\.(\d{1,6})$/.exec(id.trim()) : null;
  return match ? { meta: true, text: Number(match[1]), citations: Number(match[2]) } : START;
}
const idOf = (text: number, citations: number) => `${text}.${citations}`;

/** A change of a generation's state, as the owner publishes it; `from` lets a follower detect a gap. */
export interface GenerationChange {
  from: { text: number; citations: number };
  /** The whole state so far (from the start), replacing what a store holds: sent after a failed publish. */
  full?: boolean;
  meta?: MetaEvent;
  text?: string;
  citations?: Citation[];
  terminal?: TerminalEvent;
}

export interface Step {
  events: { event: ChatEvent; id?: string }[];
  cursor: Cursor;
  ended: boolean;
}

/**
 * A generation as its readers see it: the meta event, the text so far, the citations found so far, and at the end
 * the terminal event (which carries the whole answer). Readers pull what lies beyond their cursor whenever they
 * can write, so a slow reader costs no queue: it gets all new text as one delta when its socket drains. A finished
 * generation keeps only meta and the terminal event.
 */
export class GenerationState {
  meta: MetaEvent | null = null;
  /**
   * The text as the pieces it arrived in, with their total length: slicing one long string at every step would copy
   * it whole each time (a long answer read by many small steps would cost its length squared).
   */
  private pieces: string[] = [];
  private starts: number[] = [];
  textLength = 0;
  citations: Citation[] = [];
  terminal: TerminalEvent | null = null;
  /** Bumped at every change; readers wait on it. */
  version = 0;
  private waiters = new Set<() => void>();

  constructor(readonly answerId: string) {}

  get ended(): boolean {
    return this.terminal !== null;
  }

  /** Applies one change (the owner's events, or a replica's copy of them) and wakes the readers. */
  apply(change: Omit<GenerationChange, 'from'>): void {
    if (this.terminal) return;
    if (change.meta) this.meta = change.meta;
    if (change.text) this.append(change.text);
    if (change.citations?.length) this.citations.push(...change.citations);
    if (change.terminal) {
      this.terminal = change.terminal;
      // The terminal answer holds the text and the citations: the pieces are not kept twice.
      const content = change.terminal.answer?.content;
      if (content !== undefined) {
        this.pieces = [];
        this.starts = [];
        this.textLength = 0;
        this.append(content);
      }
      this.citations = [];
    }
    this.touch();
  }

  private append(text: string): void {
    this.pieces.push(text);
    this.starts.push(this.textLength);
    this.textLength += text.length;
  }

  /** The whole text so far. */
  get text(): string {
    return this.textFrom(0);
  }

  /** The text from an offset on, joined from the pieces after it (a reader's cursor is usually near the end). */
  textFrom(offset: number): string {
    if (offset >= this.textLength) return '';
    let i = this.pieces.length - 1;
    while (i > 0 && this.starts[i]! > offset) i -= 1;
    const parts = this.pieces.slice(i);
    parts[0] = parts[0]!.slice(offset - this.starts[i]!);
    return parts.join('');
  }

  protected touch(): void {
    this.version += 1;
    const waiting = [...this.waiters];
    this.waiters.clear();
    for (const wake of waiting) wake();
  }

  /** What lies beyond the cursor, with the ids to resume from. */
  since(cursor: Cursor): Step {
    const events: Step['events'] = [];
    let { meta, text, citations } = cursor;
    if (!meta && this.meta) {
      events.push({ event: this.meta, id: idOf(0, 0) });
      meta = true;
    }
    if (!meta) {
      // A generation that failed before it began (no meta: its retrieval threw) still ends its readers.
      if (this.terminal) events.push({ event: this.terminal });
      return { events, cursor, ended: this.terminal !== null };
    }
    if (this.textLength > text) {
      events.push({ event: { type: 'delta', text: this.textFrom(text) }, id: idOf(this.textLength, citations) });
      text = this.textLength;
    }
    for (; citations < this.citations.length; citations += 1) {
      events.push({ event: { type: 'citation', citation: this.citations[citations]! }, id: idOf(text, citations + 1) });
    }
    // A reader that resumes always gets the terminal event: it holds the whole answer, whatever it missed.
    if (this.terminal) events.push({ event: this.terminal });
    return { events, cursor: { meta, text, citations }, ended: this.terminal !== null };
  }

  /** Resolves once the state has changed since `version` (at once if it already has), or when the signal aborts. */
  changed(version: number, signal: AbortSignal): Promise<void> {
    if (this.version !== version || signal.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      const wake = () => {
        signal.removeEventListener('abort', wake);
        this.waiters.delete(wake);
        resolve();
      };
      this.waiters.add(wake);
      signal.addEventListener('abort', wake, { once: true });
    });
  }

  /** The whole state as one change from the start (what a store mirrors for a reader elsewhere). */
  snapshot(): GenerationChange {
    return {
      from: { text: 0, citations: 0 },
      ...(this.meta ? { meta: this.meta } : {}),
      ...(this.textLength && !this.terminal ? { text: this.text } : {}),
      ...(this.citations.length ? { citations: [...this.citations] } : {}),
      ...(this.terminal ? { terminal: this.terminal } : {}),
    };
  }
}

/**
 * What a reader follows: a generation's state, and the release to call when it stops reading (`hadStream` false
 * when the client was gone before its stream opened: nothing to resume, so no grace is waited for it).
 */
export interface AnswerStream {
  state: GenerationState;
  release(hadStream?: boolean): void;
}

/** Follows a stream to its end and gives its terminal event (scripts that ask through the service). */
export async function terminalOf(stream: AnswerStream): Promise<TerminalEvent> {
  let terminal: TerminalEvent | undefined;
  try {
    await pump(
      stream.state,
      START,
      async (event) => {
        if (event.type === 'done' || event.type === 'error') terminal = event;
      },
      new AbortController().signal,
    );
  } finally {
    stream.release();
  }
  return terminal!;
}

/**
 * Sends a generation to one reader from its cursor until the terminal event, or until the signal aborts. Each send
 * waits while the reader's socket is full, and nothing piles up meanwhile: the next step takes what is new then.
 */
export async function pump(
  state: GenerationState,
  from: Cursor,
  send: (event: ChatEvent, id: string | undefined) => Promise<void>,
  signal: AbortSignal,
): Promise<void> {
  let cursor = from;
  while (!signal.aborted) {
    const version = state.version;
    const step = state.since(cursor);
    cursor = step.cursor;
    for (const { event, id } of step.events) {
      if (signal.aborted) return;
      await send(event, id);
    }
    if (step.ended) return;
    await state.changed(version, signal);
  }
}
