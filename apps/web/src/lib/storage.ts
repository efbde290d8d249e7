import { DEFAULT_PLATFORM, LOCALES, ROLES, type Locale, type UserInfo } from '@bible-qa/contract';

/** Plain keys of spec §3: the two tokens, the user info and the global settings. */
export const STORAGE_KEYS = {
  user: 'app_user',
  token: 'APP_AUTH_TOKEN_KEY',
  refreshToken: 'APP_AUTH_REFRESH_TOKEN_KEY',
  globalSettings: 'APP_GLOBAL_SETTINGS',
} as const;

/** Cache keys of spec §3, stored under an encoded name (see `encodeCacheKey`). */
export const CACHE_KEYS = {
  assessmentResult: 'ASSESSMENT_RESULT',
  defaultLanguage: 'DEFAULT_LANGUAGE',
  languageSelection: 'LANGUAGE_SELECTION',
  platformCode: 'PLATFORM_CODE',
  appFirstTour: 'APP_FIRST_TOUR',
  firstTour: 'FIRST_TOUR',
  /** This browser's guest key, issued by the server (sent as Guest-Key): a guest's answers belong to it. */
  guestKey: 'GUEST_KEY',
  /** The conversations the server does not keep (a guest's), so a reload finds them (features/chat). */
  guestConversations: 'GUEST_CONVERSATIONS',
} as const;
export type CacheKey = keyof typeof CACHE_KEYS;

const CACHE_PREFIX = 'CHAT_ASSISTANT__';

/** The stored name of a cache key: base64 of the prefixed name, so cache entries are not readable at a glance. */
export function encodeCacheKey(key: CacheKey): string {
  return btoa(`${CACHE_PREFIX}${CACHE_KEYS[key]}`);
}

/** Global app settings, kept as one JSON object under the global key. */
export interface GlobalSettings {
  language?: Locale;
  darkMode?: boolean;
  themeColor?: string;
}

/**
 * app_user is written only from a validated GET /portal/member/info; reading it back checks its shape by hand, so the
 * first page load needs no validation library.
 */
function isStoredUser(value: unknown): value is UserInfo {
  if (!value || typeof value !== 'object') return false;
  const user = value as Record<string, unknown>;
  return (
    typeof user.id === 'string' &&
    typeof user.name === 'string' &&
    (ROLES as readonly unknown[]).includes(user.role) &&
    (LOCALES as readonly unknown[]).includes(user.language) &&
    Array.isArray(user.interests)
  );
}

/** The form of a key the server issued (guestKeySchema); an older client's own random key is not one. */
const GUEST_KEY_PATTERN = /^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/;

/** Token values the old clients wrote by mistake; all of them mean "no token" (spec §4). */
const EMPTY_TOKENS = new Set(['', 'undefined', 'null']);

export function createAppStorage(store: Storage) {
  function readJson(key: string): unknown {
    const raw = store.getItem(key);
    if (raw === null) return undefined;
    try {
      return JSON.parse(raw) as unknown;
    } catch {
      return undefined;
    }
  }
  function writeJson(key: string, value: unknown): void {
    store.setItem(key, JSON.stringify(value));
  }
  function readToken(key: string): string | null {
    const value = store.getItem(key);
    return value === null || EMPTY_TOKENS.has(value.trim()) ? null : value;
  }
  function writeToken(key: string, value: string | null | undefined): void {
    if (value === null || value === undefined || EMPTY_TOKENS.has(value.trim())) store.removeItem(key);
    else store.setItem(key, value);
  }

  function getGlobalSettings(): GlobalSettings {
    const value = readJson(STORAGE_KEYS.globalSettings);
    return value && typeof value === 'object' ? (value as GlobalSettings) : {};
  }

  return {
    getToken: () => readToken(STORAGE_KEYS.token),
    setToken: (token: string | null) => writeToken(STORAGE_KEYS.token, token),
    getRefreshToken: () => readToken(STORAGE_KEYS.refreshToken),
    setRefreshToken: (token: string | null) => writeToken(STORAGE_KEYS.refreshToken, token),

    getUser(): UserInfo | null {
      const user = readJson(STORAGE_KEYS.user);
      return isStoredUser(user) ? user : null;
    },
    setUser: (user: UserInfo | null) =>
      user ? writeJson(STORAGE_KEYS.user, user) : store.removeItem(STORAGE_KEYS.user),

    getGlobalSettings,
    updateGlobalSettings(patch: GlobalSettings): void {
      writeJson(STORAGE_KEYS.globalSettings, { ...getGlobalSettings(), ...patch });
    },
    /** The stored language, or null when none (or an unknown one) is stored. */
    getLanguage(): Locale | null {
      const language = getGlobalSettings().language;
      return (LOCALES as readonly unknown[]).includes(language) ? (language as Locale) : null;
    },

    getCache(key: CacheKey): unknown {
      return readJson(encodeCacheKey(key));
    },
    setCache(key: CacheKey, value: unknown): void {
      writeJson(encodeCacheKey(key), value);
    },
    removeCache(key: CacheKey): void {
      store.removeItem(encodeCacheKey(key));
    },

    /** The edition code sent as `platform` on every call; International unless an entry link stored another. */
    getPlatform(): string {
      const value = readJson(encodeCacheKey('platformCode'));
      return typeof value === 'string' && value.trim() ? value : DEFAULT_PLATFORM;
    },
    setPlatform: (code: string) => writeJson(encodeCacheKey('platformCode'), code),
    /** The guest key the server issued to this browser, or null before it has one (lib/guest-key.ts asks for it). */
    getGuestKey(): string | null {
      const value = readJson(encodeCacheKey('guestKey'));
      return typeof value === 'string' && GUEST_KEY_PATTERN.test(value) ? value : null;
    },
    /** Keeps a key of the issued form; false (nothing kept) for anything else. */
    setGuestKey(key: string): boolean {
      if (!GUEST_KEY_PATTERN.test(key)) return false;
      writeJson(encodeCacheKey('guestKey'), key);
      return true;
    },
    hasDefaultLanguageFlag: () => store.getItem(encodeCacheKey('defaultLanguage')) !== null,
    setDefaultLanguageFlag: () => writeJson(encodeCacheKey('defaultLanguage'), true),

    /** Logout (spec §4): both tokens and the user info go. */
    clearSession(): void {
      store.removeItem(STORAGE_KEYS.token);
      store.removeItem(STORAGE_KEYS.refreshToken);
      store.removeItem(STORAGE_KEYS.user);
    },
  };
}

export type AppStorage = ReturnType<typeof createAppStorage>;
