import { describe, expect, it } from 'vitest';

declare const URL: new (input: string, base: string) => { origin: string };
import { EXTERNAL_DEFAULT_TARGET } from './constants.ts';
import { safeTargetPath } from './redirect.ts';

describe('safeTargetPath', () => {
  it.each([
    ['/chat?_n=3', '/chat?_n=3'],
    ['/devotionals/12', '/devotionals/12'],
    ['chat?_n=3', '/chat?_n=3'],
    ['/collections#top', '/collections#top'],
    ['/setting?pageTitle=%E8%AE%BE', '/setting?pageTitle=%E8%AE%BE'],
    ['/a/../chat', '/chat'],
  ])('keeps the same-origin path %s as %s', (input, expected) => {
    expect(safeTargetPath(input)).toBe(expected);
  });

  // Vectors from the redirect-bypass families (R22): scheme tricks, protocol-relative forms, backslashes,
  // encoded slashes, control and whitespace prefixes, U+3002 dots, userinfo and script URLs.
  it.each([
    undefined,
    null,
    '',
    '   ',
    '//evil.example',
    '///evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    '/\t/evil.example',
    '\t//evil.example',
    '/\n/evil.example',
    ' //evil.example',
    'https://evil.example',
    'http://evil.example/chat',
    'https:evil.example',
    'HTTPS://evil.example',
    '//evil.example/%2f..',
    '/%2fevil.example',
    '/%5cevil.example',
    '/%2F%2Fevil.example',
    '/.//evil.example',
    '/./%2f/evil.example',
    '//evil。example',
    'https://same-origin.invalid@evil.example',
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'javascript&colon;alert(1)'.replace('&colon;', ':'),
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    '\u0000/chat',
    '/chat\u2028x',
    'x'.repeat(3000),
  ])('falls back to chat?_n=2 for %j', (input) => {
    expect(safeTargetPath(input)).toBe(EXTERNAL_DEFAULT_TARGET);
  });

  it('never answers a path a browser would read as another host', () => {
    const tricky = ['/./\\evil', '/..//evil', '/a/..//evil', '/%2e%2e//evil', '/.%2e//evil'];
    for (const input of tricky) {
      const out = safeTargetPath(input);
      expect(out.startsWith('/'), input).toBe(true);
      expect(/^\/[/\\]/.test(out), `${input} → ${out}`).toBe(false);
      expect(new URL(out, 'https://site.example').origin).toBe('https://site.example');
    }
  });
});
