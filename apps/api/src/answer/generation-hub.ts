import type { ChatEvent } from '@bible-qa/contract';
import { GenerationState, type GenerationChange } from './generation-state.ts';

export type AbortReason = 'stopped' | 'disconnected' | 'shutdown';

/**
 * One generation on the server that runs it: the model call's abort controller and its state, which readers here
 * follow directly and the generation store mirrors for readers on other servers. It counts its readers (here and,
 * through the store, elsewhere); when the last one has been gone for the resume grace, the generation is aborted as
 * disconnected, so a model call nobody reads stops costing.
 */
export class GenerationHub extends GenerationState {
  readonly controller = new AbortController();
  /** Why the generation was aborted: the user pressed stop, every reader went away, or the server is stopping. */
  abortReason: AbortReason | undefined;
  private localReaders = 0;
  /** Whether any reader here had its stream opened: only then does a generation left without readers wait the grace. */
  private streamed = false;
  /** Whether a server elsewhere has followed it (its readers' streams are not seen here). */
  private followedElsewhere = false;
  private readonly remoteReaders = new Map<string, number>();
  private graceTimer: NodeJS.Timeout | undefined;
  private readonly done: Promise<void>;
  private resolveDone!: () => void;
  /** Called with every change, for the store's mirror (set by the registry). */
  onChange: (change: GenerationChange) => void = () => undefined;

  constructor(
    answerId: string,
    private readonly graceMs: number,
  ) {
    super(answerId);
    this.done = new Promise((resolve) => (this.resolveDone = resolve));
  }

  get isFinished(): boolean {
    return this.ended;
  }

  async emit(event: ChatEvent): Promise<void> {
    if (this.ended) return;
    const from = { text: this.textLength, citations: this.citations.length };
    const change: GenerationChange =
      event.type === 'meta'
        ? { from, meta: event }
        : event.type === 'delta'
          ? { from, text: event.text }
          : event.type === 'citation'
            ? { from, citations: [event.citation] }
            : { from, terminal: event };
    this.apply(change);
    this.onChange(change);
    if (this.ended) {
      clearTimeout(this.graceTimer);
      this.resolveDone();
    }
  }

  /**
   * A reader on this server starts following; the returned function says it left, and whether it had its stream
   * opened. A reader gone before its stream opened (the client left while the answer was being started) had nothing
   * to resume from: when no reader ever had a stream, the generation is aborted at once, without the grace.
   */
  attach(): (hadStream?: boolean) => void {
    this.localReaders += 1;
    clearTimeout(this.graceTimer);
    let left = false;
    return (hadStream = true) => {
      if (left) return;
      left = true;
      this.localReaders -= 1;
      if (hadStream) this.streamed = true;
      this.checkReaders();
    };
  }

  /** A server whose readers follow this generation says they are there (until `expiresAt`) or gone (0). */
  remoteReader(server: string, expiresAt: number): void {
    this.followedElsewhere = true;
    if (expiresAt > Date.now()) {
      this.remoteReaders.set(server, expiresAt);
      clearTimeout(this.graceTimer);
    } else if (this.remoteReaders.delete(server)) {
      this.checkReaders();
    }
  }

  get readers(): number {
    const now = Date.now();
    for (const [server, until] of this.remoteReaders) if (until <= now) this.remoteReaders.delete(server);
    return this.localReaders + this.remoteReaders.size;
  }

  /**
   * With no reader left, the generation waits the grace for one to come back (a reconnect), then is aborted; when no
   * reader here ever had a stream (and none elsewhere follows it), it is aborted at once.
   */
  checkReaders(): void {
    if (this.ended || this.readers > 0) return;
    clearTimeout(this.graceTimer);
    if (this.graceMs <= 0 || (!this.streamed && !this.followedElsewhere)) return this.abort('disconnected');
    this.graceTimer = setTimeout(() => {
      if (this.readers === 0) this.abort('disconnected');
    }, this.graceMs);
    this.graceTimer.unref();
  }

  abort(reason: AbortReason): void {
    if (this.controller.signal.aborted || this.ended) return;
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
