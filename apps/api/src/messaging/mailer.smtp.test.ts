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

/**
 * E-mail enumeration by timing: a slow provider must not make a known address answer later than an unknown one. The
 * mechanism, not the clock: the peer holds every mail unanswered, so a request that waited for its mail to be
 * accepted would not be answered at all (npm run bench:enumeration measures the times against a 250 ms provider).
 */
describe('reset codes to an SMTP peer that holds every mail until released', () => {
  let smtp: SmtpPeer;
  let database: DatabaseHandle;
  let t: TestApp;

  beforeAll(async () => {
    smtp = await startSmtpPeer({ hold: true });
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

  it('answers known and unknown addresses alike, none waiting for its mail, and mails the known ones only', async () => {
    const known = Array.from({ length: 10 }, (_, i) => `known${i}@example.org`);
    for (const email of known) {
      await t.container.repositories.members.findOrCreateByAccount('mail', email, { language: 'en' });
    }
    const answers = new Set<string>();
    for (let i = 0; i < known.length; i++) {
      for (const email of [known[i]!, `nobody${i}@example.org`]) {
        const res = await post(t, '/portal/auth/send-code-mail', { email, purpose: 'reset_password' });
        expect(res.code).toBe(0);
        answers.add(JSON.stringify(res));
      }
    }
    // Every request was answered, alike, while the peer had accepted no mail.
    expect(answers.size).toBe(1);
    expect(smtp.inbox).toHaveLength(0);
    // The codes still went out, after the answers, to the known addresses only.
    smtp.release();
    await smtp.codeFor(known.at(-1)!, { timeoutMs: 30_000 });
    await t.container.accounts.services.codes.settled();
    expect(smtp.inbox.flatMap((m) => m.to).sort()).toEqual([...known].sort());
    expect(smtp.arrived).toBe(known.length);
  });
});
