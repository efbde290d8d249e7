import { whenIdle } from '../lib/when-idle.ts';

/**
 * Installs the service worker (decision 0045) once the page has loaded and is idle, so its first downloads never
 * compete with the first screen's, and tells it which built files this page fetched before it was in control (they
 * are kept too: the reader's language's catalogues, a page opened first). Production builds only: the dev server has
 * no /sw.js.
 */
export function registerServiceWorker(
  win: Window = window,
  container: ServiceWorkerContainer | undefined = navigator.serviceWorker,
): void {
  if (!container) return;
  const loaded = () => win.performance.getEntriesByType('resource').map((entry) => entry.name);
  const tell = (worker: ServiceWorker | null | undefined) => worker?.postMessage({ type: 'keep', urls: loaded() });
  const register = () => {
    container
      .register('/sw.js')
      .then(() => container.ready)
      .then((registration) => tell(registration.active))
      .catch(() => undefined);
    container.addEventListener('controllerchange', () => tell(container.controller));
  };
  const later = () => whenIdle(register, 5000, win);
  if (win.document.readyState === 'complete') later();
  else win.addEventListener('load', later, { once: true });
}
