import { VERSION_POLL_MS } from '@bible-qa/contract';

/** The script sources of an HTML page, in order; a new release changes their hashed names. */
export function scriptSources(html: string): string[] {
  return [...html.matchAll(/<script\b[^>]*\bsrc\s*=\s*["']([^"']+)["']/gi)].map((match) => match[1] ?? '');
}

export interface VersionWatcherDeps {
  /** GET /?_timestamp={ms}: the root page as text (spec §7). */
  fetchRoot: () => Promise<string>;
  onUpdate: () => void;
  intervalMs?: number;
  /**
   * The script sources of the page running (its own document's): the list the first fetch is compared with. A page
   * the service worker served from its cache (no network in time, decision 0045) is then found out of date at the
   * first tick. Without it, the first fetch sets the list.
   */
  baseline?: readonly string[];
}

/**
 * Every 60 s fetches the root page and compares its script sources with the page's own, or else with the first
 * answer (spec §4). On a change it calls `onUpdate` once and stops. Failed fetches are skipped. Returns a stop
 * function.
 */
export function startVersionWatcher({
  fetchRoot,
  onUpdate,
  intervalMs = VERSION_POLL_MS,
  baseline: own,
}: VersionWatcherDeps) {
  let baseline: string | null = own ? own.join('\n') : null;
  let stopped = false;
  const check = async () => {
    try {
      const current = scriptSources(await fetchRoot()).join('\n');
      if (stopped) return;
      if (baseline === null) baseline = current;
      else if (current !== baseline) {
        stop();
        onUpdate();
      }
    } catch {
      // Offline or a deploy in progress: try again at the next tick.
    }
  };
  const timer = setInterval(() => void check(), intervalMs);
  if (baseline === null) void check();
  function stop() {
    stopped = true;
    clearInterval(timer);
  }
  return stop;
}
