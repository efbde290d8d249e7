import { API_BASE, SUCCESS_CODE, SYS_NAME } from '@bible-qa/contract';
import type { AppStorage } from './storage.ts';

const UNAUTHORIZED_CODE = 401;
/** Calls that must never trigger a renewal: the logins themselves and logout. */
const NO_RENEWAL = /\/portal\/auth\/(login|logout)/;

interface RenewingFetchDeps {
  storage: Pick<AppStorage, 'getRefreshToken' | 'setToken' | 'setRefreshToken' | 'clearSession' | 'getPlatform'>;
  /** Told after the stored tokens changed (renewed, or cleared because the login is over). */
  onChange: () => void;
  /**
   * The server refused the user token too: the login is over. Told before `onChange`, so the app can go to login
   * while the page that asked is still on screen (a re-render may cancel its request and its 401 with it).
   */
  onExpired?: () => void;
  fetch?: typeof fetch;
  baseUrl?: string;
}

/**
 * Remember-me (spec §9: logged in for 24 hours). The access token lives for hours; the user token for the whole
 * login, 24 hours with remember-me. A call refused with 401 while a user token is stored logs in again with that
 * token (POST /portal/auth/login with grantType social and userToken, spec §3) and is sent once more with the new
 * access token. Parallel refusals share one renewal. When the server refuses the user token too, the login is over:
 * both tokens are cleared and the 401 goes on to the API client, which sends the user to the login screen.
 */
export function createRenewingFetch({
  storage,
  onChange,
  onExpired = () => undefined,
  // Read at each call, so a fetch replaced later (tests, instrumentation) is the one used.
  fetch: inner = (input, init) => fetch(input, init),
  baseUrl = API_BASE,
}: RenewingFetchDeps) {
  let renewing: Promise<string | null> | null = null;
  let expired = false;

  async function renew(userToken: string): Promise<string | null> {
    const response = await inner(`${baseUrl}/portal/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ grantType: 'social', userToken, sysName: SYS_NAME, platform: storage.getPlatform() }),
    });
    const body = (await response.json().catch(() => null)) as {
      code?: unknown;
      data?: { access_token?: unknown; user_token?: unknown } | null;
    } | null;
    const accessToken = body?.data?.access_token;
    if (body?.code === SUCCESS_CODE && typeof accessToken === 'string' && accessToken) {
      storage.setToken(accessToken);
      if (typeof body.data?.user_token === 'string' && body.data.user_token) {
        storage.setRefreshToken(body.data.user_token);
      }
      return accessToken;
    }
    if (body?.code === UNAUTHORIZED_CODE) {
      storage.clearSession();
      expired = true;
    }
    return null;
  }

  return async function renewingFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const response = await inner(input, init);
    const url = input instanceof Request ? input.url : String(input);
    const headers = new Headers(init?.headers);
    if (NO_RENEWAL.test(url) || !headers.has('Authorization')) return response;
    if (!(response.headers.get('Content-Type') ?? '').includes('json')) return response;
    const body = (await response
      .clone()
      .json()
      .catch(() => null)) as { code?: unknown } | null;
    if (body?.code !== UNAUTHORIZED_CODE) return response;
    const userToken = storage.getRefreshToken();
    if (!userToken) return response;

    renewing ??= renew(userToken)
      .catch(() => null)
      .finally(() => {
        renewing = null;
      });
    const token = await renewing;
    if (expired) {
      expired = false;
      onExpired();
    }
    onChange();
    if (!token) return response;
    headers.set('Authorization', `Bearer ${token}`);
    return inner(input, { ...init, headers });
  };
}
