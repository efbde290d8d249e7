import { vi } from 'vitest';
import { json } from './fixtures.ts';

export interface ApiCall {
  path: string;
  query: URLSearchParams;
  headers: Headers;
  /** A JSON body, parsed (null for none). */
  body: Record<string, unknown> | null;
}

/**
 * A fake /webapi behind the global fetch: each handler answers the `data` of a success envelope, or a Response of its
 * own (an error envelope). A path without a handler answers the API's "not found".
 */
export function serveApi(
  handlers: Record<string, (query: URLSearchParams, body: Record<string, unknown> | null) => unknown>,
) {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      const path = url.pathname.replace(/^\/webapi/, '');
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : null;
      calls.push({ path, query: url.searchParams, headers: new Headers(init.headers), body });
      const handler = handlers[path];
      if (!handler) return json({ code: 10004, msg: 'not found', data: null });
      const out = await handler(url.searchParams, body);
      return out instanceof Response ? out : json({ code: 0, msg: 'ok', data: out });
    }),
  );
  return { calls, to: (path: string) => calls.filter((call) => call.path === path) };
}

/** An error envelope with a business code, as the API answers a refused call. */
export const apiError = (code: number, msg = 'refused') => json({ code, msg, data: null });
