// Versioned index directories behind an atomically swapped pointer. A build writes `index-<version>/` completely
// (manifest last), then renames a temp file onto `CURRENT`; readers only ever follow `CURRENT`, so a crash during a
// build leaves the previous index in use and an orphan directory that the next successful build removes.
import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, readdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { PassageIndexInfo } from './passage-index.ts';

const POINTER = 'CURRENT';
const MANIFEST = 'manifest.json';
const PREFIX = 'index-';
const VERSION_NAME = /^index-[0-9]{17}-[0-9a-f]{8}$/;

/** Time-sortable and unique: index-20250101120000123-1a2b3c4d. */
export function newVersionName(now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:.TZ]/g, '');
  return `${PREFIX}${stamp}-${randomBytes(4).toString('hex')}`;
}

async function syncPath(path: string): Promise<void> {
  const handle = await open(path, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

async function writeDurably(path: string, content: string): Promise<void> {
  const handle = await open(path, 'w');
  try {
    await handle.writeFile(content);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export async function writeManifest(versionDir: string, info: PassageIndexInfo): Promise<void> {
  await writeDurably(join(versionDir, MANIFEST), `${JSON.stringify(info, null, 2)}\n`);
}

export async function readManifest(versionDir: string): Promise<PassageIndexInfo> {
  return JSON.parse(await readFile(join(versionDir, MANIFEST), 'utf8')) as PassageIndexInfo;
}

/** The version directory `CURRENT` points to, or undefined when nothing has been published yet. */
export async function readCurrent(dir: string): Promise<string | undefined> {
  let name: string;
  try {
    name = (await readFile(join(dir, POINTER), 'utf8')).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  if (!VERSION_NAME.test(name)) throw new Error(`${join(dir, POINTER)} does not name an index version: ${name}`);
  return name;
}

/** Atomically points `CURRENT` at `name`; returns the version it replaced. */
export async function publishVersion(dir: string, name: string): Promise<string | undefined> {
  const previous = await readCurrent(dir);
  await syncPath(join(dir, name));
  const temp = join(dir, `${POINTER}.${randomBytes(4).toString('hex')}.tmp`);
  await writeDurably(temp, `${name}\n`);
  await rename(temp, join(dir, POINTER));
  await syncPath(dir);
  return previous;
}

/**
 * Removes versions older than `keep` that are not in it (failed builds, versions replaced twice) and stray pointer
 * temp files. The replaced version is kept so that processes still reading it are not cut off.
 */
export async function removeStaleVersions(dir: string, keep: readonly string[]): Promise<string[]> {
  const newest = [...keep].sort().at(-1) ?? '';
  const removed: string[] = [];
  for (const entry of await readdir(dir)) {
    const stale =
      (VERSION_NAME.test(entry) && entry < newest && !keep.includes(entry)) ||
      (entry.startsWith(`${POINTER}.`) && entry.endsWith('.tmp'));
    if (!stale) continue;
    await rm(join(dir, entry), { recursive: true, force: true });
    removed.push(entry);
  }
  return removed;
}

export async function ensureDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
}
