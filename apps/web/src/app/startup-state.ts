import { useSyncExternalStore } from 'react';

/**
 * Whether the start-up sequence (spec §4) has finished: the welcome overlay stays up until then. Only the real app
 * start marks it pending (main.tsx); anything rendered without a start-up (tests) counts as started.
 */
let pending = false;
const listeners = new Set<() => void>();

export function trackStartup(startup: Promise<unknown>): void {
  pending = true;
  const done = () => {
    pending = false;
    listeners.forEach((listener) => listener());
  };
  startup.then(done, done);
}

export function useStartupPending(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => pending,
  );
}
