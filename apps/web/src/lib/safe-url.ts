import { dialled, isHelpLineNumber } from '@bible-qa/contract';

/**
 * Guards for URLs that arrive in content (answers, literature): a link may leave the site only over http(s), or dial
 * one of the crisis help lines (the contract's HELP_LINES, so a reader at risk can call with one tap, and no text can
 * make any other number tappable); an image loads only from our own origin's /webapi paths, so no content can run
 * script through a URL or make the browser fetch from a third party on its own.
 */
export function safeLinkHref(href: string): string | null {
  const tel = /^tel:([\d\s+-]{2,20})$/i.exec(href.trim());
  if (tel) return isHelpLineNumber(tel[1]!) ? `tel:${dialled(tel[1]!)}` : null;
  let url: URL;
  try {
    url = new URL(href.trim());
  } catch {
    return null; // relative and malformed links are not followed
  }
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
}

export const OWN_IMAGE_PREFIX = '/webapi/';

/** The image URL when it is served by this site under /webapi, else null. */
export function ownImageSrc(src: string, origin: string = window.location.origin): string | null {
  let url: URL;
  try {
    url = new URL(src.trim(), origin);
  } catch {
    return null;
  }
  if (url.origin !== origin || (url.protocol !== 'http:' && url.protocol !== 'https:')) return null;
  if (!url.pathname.startsWith(OWN_IMAGE_PREFIX) || url.username || url.password) return null;
  return `${url.pathname}${url.search}`;
}
