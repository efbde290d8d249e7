// Node started as `npm start` and the container image start the server: through scripts/run-node.sh, which chooses the
// allocator (jemalloc when the system has it; ALLOCATOR=system for glibc, decision 0050). The benchmarks start their
// servers with it, so what they measure is what runs.
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const RUN_NODE_SH = path.join(path.dirname(fileURLToPath(import.meta.url)), 'run-node.sh');

export function spawnNode(args: string[], options: SpawnOptions): ChildProcess {
  return spawn('sh', [RUN_NODE_SH, ...args], options);
}

/** The jemalloc library run-node.sh preloads, looked for where it looks: Debian's multiarch folder, then the others. */
export function systemJemalloc(): string | undefined {
  const multiarch = fs
    .readdirSync('/usr/lib')
    .filter((dir) => dir.endsWith('-linux-gnu'))
    .map((dir) => path.join('/usr/lib', dir));
  return [...multiarch, '/usr/lib', '/usr/local/lib']
    .map((dir) => path.join(dir, 'libjemalloc.so.2'))
    .find((file) => fs.existsSync(file));
}

/** The allocator a running process has mapped. */
export function allocatorOf(pid: number): 'jemalloc' | 'glibc' {
  return fs.readFileSync(`/proc/${pid}/maps`, 'utf8').includes('libjemalloc') ? 'jemalloc' : 'glibc';
}
