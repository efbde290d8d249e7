// Runs npm scripts side by side (each `a && b` group in order) and fails if any fails. `npm test` checks types and
// lint in one lane, runs the unit and integration suites in another, and in a third the two journeys that mostly wait
// out the 60 s between two codes (little CPU); `npm run test:e2e` runs those two beside the other journeys.
// Usage: node scripts/run-parallel.mjs "typecheck && lint" test:fast
import { spawn } from 'node:child_process';

const lanes = process.argv.slice(2).map((lane) => lane.split('&&').map((name) => name.trim()));

function run(name) {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', name], { stdio: ['ignore', 'pipe', 'pipe'] });
    for (const [stream, out] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      let rest = '';
      stream.on('data', (chunk) => {
        const lines = (rest + chunk).split('\n');
        rest = lines.pop();
        for (const line of lines) out.write(`[${name}] ${line}\n`);
      });
      stream.on('end', () => rest && out.write(`[${name}] ${rest}\n`));
    }
    child.on('close', (code) => resolve(code === 0));
  });
}

async function runLane(names) {
  for (const name of names) if (!(await run(name))) return `${name} failed`;
  return null;
}

const failures = (await Promise.all(lanes.map(runLane))).filter(Boolean);
for (const failure of failures) console.error(failure);
process.exit(failures.length > 0 ? 1 : 0);
