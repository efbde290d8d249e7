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
    const raw = smtp.inbox.at(-1)!.raw;
    expect(raw).toMatch(/^Subject: =\?UTF-8\?/m);
  });
});
