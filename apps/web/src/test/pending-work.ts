/**
 * The timers a web test file starts, counted so the file can finish its work before Vitest tears jsdom down.
 *
 * React's scheduler (setImmediate), react-dom's commit throttle, antd-mobile's toasts, React Query and the app's own
 * timeouts all use the global timers. A callback that runs after the teardown finds no `window` (React reads
 * `window.event` for every update) and Vitest fails the whole run on the unhandled error, even with every test
 * green. On a loaded machine the gap between a file's last test and its teardown is long enough for that to happen.
 */

type Callback = (...args: unknown[]) => void;
type Handle = unknown;

/** The timer functions of a global object, as far as tracking needs them. */
export interface TimerHost {
  setTimeout: (callback: Callback, ms?: number, ...args: unknown[]) => Handle;
  clearTimeout: (handle?: Handle) => void;
  setInterval: (callback: Callback, ms?: number, ...args: unknown[]) => Handle;
  clearInterval: (handle?: Handle) => void;
  setImmediate?: (callback: Callback, ...args: unknown[]) => Handle;
  clearImmediate?: (handle?: Handle) => void;
}

export interface PendingWork {
  /** Timers that have neither run nor been cleared; `immediates` are the scheduler's next turns. */
  pending(): { timeouts: number; intervals: number; immediates: number };
  /** Waits, turn by turn, until no immediate is queued (React has finished rendering) or `maxMs` has passed. */
  drain(maxMs: number): Promise<void>;
  /** Clears every pending timer; from now on new ones are never run. */
  close(): void;
  /** The host's own functions, untracked (a test's waits that must not count as the page's work). */
  readonly real: Readonly<TimerHost>;
}

/** Replaces the host's timer functions with counting ones and returns the count. */
export function trackPendingWork(host: TimerHost): PendingWork {
  const real: TimerHost = { ...pick(host) };
  let closed = false;
  const kinds = {
    timeouts: track(real.setTimeout, real.clearTimeout, true),
    intervals: track(real.setInterval, real.clearInterval, false),
    immediates: real.setImmediate && real.clearImmediate ? track(real.setImmediate, real.clearImmediate, true) : null,
  };

  function track<Args extends unknown[]>(
    start: (callback: Callback, ...args: Args) => Handle,
    stop: (handle?: Handle) => void,
    once: boolean,
  ) {
    const live = new Set<Handle>();
    return {
      live,
      start: (callback: Callback, ...args: Args): Handle => {
        if (closed) {
          const handle = start(() => undefined, ...args);
          stop(handle);
          return handle;
        }
        const handle = start(
          (...callArgs: unknown[]) => {
            if (once) live.delete(handle);
            if (!closed) callback(...callArgs);
          },
          ...args,
        );
        live.add(handle);
        return handle;
      },
      stop: (handle?: Handle) => {
        live.delete(handle);
        stop(handle);
      },
      clearAll: () => {
        for (const handle of live) stop(handle);
        live.clear();
      },
    };
  }

  host.setTimeout = kinds.timeouts.start;
  host.clearTimeout = kinds.timeouts.stop;
  host.setInterval = kinds.intervals.start;
  host.clearInterval = kinds.intervals.stop;
  if (kinds.immediates) {
    host.setImmediate = kinds.immediates.start;
    host.clearImmediate = kinds.immediates.stop;
  }

  const turn = () =>
    new Promise<void>((resolve) =>
      real.setImmediate ? real.setImmediate(() => resolve()) : real.setTimeout(() => resolve(), 0),
    );

  return {
    real,
    pending: () => ({
      timeouts: kinds.timeouts.live.size,
      intervals: kinds.intervals.live.size,
      immediates: kinds.immediates?.live.size ?? 0,
    }),
    async drain(maxMs) {
      const started = Date.now();
      while ((kinds.immediates?.live.size ?? 0) > 0 && Date.now() - started < maxMs) await turn();
    },
    close() {
      closed = true;
      kinds.timeouts.clearAll();
      kinds.intervals.clearAll();
      kinds.immediates?.clearAll();
    },
  };
}

function pick(host: TimerHost): TimerHost {
  const { setTimeout, clearTimeout, setInterval, clearInterval, setImmediate, clearImmediate } = host;
  return { setTimeout, clearTimeout, setInterval, clearInterval, setImmediate, clearImmediate };
}
