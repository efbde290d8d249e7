import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useServices } from './services.tsx';
import { MEMBER_INFO_PATH, useSession, type SessionSnapshot } from './session.ts';

/** How long a checked login is trusted before a page that needs it asks again. */
const CHECK_STALE_MS = 60_000;

/**
 * For pages that need a login (collections, feedback, settings' personal info, admin screens): asks the server who
 * the stored login belongs to. A login it no longer knows (a password reset elsewhere, a deleted account) answers
 * 401, which forgets it and goes to login (lib/api-client.ts); a known one refreshes the stored user info (a role
 * given since, a name changed on another device).
 */
export function useVerifiedSession(): SessionSnapshot {
  const { api, storage, session } = useServices();
  const snapshot = useSession();
  const info = useQuery({
    queryKey: ['member', 'info'],
    queryFn: ({ signal }) =>
      api.get(MEMBER_INFO_PATH, {
        schema: () => import('./session-schemas.ts').then((m) => m.memberInfoSchema),
        signal,
      }),
    enabled: snapshot.loggedIn,
    staleTime: CHECK_STALE_MS,
    retry: false,
  });
  const user = info.data;
  useEffect(() => {
    if (!user || !storage.getToken()) return;
    if (JSON.stringify(user) === JSON.stringify(storage.getUser())) return;
    storage.setUser(user);
    session.sync();
  }, [user, storage, session]);
  return snapshot;
}
