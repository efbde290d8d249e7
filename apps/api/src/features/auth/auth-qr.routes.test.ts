import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCode, type LoginResult, type QrPollResult } from '@bible-qa/contract';
import type { DatabaseHandle } from '../../db/client.ts';
import { assertServable, loadConfig } from '../../config.ts';
import { get, manualClock, post, type TestApp } from '../../test/auth-helpers.ts';
import { databaseTargets } from '../../test/databases.ts';
import { loginModes } from '../../test/login-modes.ts';
import { buildTestApp } from '../../test/test-app.ts';

interface Ticket {
  ticket: string;
  pollSecret: string;
  qrContent: string;
  qrCode: string;
  expiresIn: number;
}

const DESKTOP_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

describe.each(databaseTargets)('QR login on $name', (target) => {
  let database: DatabaseHandle;
  let t: TestApp;
  let phone: LoginResult;
  const clock = manualClock();

  const create = async () =>
    (await post(t, '/portal/auth/qr/create', {}, { headers: { 'user-agent': DESKTOP_UA }, ip: '10.7.7.7' }))
      .data as Ticket;
  const poll = async (ticket: Ticket, wait = 0) =>
    (await post(t, '/portal/auth/qr/poll', { ticket: ticket.ticket, pollSecret: ticket.pollSecret, wait }))
      .data as QrPollResult;

  beforeAll(async () => {
    database = await target.open();
    t = await buildTestApp({ database, clock, env: { PUBLIC_ORIGIN: 'https://bible.example.org' } });
    phone = await loginModes.code(t, '13600001234');
  });
  afterAll(async () => {
    await t.app.close();
    await database.close();
  });

  it('gives the desktop a 2-minute ticket as a QR code of the login path', async () => {
    const ticket = await create();
    expect(ticket.expiresIn).toBe(120);
    expect(ticket.qrContent).toBe(`https://bible.example.org/login/qr/${ticket.ticket}`);
    expect(Buffer.from(ticket.qrCode.split(',')[1]!, 'base64').toString()).toContain('<svg');
    expect(ticket.ticket.length).toBeGreaterThanOrEqual(32);
    expect(await poll(ticket)).toEqual({ status: 'waiting', login: null });
  });

  it("builds the QR link from the configured origin only, whatever the request's Host says", async () => {
    const envs: Record<string, string>[] = [{ PUBLIC_ORIGIN: 'https://bible.example.org/' }, { PORT: '8080' }];
    for (const env of envs) {
      const bare = await buildTestApp({ database, clock, env });
      try {
        const res = await bare.app.inject({
          method: 'POST',
          url: '/webapi/portal/auth/qr/create',
          headers: { host: 'evil.test' },
          payload: {},
        });
        const data = res.json().data as Ticket;
        const origin = env.PUBLIC_ORIGIN ? 'https://bible.example.org' : 'http://localhost:8080';
        expect(data.qrContent).toBe(`${origin}/login/qr/${data.ticket}`);
      } finally {
        await bare.app.close();
      }
    }
  });

  it('refuses to start in production without PUBLIC_ORIGIN', () => {
    expect(() => assertServable({ NODE_ENV: 'production' })).toThrow(/PUBLIC_ORIGIN: required in production/);
    // Scripts (ingest, migrate, evaluations) read the same configuration without serving links.
    expect(() => loadConfig({ NODE_ENV: 'production' })).not.toThrow();
  });

  it('shows the phone where the desktop asked from, and tells the desktop it was scanned', async () => {
    const ticket = await create();
    const scanned = await post(t, '/portal/auth/qr/scan', { ticket: ticket.ticket }, { token: phone.access_token });
    // A readable device, a masked address with what can be said of it, and the time; never the raw user agent.
    expect(scanned).toEqual({
      code: 0,
      msg: expect.any(String),
      data: {
        browser: 'chrome',
        os: 'linux',
        network: 'private',
        address: '10.7.7.*',
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
    });
    expect((await poll(ticket)).status).toBe('scanned');
  });

  it("logs the desktop in as the phone's user within 2 s of the confirmation, through a long poll", async () => {
    const ticket = await create();
    const started = performance.now();
    const waiting = poll(ticket, 10);
    await new Promise((r) => setTimeout(r, 300));
    const confirmedAt = performance.now();
    expect(
      (await post(t, '/portal/auth/qr/confirm', { ticket: ticket.ticket }, { token: phone.access_token })).code,
    ).toBe(0);
    const result = await waiting;
    const answeredAt = performance.now();
    expect(answeredAt - confirmedAt).toBeLessThan(2_000);
    expect(answeredAt - started).toBeGreaterThan(250);
    expect(result.status).toBe('confirmed');
    expect(result.login?.user.id).toBe(phone.user.id);
    expect(result.login?.access_token).not.toBe(phone.access_token);
    expect((await get(t, '/portal/member/info', { token: result.login!.access_token })).code).toBe(0);
  });

  it('works once: a second poll and a second confirmation are refused', async () => {
    const ticket = await create();
    await post(t, '/portal/auth/qr/confirm', { ticket: ticket.ticket }, { token: phone.access_token });
    expect((await poll(ticket)).status).toBe('confirmed');
    expect(await poll(ticket)).toEqual({ status: 'expired', login: null });
    const again = await post(t, '/portal/auth/qr/confirm', { ticket: ticket.ticket }, { token: phone.access_token });
    expect(again.code).toBe(errorCode('qr_expired'));
  });

  it('never hands the login to a poller without the desktop secret', async () => {
    const ticket = await create();
    await post(t, '/portal/auth/qr/confirm', { ticket: ticket.ticket }, { token: phone.access_token });
    expect(await poll({ ...ticket, pollSecret: 'guessed-secret-guessed-secret' })).toEqual({
      status: 'expired',
      login: null,
    });
    expect((await poll(ticket)).status).toBe('confirmed');
  });

  it('expires after 2 minutes', async () => {
    const ticket = await create();
    clock.advance(120_001);
    const late = await post(t, '/portal/auth/qr/confirm', { ticket: ticket.ticket }, { token: phone.access_token });
    expect(late.code).toBe(errorCode('qr_expired'));
    expect((await poll(ticket)).status).toBe('expired');
  });

  it('needs a logged-in phone to scan or confirm, and a real ticket', async () => {
    const ticket = await create();
    expect((await post(t, '/portal/auth/qr/confirm', { ticket: ticket.ticket })).code).toBe(401);
    expect((await post(t, '/portal/auth/qr/scan', { ticket: ticket.ticket })).code).toBe(401);
    const made = await post(t, '/portal/auth/qr/confirm', { ticket: 'x'.repeat(32) }, { token: phone.access_token });
    expect(made.code).toBe(errorCode('qr_expired'));
    expect((await poll(ticket)).status).toBe('waiting');
  });

  it("ends the desktop's login without touching the phone's", async () => {
    const desktop = await loginModes.qr(t, phone.access_token);
    await post(t, '/portal/auth/logout', {}, { token: desktop.access_token });
    expect((await get(t, '/portal/member/info', { token: desktop.access_token })).code).toBe(401);
    expect((await get(t, '/portal/member/info', { token: phone.access_token })).code).toBe(0);
  });
});
