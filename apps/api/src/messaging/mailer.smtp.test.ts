import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResult } from '@bible-qa/contract';
import { openDatabase, type DatabaseHandle } from '../db/client.ts';
import { manualClock, post, type TestApp } from '../test/auth-helpers.ts';
import { buildTestApp } from '../test/test-app.ts';

interface Received {
  from: string | undefined;
  to: string[];
  raw: string;
}

/** A real SMTP peer (npm's smtp-server) on loopback: the code goes out over SMTP and comes back in a login. */
describe('e-mail codes over SMTP', () => {
  let server: SMTPServer;
  let database: DatabaseHandle;
  let t: TestApp;
  const inbox: Received[] = [];
  const clock = manualClock();

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          inbox.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    database = await openDatabase({ kind: 'pglite' });
    t = await buildTestApp({
      database,
      clock,
      env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Bible Q&A <codes@bible.example.org>' },
    });
  });
  afterAll(async () => {
    await t.app.close();
    await database.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('delivers the code to the normalised address and logs in with it', async () => {
    const sent = await post(t, '/portal/auth/send-code-mail', { email: ' Ruth@Example.ORG ' }, { locale: 'en' });
    expect(sent.code).toBe(0);
    expect(inbox).toHaveLength(1);
    const mail = inbox[0]!;
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
    const raw = inbox.at(-1)!.raw;
    expect(raw).toMatch(/^Subject: =\?UTF-8\?/m);
  });
});
