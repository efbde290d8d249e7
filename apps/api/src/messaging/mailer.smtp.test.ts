import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResult } from '@bible-qa/contract';
import { type DatabaseHandle } from '../db/client.ts';
import { openTestPglite } from '../test/databases.ts';
import { manualClock, post, type TestApp } from '../test/auth-helpers.ts';
import { startSmtpPeer, type SmtpPeer } from '../test/smtp-peer.ts';
import { buildTestApp } from '../test/test-app.ts';

/** A real SMTP peer (npm's smtp-server) on loopback: the code goes out over SMTP and comes back in a login. */
describe('e-mail codes over SMTP', () => {
  let smtp: SmtpPeer;
  let database: DatabaseHandle;
  let t: TestApp;
  const clock = manualClock();

  beforeAll(async () => {
    smtp = await startSmtpPeer();
    database = await openTestPglite();
    t = await buildTestApp({
      database,
      clock,
      env: { SMTP_URL: smtp.url, MAIL_FROM: 'Bible Q&A <codes@bible.example.org>' },
    });
  });
  afterAll(async () => {
    await t.app.close();
    await database.close();
    await smtp.close();
  });

  it('delivers the code to the normalised address and logs in with it', async () => {
    const sent = await post(t, '/portal/auth/send-code-mail', { email: ' Ruth@Example.ORG ' }, { locale: 'en' });
    expect(sent.code).toBe(0);
    await smtp.codeFor('ruth@example.org');
    expect(smtp.inbox).toHaveLength(1);
    const mail = smtp.inbox[0]!;
    expect(mail.from).toBe('codes@bible.example.org');
    expect(mail.to).toEqual(['ruth@example.org']);
    expect(mail.raw).toMatch(/^Subject: Your verification code$/m);
    const code = mail.raw.match(/verification code is (\d{6})\./)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    // Nothing went to the outbox: SMTP is the adapter.
    expect(t.container.accounts.outbox.list()).toHaveLength(0);
    const login = await post(t, '/portal/auth/login-mail', { email: 'ruth@example.org', code, agree: true });
    expect(login.code).toBe(0);
    expect((login.data as LoginResult).user.email).toBe('ruth@example.org');
  });

  it('writes the mail in the language of the request', async () => {
    clock.advance(61_000);
    await post(t, '/portal/auth/send-code-mail', { email: 'naomi@example.org' }, { locale: 'zh-tw' });
    await smtp.codeFor('naomi@example.org');
    const raw = smtp.inbox.at(-1)!.raw;
    expect(raw).toMatch(/^Subject: =\?UTF-8\?/m);
  });
});

/** E-mail enumeration by timing: a slow provider must not make a known address answer later than an unknown one. */
describe('reset codes to a 250 ms SMTP peer', () => {
  let smtp: SmtpPeer;
  let database: DatabaseHandle;
  let t: TestApp;

  beforeAll(async () => {
    smtp = await startSmtpPeer({ delayMs: 250 });
    database = await openTestPglite();
    t = await buildTestApp({
      database,
      clock: manualClock(),
      env: { SMTP_URL: smtp.url, CODE_SENDS_PER_IP_PER_HOUR: '100000', RISK_IP_LIMIT: '1000000' },
    });
  });
  afterAll(async () => {
    await t.app.close();
    await database.close();
    await smtp.close();
  });

  it('answers known and unknown addresses alike: medians within a fifth of the SMTP delay over 100 interleaved requests', async () => {
    const known = Array.from({ length: 50 }, (_, i) => `known${i}@example.org`);
    for (const email of known) {
      await t.container.repositories.members.findOrCreateByAccount('mail', email, { language: 'en' });
    }
    const times = { known: [] as number[], unknown: [] as number[] };
    for (let i = 0; i < 50; i++) {
      for (const [kind, email] of [
        ['known', known[i]!],
        ['unknown', `nobody${i}@example.org`],
      ] as const) {
        const start = performance.now();
        const res = await post(t, '/portal/auth/send-code-mail', { email, purpose: 'reset_password' });
        times[kind].push(performance.now() - start);
        expect(res.code).toBe(0);
      }
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    // A known address whose answer waited for the mail would be 250 ms slower; the bound leaves room for a loaded
    // machine (10 ms failed at 10.4 beside another suite) and none for that.
    expect(Math.abs(median(times.known) - median(times.unknown))).toBeLessThan(50);
    // The codes still went out, after the answers, to the known addresses only.
    await smtp.codeFor(known.at(-1)!, { timeoutMs: 30_000 });
    await t.container.accounts.services.codes.settled();
    expect(smtp.inbox.flatMap((m) => m.to).sort()).toEqual([...known].sort());
  });
});
