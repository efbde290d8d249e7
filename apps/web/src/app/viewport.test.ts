import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const INDEX_HTML = path.join(import.meta.dirname, '../../index.html');

/** Rough edge 12: `maximum-scale=1` stopped older readers from pinching scripture larger. */
describe('the page lets readers zoom', () => {
  it('declares a viewport without a zoom cap or user-scalable=no', () => {
    const html = readFileSync(INDEX_HTML, 'utf8');
    const metas = [...html.matchAll(/<meta\s+name="viewport"\s+content="([^"]*)"/g)].map((m) => m[1]!);
    expect(metas).toHaveLength(1);
    const content = metas[0]!.replace(/\s/g, '').toLowerCase();
    expect(content).toContain('width=device-width');
    expect(content).toContain('initial-scale=1');
    expect(content).not.toMatch(/maximum-scale|user-scalable=(no|0)/);
  });
});
