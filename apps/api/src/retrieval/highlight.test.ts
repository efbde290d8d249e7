import { describe, expect, it } from 'vitest';
import { escapeHtml, highlight } from './highlight.ts';
import { analyzeQuery } from '../language/text-analysis.ts';

describe('highlight', () => {
  it('wraps matched words and escapes everything else', () => {
    const out = highlight('<b>Shepherd</b> & "sheep"', analyzeQuery('shepherd sheep'));
    expect(out).toBe('&lt;b&gt;<mark>Shepherd</mark>&lt;/b&gt; &amp; &quot;<mark>sheep</mark>&quot;');
  });

  it('marks Traditional characters for a Simplified query', () => {
    expect(highlight('神愛世人，甚至將他的獨生子', analyzeQuery('爱世人'))).toBe(
      '神<mark>愛世人</mark>，甚至將他的獨生子',
    );
  });

  it('marks accented words for an unaccented query', () => {
    expect(highlight('L’Éternel est mon berger', analyzeQuery('eternel'))).toBe(
      '<mark>L’Éternel</mark> est mon berger',
    );
  });

  it('removes bidi overrides and leaves nothing executable', () => {
    const out = highlight('<img src=x onerror=alert(1)>\u202Eevil', analyzeQuery('img evil'));
    expect(out).not.toMatch(/<(?!\/?mark>)/);
    expect(out).not.toContain('\u202E');
  });

  it('marks the inflected forms a stemmed query matched, in the passage language', () => {
    const terms = analyzeQuery('forgiving', { lang: 'en', stems: true });
    expect(highlight('Forgive us, as we forgave and forgiveth', terms, undefined, 'en')).toBe(
      '<mark>Forgive</mark> us, as we forgave and <mark>forgiveth</mark>',
    );
    expect(highlight('Forgive us', terms)).toBe('Forgive us');
  });

  it('escapes text without terms', () => {
    expect(highlight("<a href='x'>", [])).toBe(escapeHtml("<a href='x'>"));
    expect(escapeHtml("<a href='x'>")).toBe('&lt;a href=&#39;x&#39;&gt;');
  });
});
