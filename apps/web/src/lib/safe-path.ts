import { ROOT_REDIRECT } from '@bible-qa/contract';

/** The query parameter naming where to go after login (e.g. /login?redirect=%2Fchat). */
export const REDIRECT_PARAM = 'redirect';

/**
 * Turns a redirect target into an in-app path, or null when it would leave the site. Accepts paths ("/setting?x=1",
 * "setting") and absolute URLs of the same origin; rejects other origins, protocol-relative ("//host") and
 * backslash tricks, and other schemes.
 */
export function toSameOriginPath(target: string | null | undefined, origin: string): string | null {
  const value = target?.trim();
  if (!value) return null;
  const absolute = /^[a-z][a-z\d+.-]*:/i.test(value);
  const candidate = absolute || value.startsWith('/') || value.startsWith('\\') ? value : `/${value}`;
  let url: URL;
  try {
    url = new URL(candidate, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** A same-origin target, or the home route when the target is missing, foreign or loops back to /redirect. */
export function safeRedirectTarget(target: string | null | undefined, origin: string): string {
  const path = toSameOriginPath(target, origin);
  if (!path || path === '/' || path.startsWith('/redirect')) return ROOT_REDIRECT;
  return path;
}
