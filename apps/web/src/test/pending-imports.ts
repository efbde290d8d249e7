/**
 * The `import()`s a web test file started (the test build routes each through a global: build/track-dynamic-imports.ts),
 * so the file can wait for the modules its last step asked for before Vitest tears jsdom down.
 */
export interface PendingImports {
  /** Starts counting: defines the global that every tracked `import()` calls. */
  install(host: Record<string, unknown>, name: string): void;
  /** How many imports have not settled. */
  readonly size: number;
  /** Settles once every import started so far, and any started while waiting, has settled (or `maxMs` passed). */
  settled(maxMs: number): Promise<void>;
}

export function trackPendingImports(): PendingImports {
  const pending = new Set<Promise<unknown>>();
  const track = <T>(loading: Promise<T>): Promise<T> => {
    pending.add(loading);
    const forget = () => pending.delete(loading);
    loading.then(forget, forget);
    return loading;
  };
  return {
    install(host, name) {
      host[name] = track;
    },
    get size() {
      return pending.size;
    },
    async settled(maxMs) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const deadline = new Promise<void>((resolve) => (timer = setTimeout(resolve, maxMs)));
      try {
        while (pending.size > 0) {
          const waited = await Promise.race([
            Promise.allSettled([...pending]).then(() => true),
            deadline.then(() => false),
          ]);
          if (!waited) return;
        }
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
