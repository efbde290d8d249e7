import { describe, expect, it } from 'vitest';
import { splitIntoPassages } from './passage-splitter.ts';

describe('splitIntoPassages', () => {
  it('keeps short text whole, with whitespace collapsed', () => {
    expect(splitIntoPassages('AN\nEXPOSITION,\n  of Genesis.')).toEqual(['AN EXPOSITION, of Genesis.']);
    expect(splitIntoPassages(' \n ')).toEqual([]);
  });

  it('cuts at sentence ends without exceeding the limit', () => {
    const text = Array.from({ length: 40 }, (_, i) => `Sentence number ${i} is here.`).join(' ');
    const passages = splitIntoPassages(text, 100);
    expect(passages.length).toBeGreaterThan(5);
    for (const p of passages) {
      expect(p.length).toBeLessThanOrEqual(100);
      expect(p).toMatch(/\.$/);
    }
    expect(passages.join(' ')).toBe(text);
  });

  it('cuts Chinese after 。 and over-long sentences at a space or the limit', () => {
    expect(splitIntoPassages('起初神创造天地。地是空虚混沌。', 8)).toEqual(['起初神创造天地。', '地是空虚混沌。']);
    const long = 'word '.repeat(100).trim();
    const pieces = splitIntoPassages(long, 42);
    expect(pieces.every((p) => p.length <= 42 && !p.startsWith(' '))).toBe(true);
    expect(pieces.join(' ')).toBe(long);
  });
});
