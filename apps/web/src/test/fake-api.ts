import { vi } from 'vitest';
import { json } from './fixtures.ts';

export interface ApiCall {
  path: string;
  query: URLSearchParams;
  headers: Headers;
}

/**
 * A fake /webapi behind the global fetch: each handler answers the `data` of a success envelope, or a Response of its
 * own (an error envelope). A path without a handler answers the API's "not found".
 */
export function serveApi(handlers: Record<string, (query: URLSearchParams) => unknown>) {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      const path = url.pathname.replace(/^\/webapi/, '');
      calls.push({ path, query: url.searchParams, headers: new Headers(init.headers) });
      const handler = handlers[path];
      if (!handler) return json({ code: 10004, msg: 'not found', data: null });
      const out = await handler(url.searchParams);
      return out instanceof Response ? out : json({ code: 0, msg: 'ok', data: out });
    }),
  );
  return { calls, to: (path: string) => calls.filter((call) => call.path === path) };
}

/** An error envelope with a business code, as the API answers a refused call. */
export const apiError = (code: number, msg = 'refused') => json({ code, msg, data: null });
