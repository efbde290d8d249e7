import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newVersionName, publishVersion, readCurrent, removeStaleVersions } from './index-versions.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'index-versions-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const version = async (at: string) => {
  const name = newVersionName(new Date(at));
  await mkdir(join(dir, name));
  return name;
};

describe('index versions', () => {
  it('names versions so that they sort by time', () => {
    expect(newVersionName(new Date('2025-01-02T03:04:05.006Z'))).toMatch(/^index-20250102030405006-[0-9a-f]{8}$/);
  });

  it('has no current version until one is published, then swaps the pointer', async () => {
    expect(await readCurrent(dir)).toBeUndefined();
    const first = await version('2025-01-01T00:00:00Z');
    expect(await publishVersion(dir, first)).toBeUndefined();
    const second = await version('2025-01-02T00:00:00Z');
    expect(await publishVersion(dir, second)).toBe(first);
    expect(await readCurrent(dir)).toBe(second);
    expect((await readdir(dir)).filter((e) => e.endsWith('.tmp'))).toEqual([]);
  });

  it('refuses a pointer that names something else', async () => {
    await writeFile(join(dir, 'CURRENT'), '../../etc\n');
    await expect(readCurrent(dir)).rejects.toThrow(/does not name an index version/);
  });

  it('removes crashed and superseded versions but keeps newer and kept ones', async () => {
    const crashed = await version('2025-01-01T00:00:00Z');
    const previous = await version('2025-01-02T00:00:00Z');
    const current = await version('2025-01-03T00:00:00Z');
    const runningBuild = await version('2025-01-04T00:00:00Z');
    await writeFile(join(dir, 'CURRENT.1234.tmp'), 'x');
    await writeFile(join(dir, 'notes.txt'), 'not ours');
    expect(await removeStaleVersions(dir, [current, previous])).toEqual(
      expect.arrayContaining([crashed, 'CURRENT.1234.tmp']),
    );
    expect((await readdir(dir)).sort()).toEqual([previous, current, runningBuild, 'notes.txt'].sort());
  });
});
