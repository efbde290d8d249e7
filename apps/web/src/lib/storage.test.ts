import { beforeEach, describe, expect, it } from 'vitest';
import { CACHE_KEYS, STORAGE_KEYS, createAppStorage, encodeCacheKey, type CacheKey } from './storage.ts';

beforeEach(() => window.localStorage.clear());

describe('app storage', () => {
  const storage = createAppStorage(window.localStorage);

  it.each(['', 'undefined', 'null'])('reads the token %j as no token', (value) => {
    window.localStorage.setItem(STORAGE_KEYS.token, value);
    window.localStorage.setItem(STORAGE_KEYS.refreshToken, value);
    expect(storage.getToken()).toBeNull();
    expect(storage.getRefreshToken()).toBeNull();
  });

  it('keeps tokens under the spec keys and clears them with the user on logout', () => {
    storage.setToken('a');
    storage.setRefreshToken('r');
    window.localStorage.setItem(STORAGE_KEYS.user, '{}');
    expect(window.localStorage.getItem('APP_AUTH_TOKEN_KEY')).toBe('a');
    expect(window.localStorage.getItem('APP_AUTH_REFRESH_TOKEN_KEY')).toBe('r');
    storage.clearSession();
    expect(window.localStorage.length).toBe(0);
  });

  it('stores cache keys under encoded names', () => {
    for (const key of Object.keys(CACHE_KEYS) as CacheKey[]) {
      const stored = encodeCacheKey(key);
      expect(stored).not.toContain(CACHE_KEYS[key]);
      expect(atob(stored)).toBe(`CHAT_ASSISTANT__${CACHE_KEYS[key]}`);
    }
    storage.setCache('firstTour', { done: true });
    expect(window.localStorage.getItem(encodeCacheKey('firstTour'))).toBe('{"done":true}');
  });

  it('keeps the guest key the server issued under its encoded name, through a logout; an older own key is none', () => {
    expect(storage.getGuestKey()).toBeNull();
    const key = `${'a'.repeat(22)}.${'B'.repeat(43)}`;
    expect(storage.setGuestKey(key)).toBe(true);
    expect(storage.getGuestKey()).toBe(key);
    expect(window.localStorage.getItem(encodeCacheKey('guestKey'))).toBe(JSON.stringify(key));
    storage.clearSession();
    expect(storage.getGuestKey()).toBe(key);
    // The random key an older client made for itself is not one the server issued.
    window.localStorage.setItem(encodeCacheKey('guestKey'), JSON.stringify('0123456789abcdef0123456789abcdef'));
    expect(storage.getGuestKey()).toBeNull();
    expect(storage.setGuestKey('not a key')).toBe(false);
  });

  it('falls back to the International platform', () => {
    expect(storage.getPlatform()).toBe('International');
    storage.setPlatform('PartnerX');
    expect(storage.getPlatform()).toBe('PartnerX');
  });

  it('keeps the language in the global settings and ignores unknown ones', () => {
    expect(storage.getLanguage()).toBeNull();
    storage.updateGlobalSettings({ language: 'zh-tw' });
    storage.updateGlobalSettings({ darkMode: true });
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.globalSettings) ?? '')).toEqual({
      language: 'zh-tw',
      darkMode: true,
    });
    expect(storage.getLanguage()).toBe('zh-tw');
    window.localStorage.setItem(STORAGE_KEYS.globalSettings, '{"language":"klingon"}');
    expect(storage.getLanguage()).toBeNull();
    window.localStorage.setItem(STORAGE_KEYS.globalSettings, 'not json');
    expect(storage.getGlobalSettings()).toEqual({});
  });
});
