// Where a process's CPU time went, from a V8 .cpuprofile (node --cpu-prof): self time per function and per module
// (an npm package, a file of ours, or node's internals). Used by `npm run bench:chat -- --cpu-prof DIR`.
import fs from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** `node_modules/<package>`, a source file's name, or the kind of frame node and V8 report. */
function moduleOf(url: string, name: string): string {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  if (url.startsWith('node:')) return url;
  if (url) return url.replace(/^file:\/\//, '').replace(/.*\/(apps|scripts|packages)\//, '$1/');
  return `(${name || 'anonymous'})`;
}

export function summarizeCpuProfile(file: string, top = 20): string {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfUs = new Map<number, number>();
  profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const total = [...selfUs.values()].reduce((a, b) => a + b, 0);
  const functions = new Map<string, number>();
  const modules = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const frame = byId.get(id)?.callFrame;
    if (!frame) continue;
    const where = moduleOf(frame.url, frame.functionName);
    const fn = `${frame.functionName || '(anonymous)'} ${where}${frame.url ? `:${frame.lineNumber + 1}` : ''}`;
    functions.set(fn, (functions.get(fn) ?? 0) + us);
    modules.set(where, (modules.get(where) ?? 0) + us);
  }
  const table = (entries: Map<string, number>) =>
    [...entries]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(
        ([name, us]) =>
          `  ${((us / total) * 100).toFixed(1).padStart(5)} %  ${(us / 1000).toFixed(0).padStart(7)} ms  ${name}`,
      )
      .join('\n');
  return (
    `total ${(total / 1e6).toFixed(1)} s of samples\nby module (self time):\n${table(modules)}\n` +
    `by function (self time):\n${table(functions)}`
  );
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/^.*\//, ''))) {
  const file = process.argv[2];
  if (!file) throw new Error('usage: tsx scripts/cpu-profile.ts FILE.cpuprofile [TOP]');
  console.log(summarizeCpuProfile(file, Number(process.argv[3] ?? 25)));
}
