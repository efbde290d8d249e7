// Runs npm scripts side by side (each `a && b` group in order) and fails if any fails. `npm test` checks types and
// lint in one lane, runs the unit and integration suites in another, and in a third the two journeys that mostly wait
// out the 60 s between two codes (little CPU); `npm run test:e2e` runs those two beside the other journeys.
// A script that fails has its last lines printed again at the end: CI keeps only the tail of the output, and the
// cause would otherwise sit thousands of lines above it, among the other lanes' lines.
// Usage: node scripts/run-parallel.mjs "typecheck && lint" test:fast
import { spawn } from 'node:child_process';

const TAIL_LINES = 60;
const lanes = process.argv.slice(2).map((lane) => lane.split('&&').map((name) => name.trim()));

function run(name) {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', name], { stdio: ['ignore', 'pipe', 'pipe'] });
    const tail = [];
    const keep = (line) => {
      tail.push(line);
      if (tail.length > TAIL_LINES) tail.shift();
    };
    for (const [stream, out] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      let rest = '';
      stream.on('data', (chunk) => {
        const lines = (rest + chunk).split('\n');
        rest = lines.pop();
        for (const line of lines) {
          out.write(`[${name}] ${line}\n`);
          keep(line);
        }
      });
      stream.on('end', () => {
        if (!rest) return;
        out.write(`[${name}] ${rest}\n`);
        keep(rest);
      });
    }
    child.on('close', (code) => resolve(code === 0 ? null : { name, tail }));
  });
}

async function runLane(names) {
  for (const name of names) {
    const failure = await run(name);
    if (failure) return failure;
  }
  return null;
}

const failures = (await Promise.all(lanes.map(runLane))).filter(Boolean);
for (const { name, tail } of failures) {
  console.error(`\n${name} failed; its last ${tail.length} lines:`);
  for (const line of tail) console.error(`[${name}] ${line}`);
}
for (const { name } of failures) console.error(`${name} failed`);
process.exit(failures.length > 0 ? 1 : 0);
