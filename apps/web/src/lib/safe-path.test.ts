import { describe, expect, it } from 'vitest';
import { safeRedirectTarget, toSameOriginPath } from './safe-path.ts';

const origin = 'https://bible.example';

describe('redirect targets', () => {
  it.each([
    ['setting', '/setting'],
    ['/about?pageTitle=x#top', '/about?pageTitle=x#top'],
    ['https://bible.example/collect?id=3', '/collect?id=3'],
  ])('keeps the same-origin target %j', (target, expected) => {
    expect(toSameOriginPath(target, origin)).toBe(expected);
  });

  it.each([
    ['https://evil.example/phish'],
    ['//evil.example/phish'],
    ['/\\evil.example'],
    ['\\\\evil.example'],
    ['javascript:alert(1)'],
    ['data:text/html,x'],
  ])('rejects %j', (target) => {
    expect(toSameOriginPath(target, origin)).toBeNull();
    expect(safeRedirectTarget(target, origin)).toBe('/chat?_n=1');
  });

  it('sends a missing target, the root and a redirect loop home', () => {
    expect(safeRedirectTarget('', origin)).toBe('/chat?_n=1');
    expect(safeRedirectTarget(null, origin)).toBe('/chat?_n=1');
    expect(safeRedirectTarget('/', origin)).toBe('/chat?_n=1');
    expect(safeRedirectTarget('/redirect/redirect/x', origin)).toBe('/chat?_n=1');
  });
});
