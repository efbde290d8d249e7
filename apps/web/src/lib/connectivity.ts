import { useSyncExternalStore } from 'react';
import { KEPT_AT_HEADER, KEPT_EARLY_HEADER } from '../service-worker/cache-rules.ts';

/**
 * Whether the app can reach its server: what the browser says (its online and offline events) corrected by what the
 * app's own calls find (a call that fails for want of a network, an answer the service worker served from what it
 * kept, decision 0045). The browser's flag alone stays "online" on a network that reaches nothing.
 */
let offline = typeof navigator !== 'undefined' && navigator.onLine === false;
const listeners = new Set<() => void>();

function set(next: boolean): void {
  if (next === offline) return;
  offline = next;
  listeners.forEach((listener) => listener());
}

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => set(false));
  window.addEventListener('offline', () => set(true));
}

/** A call reached the server (true) or failed for want of a network (false). */
export function reportReachable(reachable: boolean): void {
  set(!reachable);
}

/**
 * What a call's outcome says of the network: reached (the server answered), not reached (the call failed for want of
 * a network, or the service worker served what it kept because the network did not answer), or nothing (the version
 * marker's kept copy, served before the network was asked: offline, it made the app believe it was online).
 */
export function reachOf(response: Response | null): boolean | undefined {
  if (response === null) return false;
  if (response.headers.has(KEPT_EARLY_HEADER)) return undefined;
  return !response.headers.has(KEPT_AT_HEADER);
}

/** Reports what a call's outcome says of the network (reachOf), when it says something. */
export function reportOutcome(response: Response | null): void {
  const reached = reachOf(response);
  if (reached !== undefined) reportReachable(reached);
}

export const isOffline = (): boolean => offline;

export function useOffline(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => offline,
  );
}

/** Asks the server whether it is there (after a page's code failed to load: a release, or no network?). */
export async function probeServer(fetchImpl: typeof fetch = (input, init) => fetch(input, init)): Promise<void> {
  try {
    await fetchImpl('/webapi/health', { cache: 'no-store' });
    reportReachable(true);
  } catch {
    reportReachable(false);
  }
}
