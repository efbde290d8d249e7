import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { RUN_NODE_SH, systemJemalloc } from '../../../scripts/run-node.ts';

// scripts/run-node.sh starts the server for npm start, the image and the benchmarks (decision 0050).
const jemalloc = systemJemalloc();

/** What node started through run-node.sh sees: its allocator, MALLOC_CONF, MALLOC_ARENA_MAX, its arguments. */
function started(env: Record<string, string | undefined>) {
  const probe = `const fs = require('node:fs');
    console.log(JSON.stringify({
      jemalloc: fs.readFileSync('/proc/self/maps', 'utf8').includes('libjemalloc'),
      conf: process.env.MALLOC_CONF ?? null,
      arenas: process.env.MALLOC_ARENA_MAX ?? null,
      args: process.argv.slice(1),
    }));`;
  const clean = { ...process.env, LD_PRELOAD: undefined, MALLOC_CONF: undefined, ALLOCATOR: undefined };
  const out = execFileSync('sh', [RUN_NODE_SH, '-e', probe, 'one', 'two'], { env: { ...clean, ...env } });
  return JSON.parse(out.toString()) as { jemalloc: boolean; conf: string | null; arenas: string; args: string[] };
}

describe('run-node.sh', () => {
  it('runs glibc malloc with two arenas when ALLOCATOR=system, passing node its arguments', () => {
    expect(started({ ALLOCATOR: 'system' })).toEqual({
      jemalloc: false,
      conf: null,
      arenas: '2',
      args: ['one', 'two'],
    });
  });

  it.skipIf(!jemalloc)('preloads jemalloc by default when the system has it, returning pages from a thread', () => {
    const seen = started({});
    expect(seen.jemalloc).toBe(true);
    expect(seen.conf).toMatch(/background_thread:true/);
  });

  it.skipIf(!jemalloc)("keeps an operator's MALLOC_CONF", () => {
    expect(started({ MALLOC_CONF: 'narenas:1' })).toMatchObject({ jemalloc: true, conf: 'narenas:1' });
  });
});
