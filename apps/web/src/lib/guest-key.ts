import type { ApiClient } from './api-client.ts';
import type { AppStorage } from './storage.ts';

export const GUEST_KEY_PATH = '/portal/chat/guest-key';

/**
 * The guest key the server issued this browser (decision 0022), asked for once per page load before a guest's first
 * answer: the server hands back the key the browser sends when it issued it, else a new one (a key made by an older
 * client, or one from before the server's secret changed). A failure is not the reader's concern: the ask goes on
 * without a key (the guest is then known by its address) and the next ask tries again.
 */
export function createGuestKeyKeeper(storage: Pick<AppStorage, 'setGuestKey'>, api: () => ApiClient) {
  let checked: Promise<void> | null = null;
  return function ensureGuestKey(): Promise<void> {
    checked ??= api()
      // Raw: a refusal (high traffic) is not shown to the reader, whose ask goes on.
      .request('POST', GUEST_KEY_PATH, { body: {}, raw: true })
      .then((body) => {
        // Checked by its form in storage (no validation library on the first page load).
        const key = (body as { data?: { guestKey?: unknown } } | null)?.data?.guestKey;
        if (typeof key !== 'string' || !storage.setGuestKey(key)) throw new Error('no guest key issued');
      })
      .catch(() => {
        checked = null;
      });
    return checked;
  };
}
