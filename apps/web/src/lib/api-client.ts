import {
  API_BASE,
  GUEST_KEY_HEADER,
  REQUEST_TIMEOUT_MS,
  ROOT_REDIRECT,
  SUCCESS_CODE,
  SYS_NAME,
  isBusinessCode,
  type Locale,
} from '@bible-qa/contract';
import type { z } from 'zod';

/**
 * The request layer of spec §7–§8. Every call goes to `/webapi`, carries Authorization (except the login calls),
 * Locale, sysName and platform, and unwraps the `{ code, msg, data }` envelope. Navigation and toasts are injected so
 * the client stays testable and does not know the router or the UI library.
 */
export interface ApiClientDeps {
  getToken: () => string | null;
  getLocale: () => Locale;
  getPlatform: () => string;
  /** The guest key sent as the Guest-Key header, so a guest's answers are its own (none sent when absent). */
  getGuestKey?: () => string | null;
  /**
   * Makes sure the browser holds a guest key the server issued, before a guest's answer is asked for (the key
   * names the guest for its answers and quotas; without one the guest is known by its address).
   */
  ensureGuestKey?: () => Promise<void>;
  navigate: (to: string) => void;
  toast: (message: string) => void;
  /** A call that carried the access token was answered 401: the token is dead (called before going to login). */
  onSessionRefused?: () => void;
  /** Each call's answer, or null when it failed for want of a network: whether the app is offline (connectivity.ts). */
  onReach?: (response: Response | null) => void;
  fetch?: typeof fetch;
  baseUrl?: string;
  timeoutMs?: number;
  loginPath?: string;
  homePath?: string;
}

export type SchemaSource<T> = z.ZodType<T> | (() => Promise<z.ZodType<T>>);

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Params = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions<T> {
  /** Query parameters (all methods); sysName and platform are added to them for GET and DELETE. */
  params?: Params;
  /**
   * The payload for POST and PUT: a plain object (sent as JSON) or FormData, with sysName and platform merged in; or
   * a Blob sent as it is under its own type (a recording), with sysName and platform in the query.
   */
  body?: Record<string, unknown> | FormData | Blob;
  /**
   * Validates the envelope's `data`; a mismatch rejects with kind 'invalid_response'. A loader (`() => import(…)`)
   * fetches the validator with the first answer that needs it, keeping zod out of the first page load.
   */
  schema?: SchemaSource<T>;
  /** Resolve with the response body as received (JSON, text or Blob), without unwrapping the envelope. */
  raw?: boolean;
  signal?: AbortSignal;
}

export type ApiErrorKind =
  'business' | 'unauthorized' | 'home' | 'timeout' | 'network' | 'invalid_response' | 'aborted';

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly code: number | null;
  constructor(kind: ApiErrorKind, message: string, code: number | null = null, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ApiError';
    this.kind = kind;
    this.code = code;
  }
}

/** Login calls travel without the Authorization header (spec §6). */
const LOGIN_PATH = /^\/portal\/auth\/login/;
/** Audio answers are returned untouched (spec §7). */
const AUDIO_PATH = '/to-audio';
const HOME_CODE = 1;
const SYSTEM_ERROR_CODE = 500;
const UNAUTHORIZED_CODE = 401;

export function createApiClient(deps: ApiClientDeps) {
  const doFetch = deps.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const baseUrl = deps.baseUrl ?? API_BASE;
  const timeoutMs = deps.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const loginPath = deps.loginPath ?? '/login';
  const homePath = deps.homePath ?? ROOT_REDIRECT;

  function clientParams() {
    return { sysName: SYS_NAME, platform: deps.getPlatform() };
  }

  function buildUrl(method: HttpMethod, path: string, params: Params | undefined): string {
    const query = new URLSearchParams();
    const all: Params = method === 'GET' || method === 'DELETE' ? { ...params, ...clientParams() } : { ...params };
    for (const [key, value] of Object.entries(all)) {
      if (value !== undefined && value !== null) query.set(key, String(value));
    }
    const search = query.toString();
    return `${baseUrl}${path}${search ? `${path.includes('?') ? '&' : '?'}${search}` : ''}`;
  }

  function buildInit(method: HttpMethod, path: string, body: RequestOptions<unknown>['body']): RequestInit {
    const headers = new Headers({ Accept: 'application/json', Locale: deps.getLocale() });
    const guestKey = deps.getGuestKey?.();
    if (guestKey) headers.set(GUEST_KEY_HEADER, guestKey);
    const token = deps.getToken();
    if (token && !LOGIN_PATH.test(path)) headers.set('Authorization', `Bearer ${token}`);
    if (method === 'GET' || method === 'DELETE') return { method, headers };
    if (body instanceof Blob) {
      headers.set('Content-Type', body.type || 'application/octet-stream');
      return { method, headers, body };
    }
    if (body instanceof FormData) {
      const form = new FormData();
      body.forEach((value, key) => form.append(key, value));
      for (const [key, value] of Object.entries(clientParams())) form.set(key, value);
      return { method, headers, body: form };
    }
    headers.set('Content-Type', 'application/json');
    return { method, headers, body: JSON.stringify({ ...body, ...clientParams() }) };
  }

  /** One attempt with its own timeout; a caller's abort wins over the timeout. */
  async function attempt(url: string, init: RequestInit, signal: AbortSignal | undefined): Promise<Response> {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const onAbort = () => controller.abort();
    signal?.addEventListener('abort', onAbort);
    try {
      const response = await doFetch(url, { ...init, signal: controller.signal });
      deps.onReach?.(response);
      return response;
    } catch (cause) {
      if (timedOut) throw new ApiError('timeout', `Request timed out after ${timeoutMs} ms`, null, { cause });
      if (signal?.aborted) throw new ApiError('aborted', 'Request aborted', null, { cause });
      deps.onReach?.(null);
      throw new ApiError('network', 'Network request failed', null, { cause });
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  }

  /** A timed-out request is retried once, never more (spec §8). */
  async function send(url: string, init: RequestInit, signal: AbortSignal | undefined): Promise<Response> {
    try {
      return await attempt(url, init, signal);
    } catch (error) {
      if (error instanceof ApiError && error.kind === 'timeout') return attempt(url, init, signal);
      throw error;
    }
  }

  async function readBody(response: Response): Promise<unknown> {
    const type = response.headers.get('Content-Type') ?? '';
    if (type.includes('json')) return response.json();
    if (type.startsWith('text/') || type === '') return response.text();
    return response.blob();
  }

  /** The envelope's data (validated) and its msg; a code other than 0 is handled per spec §8 and rejects. */
  function unwrap<T>(body: unknown, schema: z.ZodType<T> | undefined, withToken = false): { data: T; msg: string } {
    if (!body || typeof body !== 'object' || typeof (body as { code?: unknown }).code !== 'number') {
      throw new ApiError('invalid_response', 'The response is not an envelope');
    }
    const { code, msg, data } = body as { code: number; msg?: unknown; data?: unknown };
    const message = typeof msg === 'string' ? msg : '';
    if (code === SUCCESS_CODE) {
      if (!schema) return { data: data as T, msg: message };
      const parsed = schema.safeParse(data);
      if (parsed.success) return { data: parsed.data, msg: message };
      throw new ApiError('invalid_response', 'The response data does not match its schema', code, {
        cause: parsed.error,
      });
    }
    if (code === UNAUTHORIZED_CODE) {
      if (withToken) deps.onSessionRefused?.();
      if (message) deps.toast(message);
      deps.navigate(loginPath);
      throw new ApiError('unauthorized', message, code);
    }
    if (code === HOME_CODE) {
      deps.navigate(homePath);
      throw new ApiError('home', message, code);
    }
    if (isBusinessCode(code) || code === SYSTEM_ERROR_CODE) {
      if (message) deps.toast(message);
      throw new ApiError('business', message, code);
    }
    throw new ApiError('business', message, code);
  }

  /** Sends the call; `withToken` says whether it carried the access token. */
  async function call(
    method: HttpMethod,
    path: string,
    options: RequestOptions<unknown>,
    extra: Record<string, string> = {},
  ) {
    const init = buildInit(method, path, options.body);
    for (const [name, value] of Object.entries(extra)) (init.headers as Headers).set(name, value);
    const params = options.body instanceof Blob ? { ...options.params, ...clientParams() } : options.params;
    const response = await send(buildUrl(method, path, params), init, options.signal);
    return { response, withToken: (init.headers as Headers).has('Authorization') };
  }

  async function readEnvelope(response: Response): Promise<unknown> {
    return readBody(response).catch((cause: unknown) => {
      throw new ApiError('invalid_response', 'The response body could not be read', null, { cause });
    });
  }

  async function request<T = unknown>(method: HttpMethod, path: string, options: RequestOptions<T> = {}): Promise<T> {
    const { response, withToken } = await call(method, path, options);
    const body = await readEnvelope(response);
    if (options.raw || path.includes(AUDIO_PATH)) return body as T;
    const schema = typeof options.schema === 'function' ? await options.schema() : options.schema;
    return unwrap(body, schema, withToken).data;
  }

  /** A call whose envelope `msg` is what the caller shows on success (e.g. 'reply stopped for you'). */
  async function message(
    method: HttpMethod,
    path: string,
    options: Omit<RequestOptions<unknown>, 'raw' | 'schema'> = {},
  ): Promise<string> {
    const { response, withToken } = await call(method, path, options);
    return unwrap(await readEnvelope(response), undefined, withToken).msg;
  }

  /**
   * A POST answered with `text/event-stream` (the chat ask): the same headers and merged body as any POST; resolves
   * with the open body once the headers arrive (the timeout covers only that wait). A server that refuses before
   * streaming answers with an envelope, handled like any other call (401 to login, business codes shown). A stream
   * picked up again after a dropped connection sends the last event id it received (Last-Event-ID).
   */
  async function stream(
    path: string,
    body: Record<string, unknown>,
    options: { signal?: AbortSignal; lastEventId?: string } = {},
  ): Promise<ReadableStream<Uint8Array>> {
    const headers: Record<string, string> = { Accept: 'text/event-stream' };
    if (options.lastEventId) headers['Last-Event-ID'] = options.lastEventId;
    if (!deps.getToken()) await deps.ensureGuestKey?.();
    const { response, withToken } = await call('POST', path, { body, signal: options.signal }, headers);
    const type = response.headers.get('Content-Type') ?? '';
    if (type.includes('text/event-stream') && response.body) return response.body;
    unwrap(await readEnvelope(response), undefined, withToken);
    throw new ApiError('invalid_response', `Expected an event stream, got ${type || 'no content type'}`);
  }

  return {
    request,
    message,
    stream,
    get: <T = unknown>(path: string, options?: Omit<RequestOptions<T>, 'body'>) => request<T>('GET', path, options),
    delete: <T = unknown>(path: string, options?: Omit<RequestOptions<T>, 'body'>) =>
      request<T>('DELETE', path, options),
    post: <T = unknown>(path: string, body?: RequestOptions<T>['body'], options?: Omit<RequestOptions<T>, 'body'>) =>
      request<T>('POST', path, { ...options, body }),
    put: <T = unknown>(path: string, body?: RequestOptions<T>['body'], options?: Omit<RequestOptions<T>, 'body'>) =>
      request<T>('PUT', path, { ...options, body }),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
