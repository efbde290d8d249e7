// npm run eval:check [-- --update]: the evaluations run on an ingested corpus (DATA_DIR) and compared with the
// figures committed in apps/api/src/eval/expected.json, train and held-out, as Pyserini's regression checks do: a
// figure that drops by more than TOLERANCE fails the check (exit 1), a fabricated reference fails it whatever the
// tolerance, and a figure that rises is reported (commit it with --update, which rewrites the file from this run).
// It runs eval:retrieval (three paths), eval:answers (the rubric) and eval:care (the risk reading), each as its own
// process with --json, so it measures what those commands print. It takes the time they take (about 40 minutes on
// two busy cores); the corpus is not in the repository, so `npm test` does not run it.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const EXPECTED = path.join(ROOT, 'apps/api/src/eval/expected.json');
/** How far a figure may fall below the committed one before the check fails: one question in a hundred. */
const TOLERANCE = 0.01;
const update = process.argv.includes('--update');

type Figures = { [name: string]: number | Figures };

function run(script: string, args: string[] = []): Figures {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'eval-check-'));
  const file = path.join(dir, 'figures.json');
  try {
    console.error(`running npm run ${script} …`);
    const result = spawnSync('npm', ['run', '--silent', script, '--', ...args, '--json', file], {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: process.env,
    });
    if (result.status !== 0) throw new Error(`npm run ${script} failed (exit ${result.status})`);
    return JSON.parse(readFileSync(file, 'utf8')) as Figures;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Every figure as a path and a value ("answers.heldOut.gold3" = 0.753). */
function flatten(figures: Figures, prefix = ''): Map<string, number> {
  const out = new Map<string, number>();
  for (const [key, value] of Object.entries(figures)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'number') out.set(name, value);
    else for (const [k, v] of flatten(value, name)) out.set(k, v);
  }
  return out;
}

const measured: Figures = {
  retrieval: run('eval:retrieval'),
  ...run('eval:answers'),
  care: run('eval:care', ['--classifier']),
};
if (update) {
  writeFileSync(EXPECTED, `${JSON.stringify(measured, null, 2)}\n`);
  console.log(`wrote ${path.relative(ROOT, EXPECTED)}`);
  process.exit(0);
}
const expected = flatten(JSON.parse(readFileSync(EXPECTED, 'utf8')) as Figures);
const now = flatten(measured);
const failures: string[] = [];
for (const [name, want] of expected) {
  const got = now.get(name);
  if (got === undefined) {
    failures.push(`${name}: not measured`);
    continue;
  }
  // Fabricated references, verses shown twice and false alarms are lower-better; a fabricated one fails whatever the
  // tolerance.
  const fabricated = name.endsWith('.fabricated');
  const lowerBetter = fabricated || name.endsWith('.twice') || name.endsWith('Alarms');
  const drop = lowerBetter ? got - want : want - got;
  const mark = drop > (fabricated ? 0 : TOLERANCE) ? 'FAIL' : drop < -TOLERANCE ? 'rose' : 'ok';
  console.log(`${mark.padEnd(4)}  ${name.padEnd(40)} expected ${want.toFixed(3)}  measured ${got.toFixed(3)}`);
  if (mark === 'FAIL') failures.push(name);
}
if (failures.length) {
  console.error(
    `\n${failures.length} figure(s) below the committed ones (tolerance ${TOLERANCE}): ${failures.join(', ')}`,
  );
  process.exit(1);
}
console.log(`\nall ${expected.size} figures at or above the committed ones (tolerance ${TOLERANCE})`);
