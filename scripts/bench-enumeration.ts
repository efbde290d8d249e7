// npm run bench:enumeration — whether the time of an answer tells which accounts exist (decision 0017).
// The tests assert the mechanism (every password path makes one argon2 verify of one cost; no reset-code answer waits
// for its mail); this measures the times, over N interleaved rounds through the real app (app.inject: the server's
// work, without the network), and prints the median and spread per kind:
//   - a wrong password for an account with a password, for no account, and for an account without a password;
//   - a reset code by mail for a known and an unknown address, to an SMTP peer that takes 250 ms per mail.
//   --rounds N          rounds (default 50); each round asks once per kind, in a rotating order
//   DATABASE_URL=...    on PostgreSQL (a new, empty database each run) instead of an in-memory PGlite
// A path that skipped the dummy hash answers in a fraction of a millisecond against tens; a reset answer that waited
// for the mail would be 250 ms slower. Run it on a quiet machine: on a shared one the medians move by more than that.
import os from 'node:os';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { manualClock, post } from '../apps/api/src/test/auth-helpers.ts';
import { loginModes } from '../apps/api/src/test/login-modes.ts';
import { startSmtpPeer } from '../apps/api/src/test/smtp-peer.ts';
import { buildTestApp } from '../apps/api/src/test/test-app.ts';

const roundsAt = process.argv.indexOf('--rounds');
const ROUNDS = roundsAt > 0 ? Number(process.argv[roundsAt + 1]) : 50;
const SMTP_DELAY_MS = 250;

const clock = manualClock();
const database = await openDatabase(
  process.env.DATABASE_URL ? { kind: 'postgres', url: process.env.DATABASE_URL } : { kind: 'pglite' },
);
const smtp = await startSmtpPeer({ delayMs: SMTP_DELAY_MS });
const t = await buildTestApp({
  database,
  clock,
  env: {
    SMTP_URL: smtp.url,
    CODE_SENDS_PER_IP_PER_HOUR: '100000',
    AUTH_IP_FAILURES_PER_HOUR: '100000',
    RISK_IP_LIMIT: '1000000',
    RISK_IP_BAN_AT: '1000000',
  },
});

let n = 0;
const phone = () => `1360${String(1_000_000 + ++n)}`;
const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) * q)]!;

/** Times each kind's call once per round, in a rotating order, and prints the figures. */
async function measure<Kind extends string>(
  title: string,
  kinds: readonly Kind[],
  call: (kind: Kind, round: number) => Promise<{ code: number; msg: string }>,
) {
  const times = Object.fromEntries(kinds.map((kind) => [kind, [] as number[]])) as Record<Kind, number[]>;
  const answers = new Set<string>();
  for (let round = 0; round < ROUNDS; round++) {
    for (let k = 0; k < kinds.length; k++) {
      const kind = kinds[(round + k) % kinds.length]!;
      const started = performance.now();
      const answer = await call(kind, round);
      times[kind].push(performance.now() - started);
      answers.add(`${answer.code} ${answer.msg}`);
    }
  }
  const medians = kinds.map((kind) => quantile(times[kind], 0.5));
  process.stdout.write(`\n${title}\n`);
  for (const [i, kind] of kinds.entries()) {
    const xs = times[kind];
    process.stdout.write(
      `${kind.padEnd(24)} median ${medians[i]!.toFixed(2)} ms   p10 ${quantile(xs, 0.1).toFixed(2)}   p90 ${quantile(xs, 0.9).toFixed(2)}\n`,
    );
  }
  process.stdout.write(`spread of the medians: ${(Math.max(...medians) - Math.min(...medians)).toFixed(2)} ms\n`);
  process.stdout.write(`distinct answers: ${answers.size} (${[...answers].join(' | ')})\n`);
  if (answers.size !== 1) process.exitCode = 1;
}

process.stdout.write(`setting up ${ROUNDS} accounts of each kind…\n`);
const withPassword: string[] = [];
const withoutPassword: string[] = [];
const knownMail: string[] = [];
for (let i = 0; i < ROUNDS; i++) {
  const mobile = phone();
  await loginModes.password(t, mobile, clock);
  withPassword.push(mobile);
  const other = phone();
  await loginModes.code(t, other);
  withoutPassword.push(other);
  const email = `known${i}@example.org`;
  await t.container.repositories.members.findOrCreateByAccount('mail', email, { language: 'en' });
  knownMail.push(email);
  clock.advance(61_000);
}
const engine = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
process.stdout.write(`${engine}, ${ROUNDS} interleaved rounds, load ${os.loadavg()[0]!.toFixed(1)}\n`);

const passwordLogin = (mobile: string) =>
  post(t, '/portal/auth/login-mobile-password', { mobile, password: 'Wrong0ne-pass', agree: true });
await measure('Password login, a wrong password', ['a password', 'no account', 'no password'] as const, (kind, i) =>
  passwordLogin(kind === 'a password' ? withPassword[i]! : kind === 'no password' ? withoutPassword[i]! : phone()),
);
await measure(`Reset code by mail, to a ${SMTP_DELAY_MS} ms SMTP peer`, ['known', 'unknown'] as const, (kind, i) =>
  post(t, '/portal/auth/send-code-mail', {
    email: kind === 'known' ? knownMail[i]! : `nobody${i}@example.org`,
    purpose: 'reset_password',
  }),
);
await t.container.accounts.services.codes.settled();
process.stdout.write(`mails delivered: ${smtp.inbox.length} of ${ROUNDS} known addresses\n`);
await t.app.close();
await database.close();
await smtp.close();
