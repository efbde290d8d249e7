import { describe, expect, it } from 'vitest';
import { defaultProminence, parseProminence } from './verse-prominence.ts';

describe('verse prominence', () => {
  it('parses ref and votes lines, skipping anything else', () => {
    expect([...parseProminence('JHN.3.16\t2356\nbad line\nGEN.1.1\t0\nROM.8.28\t1924\n')]).toEqual([
      ['JHN.3.16', 2356],
      ['ROM.8.28', 1924],
    ]);
  });

  it('ships a table derived from the corpus cross-references, famous verses far above the rest', () => {
    const prominence = defaultProminence();
    expect(prominence('JHN.3.16')).toBeGreaterThan(1000);
    expect(prominence('JHN.3.16')).toBeGreaterThan(20 * prominence('1CH.1.11'));
    expect(prominence('XYZ.1.1')).toBe(0);
  });
});
