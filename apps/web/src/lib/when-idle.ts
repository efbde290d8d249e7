/**
 * Runs `task` once the page has nothing more urgent to do (the browser's idle callback, at most `timeoutMs` later):
 * work for later screens (their code, the service worker's install) then never competes with the first screen's
 * rendering for the CPU of a slow phone.
 */
export function whenIdle(task: () => void, timeoutMs = 3000, win: Window = window): void {
  if (typeof win.requestIdleCallback === 'function') win.requestIdleCallback(() => task(), { timeout: timeoutMs });
  else win.setTimeout(task, 200);
}
