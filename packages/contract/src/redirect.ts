import { EXTERNAL_DEFAULT_TARGET } from './constants.ts';

// The WHATWG URL parser (Node and browsers); the contract compiles without DOM or Node types.
declare const URL: new (
  input: string,
  base: string,
) => { origin: string; pathname: string; search: string; hash: string };

const PROBE_ORIGIN = 'https://same-origin.invalid';

/**
 * Where the app may go after an external-access login (spec §4): only a path of this site. Anything that could
 * leave the origin or run script (`//evil`, `/\evil`, `https:…`, `javascript:…`, control characters, encoded
 * slashes that a browser would read as a host) falls back to chat?_n=2. A bare `chat?_n=3` is read as `/chat?_n=3`.
 */
export function safeTargetPath(targetUrl: string | null | undefined): string {
  if (typeof targetUrl !== 'string') return EXTERNAL_DEFAULT_TARGET;
  const raw = targetUrl.trim();
  if (raw === '' || raw.length > 2048) return EXTERNAL_DEFAULT_TARGET;
  // Control characters, backslashes and whitespace are how parsers are told apart; none belongs in our paths.
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
  if (/[\u0000-\u0020\u007f-\u009f\\\u2028\u2029\u3000]/.test(raw)) return EXTERNAL_DEFAULT_TARGET;
  // A scheme before the first / ? or # (javascript:, data:, https:) is never a path.
  if (/^[^/?#]*:/.test(raw)) return EXTERNAL_DEFAULT_TARGET;
  const candidate = raw.startsWith('/') ? raw : `/${raw}`;
  if (/^\/(?:\/|%2f|%5c)/i.test(candidate)) return EXTERNAL_DEFAULT_TARGET;
  let url: { origin: string; pathname: string; search: string; hash: string };
  try {
    url = new URL(candidate, PROBE_ORIGIN);
  } catch {
    return EXTERNAL_DEFAULT_TARGET;
  }
  if (url.origin !== PROBE_ORIGIN) return EXTERNAL_DEFAULT_TARGET;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // Dot segments can fold to a protocol-relative path (/.//evil.com → //evil.com): refuse what results.
  if (!path.startsWith('/') || /^\/(?:[/\\]|%2f|%5c)/i.test(path)) return EXTERNAL_DEFAULT_TARGET;
  return path;
}
