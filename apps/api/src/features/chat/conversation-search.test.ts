import { describe, expect, it } from 'vitest';
import { containsPattern, markWords, searchWords, snippetOf } from './conversation-search.ts';

describe('conversation search words and snippets', () => {
  it('takes each word once, case aside, and at most five', () => {
    expect(searchWords('  Grace grace  GRACE love ')).toEqual(['Grace', 'love']);
    expect(searchWords('a b c d e f g')).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('makes %, _ and \\ literal in a LIKE pattern', () => {
    expect(containsPattern('100%_a\\b')).toBe('%100\\%\\_a\\\\b%');
  });

  it('marks words holding regular-expression characters literally, the longest first', () => {
    expect(markWords('Psalm (23) and Psalm 2', ['(23)', 'Psalm'])).toBe(
      '<mark>Psalm</mark> <mark>(23)</mark> and <mark>Psalm</mark> 2',
    );
    expect(markWords('神爱世人', ['世', '世人'])).toBe('神爱<mark>世人</mark>');
  });

  it('never cuts a character written as two UTF-16 units in half', () => {
    const text = `${'𝔸'.repeat(40)}恩典${'𝔹'.repeat(60)}`;
    const snippet = snippetOf(text, ['恩典']);
    expect(snippet).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
    expect(snippet).toContain('<mark>恩典</mark>');
  });
});
