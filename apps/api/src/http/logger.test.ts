import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client.ts';
import { createMemberRepository } from '../features/member/member.repository.ts';
import { databaseTargets } from '../test/databases.ts';
import { buildTestApp } from '../test/test-app.ts';

const EMAIL = 'ruth.of.moab@example.org';

/** Every log line of the server, not only a request's access line, keeps personal data and SQL out (issue 13). */
describe.each(databaseTargets)('errors in the log on $name', (target) => {
  let database: DatabaseHandle;
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  const members = () => createMemberRepository(database.db);
  /** A failing database call whose SQL, bound values and detail all hold the address. */
  const duplicate = () =>
    members()
      .insert({ name: 'Ruth', email: EMAIL })
      .catch((error: unknown) => error);

  beforeAll(async () => {
    database = await target.open();
    await members().insert({ name: 'Ruth', email: EMAIL });
    t = await buildTestApp({
      database,
      extend: (app) => {
        app.get('/webapi/test/duplicate', async () => {
          throw await duplicate();
        });
      },
    });
  });
  afterAll(async () => {
    await t.app.close();
    await database.close();
  });

  it('logs a failed query anywhere by its class and SQLSTATE, without its SQL, values or detail', async () => {
    const error = await duplicate();
    expect(String((error as Error).message) + JSON.stringify(error)).toContain(EMAIL);
    t.app.log.error({ err: error, answerId: 'a1' }, 'could not store the answer');
    const line = t.logs.find((l) => l.msg === 'could not store the answer');
    expect(line?.err).toMatchObject({ database: true, sqlState: '23505' });
    expect(JSON.stringify(line)).not.toContain(EMAIL);
    expect(JSON.stringify(line)).not.toMatch(/insert into/i);
  });

  it('logs a request that failed on the database the same way', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/webapi/test/duplicate' });
    expect(res.json().code).toBe(500);
    const line = t.logs.find((l) => l.reqId === res.json().requestId && l.err);
    expect(line?.err).toMatchObject({ database: true, sqlState: '23505' });
    expect(JSON.stringify(line)).not.toContain(EMAIL);
  });

  it("masks addresses and phone numbers in other errors, and drops a mailer's list of recipients", () => {
    const smtp = Object.assign(new Error(`Can't send mail - all recipients were rejected: 550 <${EMAIL}>`), {
      responseCode: 550,
      command: 'RCPT TO',
      rejected: [EMAIL],
    });
    const sms = new Error('provider refused +8613800138000: throttled', { cause: smtp });
    t.app.log.error({ err: sms, channel: 'mobile' }, 'verification code delivery failed');
    const line = t.logs.find((l) => l.msg === 'verification code delivery failed');
    const text = JSON.stringify(line);
    expect(text).not.toContain(EMAIL);
    expect(text).not.toContain('13800138000');
    expect(line?.err).toMatchObject({
      type: 'Error',
      message: 'provider refused [phone]: throttled',
      cause: { responseCode: 550, command: 'RCPT TO', message: expect.stringContaining('[address]') },
    });
  });
});
