/**
 * Asks the service worker (decision 0045) to forget the API answers it kept (at logout and account deletion): what a
 * reader read offline does not stay on a shared device. Kept answers are already per reader; this removes them.
 */
export function forgetOfflineData(container: ServiceWorkerContainer | undefined = navigator.serviceWorker): void {
  container?.controller?.postMessage({ type: 'forget-data' });
}

/** Whether a service worker controls the page: what the page reads through it is kept for offline reading. */
export function keepsOfflineData(container: ServiceWorkerContainer | undefined = navigator.serviceWorker): boolean {
  return Boolean(container?.controller);
}
