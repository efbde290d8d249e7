// npm run bench:code-failures — how alike the failed code logins are in time (issue 13, decision 0027).
// The six ways a code login fails (never requested, wrong, expired, used, out of tries, account locked) all answer
// code_invalid; this times each over N interleaved rounds, on a fresh account per round, through the real app
// (app.inject: the server's work, without the network), and prints the median and spread per kind.
//   --rounds N          rounds (default 100); each round asks once per kind, in a rotating order
//   DATABASE_URL=...    on PostgreSQL (a new, empty database each run) instead of an in-memory PGlite
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { errorCode } from '@bible-qa/contract';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { createContainer } from '../apps/api/src/container.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';

const roundsAt = process.argv.indexOf('--rounds');
const ROUNDS = roundsAt > 0 ? Number(process.argv[roundsAt + 1]) : 100;
const KINDS = ['neverRequested', 'wrong', 'expired', 'used', 'outOfTries', 'locked'] as const;
type Kind = (typeof KINDS)[number];

let now = Date.parse('2026-11-22T12:00:00Z');
const clock = { now: () => new Date(now) };
const database = await openDatabase(
  process.env.DATABASE_URL ? { kind: 'postgres', url: process.env.DATABASE_URL } : { kind: 'pglite' },
);
const config = loadConfig({
  ...process.env,
  NODE_ENV: 'test',
  WEB_DIST_DIR: '/nonexistent',
  DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'bench-codes-')),
  CODE_SENDS_PER_IP_PER_HOUR: '100000',
  AUTH_IP_FAILURES_PER_HOUR: '100000',
  RISK_IP_LIMIT: '1000000',
  RISK_IP_BAN_AT: '10000000',
});
const logger = pino({ level: 'error' });
const container = await createContainer(config, logger, { database, clock });
const app = await buildApp({ container, logger });
await app.ready();

const ATTACKER = '10.13.0.1';
const call = async (url: string, body: object, ip = '127.0.0.1') =>
  (await app.inject({ method: 'POST', url: `/webapi/portal/auth${url}`, payload: body, remoteAddress: ip })).json() as {
    code: number;
    msg: string;
  };
let n = 0;
const phone = () => `1390${String(1_000_000 + ++n)}`;
const codeOf = (mobile: string) => container.accounts.outbox.list(`+86${mobile}`)[0]!.text.match(/\d{6}/)![0];
const other = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
const send = async () => {
  const mobile = phone();
  await call('/send-code-mobile', { mobile });
  return { mobile, code: codeOf(mobile) };
};
const login = (mobile: string, code: string, ip = ATTACKER) => call('/login', { mobile, code, agree: true }, ip);

// Accounts in each state, one per round.
process.stdout.write(`setting up ${ROUNDS} accounts per kind…\n`);
const perKind = <T>() => Object.fromEntries(KINDS.map((kind) => [kind, [] as T[]])) as Record<Kind, T[]>;
const prepared = perKind<{ mobile: string; code: string }>();
for (let i = 0; i < ROUNDS; i++) prepared.expired.push(await send());
now += 301_000;
for (let i = 0; i < ROUNDS; i++) {
  prepared.neverRequested.push({ mobile: phone(), code: '123456' });
  const wrong = await send();
  prepared.wrong.push({ mobile: wrong.mobile, code: other(wrong.code) });
  const used = await send();
  if ((await login(used.mobile, used.code, '127.0.0.1')).code !== 0) throw new Error('setup: login failed');
  prepared.used.push(used);
  const spent = await send();
  for (let k = 0; k < config.auth.codes.maxAttempts; k++) await login(spent.mobile, other(spent.code), '10.13.9.9');
  prepared.outOfTries.push(spent);
  const locked = await send();
  for (let k = 0; k <= config.auth.failures.perHour; k++) {
    await login(locked.mobile, other(locked.code), '10.13.9.9');
  }
  prepared.locked.push(locked);
}

const times = perKind<number>();
const answers = new Set<string>();
for (let round = 0; round < ROUNDS; round++) {
  for (let k = 0; k < KINDS.length; k++) {
    const kind = KINDS[(round + k) % KINDS.length]!;
    const { mobile, code } = prepared[kind][round]!;
    const started = performance.now();
    const answer = await login(mobile, code);
    times[kind].push(performance.now() - started);
    answers.add(`${answer.code} ${answer.msg}`);
  }
}

const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) * q)]!;
const medians = KINDS.map((kind) => quantile(times[kind], 0.5));
process.stdout.write(
  `\n${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, ${ROUNDS} interleaved rounds, load ${os
    .loadavg()[0]!
    .toFixed(1)}\n`,
);
for (const [i, kind] of KINDS.entries()) {
  const xs = times[kind];
  process.stdout.write(
    `${kind.padEnd(15)} median ${medians[i]!.toFixed(2)} ms   p10 ${quantile(xs, 0.1).toFixed(2)}   p90 ${quantile(xs, 0.9).toFixed(2)}\n`,
  );
}
process.stdout.write(`spread of the medians: ${(Math.max(...medians) - Math.min(...medians)).toFixed(2)} ms\n`);
process.stdout.write(`distinct answers: ${answers.size} (${[...answers].join(' | ')})\n`);
if (answers.size !== 1 || ![...answers][0]!.startsWith(`${errorCode('code_invalid')} `)) process.exitCode = 1;
await app.close();
await container.close();
