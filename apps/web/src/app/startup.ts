import { EXTERNAL_DEFAULT_TARGET, LOCALES, SIMPLIFIED_CHINESE_MARKER, type Locale } from '@bible-qa/contract';
import type { ApiClient } from '../lib/api-client.ts';
import { switchLanguage } from '../lib/language.ts';
import { toSameOriginPath } from '../lib/safe-path.ts';
import type { Session } from '../lib/session.ts';
import type { AppStorage } from '../lib/storage.ts';

export interface StartupDeps {
  api: ApiClient;
  storage: AppStorage;
  session: Session;
  location: Pick<Location, 'hash' | 'search' | 'origin'>;
  navigate: (to: string) => void;
  reload: () => void;
  /** GET /version already under way (index.html's boot script began it): used instead of asking again. */
  earlyVersion?: Promise<unknown>;
}

export type StartupOutcome =
  { kind: 'external'; target: string; loggedIn: boolean } | { kind: 'language'; locale: Locale } | { kind: 'ready' };

export const VERSION_PATH = '/version';
export const EXTERNAL_ACCESS_PATH = '/portal/auth/externalAccess';

/** The external-access link's fields (spec §3), read from the hash's query part, then the page's query. */
export function readExternalAccess(location: Pick<Location, 'hash' | 'search'>) {
  if (!location.hash.includes('externalAccess')) return null;
  const hashQuery = location.hash.includes('?') ? location.hash.slice(location.hash.indexOf('?') + 1) : '';
  const params = new URLSearchParams(location.search);
  new URLSearchParams(hashQuery).forEach((value, key) => params.set(key, value));
  return {
    appId: params.get('appId') ?? '',
    timestamp: params.get('timestamp') ?? '',
    identity: params.get('identity') ?? '',
    token: params.get('token') ?? '',
    targetUrl: params.get('targetUrl'),
  };
}

/**
 * Where an external-access login lands (spec §4, §9): its target when that is a page of this site, else chat?_n=2
 * (never the root's chat?_n=1): no target, an empty one, the root, a loop through /redirect, or another site.
 */
export function externalTarget(targetUrl: string | null, origin: string): string {
  const path = toSameOriginPath(targetUrl, origin);
  if (!path || path === '/' || path.startsWith('/?') || path.startsWith('/#') || path.startsWith('/redirect')) {
    return EXTERNAL_DEFAULT_TARGET;
  }
  return path;
}

/** GET /version answers plain text; an envelope with a string `data` is read too. */
function versionMarker(body: unknown): string {
  if (typeof body === 'string') return body.trim().toLowerCase();
  const data = body && typeof body === 'object' ? (body as { data?: unknown }).data : undefined;
  return typeof data === 'string' ? data.trim().toLowerCase() : '';
}

/**
 * The start-up sequence of spec §4. (1) An external-access link logs in and goes to its target. (2) With the
 * default-language flag stored, the app is ready. (3) Otherwise the server's version marker decides the language:
 * empty or zh-cn keeps it; another language is stored with the flag and the page reloads after 200 ms; a failed
 * fetch stores the flag. Automatic (guest) login is not part of the API yet, so "log in" here means "ready".
 */
export async function runStartup(deps: StartupDeps): Promise<StartupOutcome> {
  const { api, storage, session, location } = deps;
  const external = readExternalAccess(location);
  if (external) {
    const target = externalTarget(external.targetUrl, location.origin);
    let loggedIn = false;
    try {
      if (external.appId) storage.setPlatform(external.appId);
      const { appId, timestamp, identity, token } = external;
      const result = await api.post(
        EXTERNAL_ACCESS_PATH,
        { platform: appId, timestamp, identity, token },
        { schema: () => import('../lib/session-schemas.ts').then((m) => m.loginResultSchema) },
      );
      await session.completeLogin(result);
      loggedIn = true;
    } catch {
      // The API client has shown the server's message; the visitor continues as a guest.
    }
    deps.navigate(target);
    return { kind: 'external', target, loggedIn };
  }

  if (storage.hasDefaultLanguageFlag()) return { kind: 'ready' };

  let marker: string;
  try {
    marker = versionMarker(await (deps.earlyVersion ?? api.get(VERSION_PATH, { raw: true })));
  } catch {
    storage.setDefaultLanguageFlag();
    return { kind: 'ready' };
  }
  if (!marker || marker === SIMPLIFIED_CHINESE_MARKER) return { kind: 'ready' };
  const locale = LOCALES.find((candidate) => candidate === marker);
  if (!locale || locale === storage.getLanguage()) {
    // An edition marker that names no language, or the language already in use: nothing to switch.
    storage.setDefaultLanguageFlag();
    return { kind: 'ready' };
  }
  switchLanguage(storage, locale, deps.reload, { explicit: false });
  return { kind: 'language', locale };
}
