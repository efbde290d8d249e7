import { describe, expect, it } from 'vitest';
import { ownImageSrc, safeLinkHref } from './safe-url.ts';

const ORIGIN = 'https://bible.example';

describe('safeLinkHref', () => {
  it.each(['https://example.org/a', 'http://example.org/'])('keeps %s', (href) => {
    expect(safeLinkHref(href)).toBe(href);
  });

  it.each(['javascript:alert(1)', ' JAVASCRIPT:alert(1)', 'data:text/html,x', 'mailto:a@b.c', '/relative', '//host/x'])(
    'refuses %s',
    (href) => expect(safeLinkHref(href)).toBeNull(),
  );

  it('dials the crisis help lines, and no other number', () => {
    expect(safeLinkHref('tel:12356')).toBe('tel:12356');
    expect(safeLinkHref('tel:2389 2222')).toBe('tel:23892222');
    expect(safeLinkHref('tel:988')).toBe('tel:988');
    expect(safeLinkHref('tel:4155550100')).toBeNull();
    expect(safeLinkHref('tel:12356;ext=1')).toBeNull();
  });
});

describe('ownImageSrc', () => {
  it('accepts /webapi paths of our origin, relative or absolute', () => {
    expect(ownImageSrc('/webapi/chat/card/1.png?v=2', ORIGIN)).toBe('/webapi/chat/card/1.png?v=2');
    expect(ownImageSrc(`${ORIGIN}/webapi/x.png`, ORIGIN)).toBe('/webapi/x.png');
  });

  it.each([
    'https://cdn.example/webapi/x.png',
    '//cdn.example/webapi/x.png',
    '/assets/x.png',
    '/webapi/../assets/x.png',
    'javascript:alert(1)',
    'data:image/png;base64,AAAA',
  ])('refuses %s', (src) => expect(ownImageSrc(src, ORIGIN)).toBeNull());
});
