import type { i18n as I18n } from 'i18next';
import { createApiClient } from '../lib/api-client.ts';
import { reportOutcome } from '../lib/connectivity.ts';
import { createGuestKeyKeeper } from '../lib/guest-key.ts';
import { toLocale } from '../lib/i18n.ts';
import type { AppServices } from '../lib/services.tsx';
import { createSession, type Session } from '../lib/session.ts';
import type { AppStorage } from '../lib/storage.ts';
import { createRenewingFetch } from '../lib/token-renewal.ts';
import { REDIRECT_PARAM } from '../lib/safe-path.ts';

export const LOGIN_PATH = '/login';

interface Wiring {
  storage: AppStorage;
  i18n: I18n;
  /** The router's navigate and its current location, bound late: the router is created after the services. */
  navigate: (to: string) => void;
  currentPath: () => string;
  toast: (message: string) => void;
  reload: () => void;
}

/** Wires the API client, the session and storage together: the one place that knows them all. */
export function createAppServices({ storage, i18n, navigate, currentPath, toast, reload }: Wiring): AppServices {
  let session: Session | null = null;
  /** To login, and back here afterwards; once on the login screen, its own redirect is kept. */
  const toLogin = () => {
    const from = currentPath();
    if (from === LOGIN_PATH || from.startsWith(`${LOGIN_PATH}?`) || from.startsWith(`${LOGIN_PATH}/`)) return;
    navigate(`${LOGIN_PATH}?${REDIRECT_PARAM}=${encodeURIComponent(from)}`);
  };
  /** The server no longer knows the stored login (reset elsewhere, expired, deleted): forget it and go to login. */
  const endSession = () => {
    storage.clearSession();
    session?.sync();
  };
  const ensureGuestKey = createGuestKeyKeeper(storage, () => api);
  const api = createApiClient({
    // Remember-me: a 401 is first answered by logging in again with the user token (lib/token-renewal.ts).
    fetch: createRenewingFetch({ storage, onChange: () => session?.sync(), onExpired: toLogin }),
    getToken: storage.getToken,
    getLocale: () => toLocale(i18n.language),
    getPlatform: storage.getPlatform,
    getGuestKey: storage.getGuestKey,
    ensureGuestKey,
    toast,
    loginPath: LOGIN_PATH,
    onSessionRefused: endSession,
    // What the calls find says whether the app is offline (the notice, the messages of what needs the network).
    onReach: reportOutcome,
    // A 401 sends the user to login and brings them back afterwards.
    navigate: (to) => (to === LOGIN_PATH ? toLogin() : navigate(to)),
  });
  session = createSession(storage, api);
  return { api, storage, session, reload };
}
