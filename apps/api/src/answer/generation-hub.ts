import type { ChatEvent } from '@bible-qa/contract';

type Listener = (event: ChatEvent) => Promise<void> | void;
export type AbortReason = 'stopped' | 'disconnected' | 'shutdown';

/**
 * One generation's events, buffered so a client that retries the same ask (same request id) while it is still
 * running joins it instead of starting a second model call. The model is aborted when the last listener leaves.
 */
export class GenerationHub {
  readonly controller = new AbortController();
  private readonly events: ChatEvent[] = [];
  private readonly listeners = new Set<Listener>();
  private finished = false;
  private readonly done: Promise<void>;
  private resolveDone!: () => void;
  /** Why the generation was aborted: the user pressed stop, the client went away, or the server is stopping. */
  abortReason: AbortReason | undefined;

  constructor(readonly answerId: string) {
    this.done = new Promise((resolve) => {
      this.resolveDone = resolve;
    });
  }

  get isFinished(): boolean {
    return this.finished;
  }

  async emit(event: ChatEvent): Promise<void> {
    this.events.push(event);
    await Promise.all([...this.listeners].map((l) => l(event)));
    if (event.type === 'done' || event.type === 'error') {
      this.finished = true;
      // A finished hub is kept a while for retried requests: its text lives in the terminal answer, so the
      // individual deltas and citation events are dropped rather than held.
      const meta = this.events.find((e) => e.type === 'meta');
      const content = event.answer?.content;
      this.events.length = 0;
      if (meta) this.events.push(meta);
      if (content) this.events.push({ type: 'delta', text: content });
      this.events.push(event);
      this.listeners.clear();
      this.resolveDone();
    }
  }

  /** Replays what happened so far (text merged into one delta), then follows live until the terminal event. */
  async follow(listener: Listener, signal: AbortSignal): Promise<void> {
    const text = this.events.flatMap((e) => (e.type === 'delta' ? [e.text] : [])).join('');
    const rest = this.events.filter((e) => e.type !== 'delta');
    const meta = rest.find((e) => e.type === 'meta');
    if (meta) await listener(meta);
    if (text) await listener({ type: 'delta', text });
    for (const e of rest) if (e.type !== 'meta') await listener(e);
    if (this.finished) return;
    this.listeners.add(listener);
    const leave = () => this.leave(listener);
    signal.addEventListener('abort', leave, { once: true });
    await Promise.race([
      this.done,
      new Promise<void>((r) => signal.addEventListener('abort', () => r(), { once: true })),
    ]);
    signal.removeEventListener('abort', leave);
    this.listeners.delete(listener);
  }

  private leave(listener: Listener): void {
    this.listeners.delete(listener);
    if (this.listeners.size === 0 && !this.finished) this.abort('disconnected');
  }

  abort(reason: AbortReason): void {
    if (this.controller.signal.aborted) return;
    this.abortReason = reason;
    this.controller.abort(abortError());
  }

  finishedPromise(): Promise<void> {
    return this.done;
  }
}

/**
 * The signal's reason, as `controller.abort()` would make it, with its stack already written out: an unformatted
 * stack keeps every frame's receiver alive (the request, its response and socket, for an abort that came from the
 * client going away), and a stopped hub is kept ten minutes; a thousand aborted streams held 500 responses and
 * sockets that way after a burst.
 */
function abortError(): DOMException {
  const error = new DOMException('This operation was aborted', 'AbortError');
  void error.stack;
  return error;
}

/** In-flight and recently finished generations of this process, by answer id and by request id. */
export class HubRegistry {
  private readonly byAnswer = new Map<string, GenerationHub>();
  private readonly byRequest = new Map<string, GenerationHub>();
  private draining = false;

  constructor(private readonly keepFinishedMs = 10 * 60_000) {}

  add(hub: GenerationHub, requestKey: string): void {
    // A generation that slips in after the shutdown began is stopped at once, like the others.
    if (this.draining) hub.abort('shutdown');
    this.byAnswer.set(hub.answerId, hub);
    this.byRequest.set(requestKey, hub);
    void hub.finishedPromise().then(() => {
      const t = setTimeout(() => {
        this.byAnswer.delete(hub.answerId);
        if (this.byRequest.get(requestKey) === hub) this.byRequest.delete(requestKey);
      }, this.keepFinishedMs);
      t.unref();
    });
  }

  byAnswerId(id: string): GenerationHub | undefined {
    return this.byAnswer.get(id);
  }

  byRequestKey(key: string): GenerationHub | undefined {
    return this.byRequest.get(key);
  }

  /**
   * At shutdown: stops every running generation (each keeps its text as stopped and ends its streams with a
   * retryable event) and resolves when all have finished.
   */
  async stopAll(): Promise<void> {
    this.draining = true;
    const running = [...this.byAnswer.values()].filter((hub) => !hub.isFinished);
    for (const hub of running) hub.abort('shutdown');
    await Promise.all(running.map((hub) => hub.finishedPromise()));
  }

  get inFlight(): number {
    let n = 0;
    for (const hub of this.byAnswer.values()) if (!hub.isFinished) n += 1;
    return n;
  }
}
