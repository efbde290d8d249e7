import { LOGOUT_RELOAD_MS, type UserInfo } from '@bible-qa/contract';
import { useSyncExternalStore } from 'react';
import { ApiError, type ApiClient } from './api-client.ts';
import { useServices } from './services.tsx';
import type { AppStorage } from './storage.ts';

import type { LoginResult } from './session-schemas.ts';
import { forgetOfflineData } from './offline-data.ts';

export type { LoginResult };

export const MEMBER_INFO_PATH = '/portal/member/info';
export const LOGOUT_PATH = '/portal/auth/logout';

export interface SessionSnapshot {
  loggedIn: boolean;
  user: UserInfo | null;
}

/** The login state over local storage, observable so kept-alive screens update when it changes. */
export function createSession(storage: AppStorage, api: ApiClient) {
  const listeners = new Set<() => void>();
  const read = (): SessionSnapshot => ({ loggedIn: storage.getToken() !== null, user: storage.getUser() });
  let snapshot = read();
  function changed() {
    snapshot = read();
    listeners.forEach((listener) => listener());
  }

  return {
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: (): SessionSnapshot => snapshot,
    /** Re-reads the stored login after something else changed the tokens (a remember-me renewal). */
    sync: changed,

    /**
     * Finishes a login (spec §4): stores both tokens, fetches the user info and keeps it under app_user. Empty user
     * info fails the login with kind 'invalid_response'; the caller shows `verification_failed_login_again`.
     */
    async completeLogin(result: LoginResult): Promise<UserInfo> {
      storage.setToken(result.access_token);
      if (result.user_token) storage.setRefreshToken(result.user_token);
      try {
        const user = await api.get(MEMBER_INFO_PATH, {
          schema: () => import('./session-schemas.ts').then((m) => m.memberInfoSchema),
        });
        if (!user) throw new ApiError('invalid_response', 'Empty user info after login');
        storage.setUser(user);
        return user;
      } catch (error) {
        storage.clearSession();
        throw error;
      } finally {
        changed();
      }
    },

    /**
     * Logout ends the login on the server too (both tokens, POST /portal/auth/logout, sent before the tokens are
     * forgotten; its answer is not awaited or shown), clears both tokens and the user info, then reloads after 1 s
     * (spec §4, §9).
     */
    logout(reload: () => void): ReturnType<typeof setTimeout> {
      const userToken = storage.getRefreshToken();
      if (storage.getToken() || userToken) {
        api.post(LOGOUT_PATH, { userToken: userToken ?? undefined }, { raw: true }).catch(() => undefined);
      }
      storage.clearSession();
      forgetOfflineData();
      changed();
      return setTimeout(reload, LOGOUT_RELOAD_MS);
    },

    /** The account is gone (deregistered): forget its tokens and user info without calling the server, then reload. */
    forget(reload: () => void): ReturnType<typeof setTimeout> {
      storage.clearSession();
      forgetOfflineData();
      changed();
      return setTimeout(reload, LOGOUT_RELOAD_MS);
    },
  };
}

export type Session = ReturnType<typeof createSession>;

export function useSession(): SessionSnapshot {
  const { session } = useServices();
  return useSyncExternalStore(session.subscribe, session.getSnapshot);
}
