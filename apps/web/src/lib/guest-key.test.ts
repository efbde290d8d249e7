import { describe, expect, it, vi } from 'vitest';
import type { ApiClient } from './api-client.ts';
import { createGuestKeyKeeper, GUEST_KEY_PATH } from './guest-key.ts';
import { createAppStorage } from './storage.ts';

const ISSUED = `${'k'.repeat(22)}.${'m'.repeat(43)}`;

describe('the guest key keeper', () => {
  it('asks the server once per page load and keeps the key it issued', async () => {
    const storage = createAppStorage(window.localStorage);
    window.localStorage.clear();
    const request = vi.fn(async () => ({ code: 0, msg: '', data: { guestKey: ISSUED } }));
    const ensure = createGuestKeyKeeper(storage, () => ({ request }) as unknown as ApiClient);
    await Promise.all([ensure(), ensure()]);
    await ensure();
    expect(request).toHaveBeenCalledTimes(1);
    expect(request).toHaveBeenCalledWith('POST', GUEST_KEY_PATH, { body: {}, raw: true });
    expect(storage.getGuestKey()).toBe(ISSUED);
  });

  it('lets the ask go on without a key when none comes, and asks again next time', async () => {
    const storage = createAppStorage(window.localStorage);
    window.localStorage.clear();
    const request = vi
      .fn()
      .mockResolvedValueOnce({ code: 10008, msg: 'busy', data: null })
      .mockResolvedValueOnce({ code: 0, msg: '', data: { guestKey: ISSUED } });
    const ensure = createGuestKeyKeeper(storage, () => ({ request }) as unknown as ApiClient);
    await ensure();
    expect(storage.getGuestKey()).toBeNull();
    await ensure();
    expect(storage.getGuestKey()).toBe(ISSUED);
  });
});
