import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { encodePng } from '../apps/api/src/test/png.ts';
import type { OpenStream } from '../apps/api/src/test/sse-client.ts';
import { auth, other, servedBy, useFleet } from './support/fleet.ts';

/**
 * Issue 14: two API processes on one PostgreSQL and one Redis, behind a round-robin proxy, sharing one data folder
 * (the corpus index and uploads, as compose.yaml's volume). Everything a user does may land on either instance; the
 * proxy says which one answered (x-served-by), and each check makes the second step land on the other one.
 */
const fleet = useFleet('fleet');
const { steer, call, ask, guestKey } = fleet;
let user: { token: string; userToken: string };

const SLOW = { kind: 'normal' as const, chunks: Array(120).fill('爱'), gapMs: 40 };
const FULL = '爱'.repeat(120);

describe('two API instances behind a round-robin proxy, on one PostgreSQL and one Redis', () => {
  it('logs in through one instance with the code sent through the other', async () => {
    const email = `fleet-${Date.now()}@example.com`;
    const sent = await call('/portal/auth/send-code-mail', { email });
    expect(sent.code).toBe(0);
    const code = await fleet.smtp.codeFor(email);
    await steer(other(sent.served));
    const login = await call('/portal/auth/login-mail', { email, code, agree: true });
    expect(login.served).toBe(other(sent.served));
    expect(login.code).toBe(0);
    user = { token: String(login.data.access_token), userToken: String(login.data.user_token) };
  });

  it('wakes a desktop polling one instance within 1 s of the QR confirmation on the other', async () => {
    const ticket = (await call('/portal/auth/qr/create', {})).data as { ticket: string; pollSecret: string };
    expect((await call('/portal/auth/qr/scan', { ticket: ticket.ticket }, auth(user.token))).code).toBe(0);
    await steer(0);
    const polling = call('/portal/auth/qr/poll', { ...ticket, wait: 20 });
    await new Promise((r) => setTimeout(r, 300));
    await steer(1);
    const confirm = await call('/portal/auth/qr/confirm', { ticket: ticket.ticket }, auth(user.token));
    const confirmedAt = performance.now();
    expect(confirm).toMatchObject({ served: 1, code: 0 });
    const polled = await polling;
    const wokeAfterMs = performance.now() - confirmedAt;
    expect(polled.served).toBe(0);
    expect(polled.data).toMatchObject({ status: 'confirmed' });
    expect(wokeAfterMs).toBeLessThan(1_000);
  });

  it('stops an answer streaming from one instance through the other, keeping its partial text', async () => {
    fleet.llm.setMode(SLOW);
    fleet.llm.requests.length = 0;
    const stream = await ask({ requestId: `stop-${randomUUID()}` }, auth(user.token));
    await expect.poll(() => stream.text().length, { timeout: 20_000 }).toBeGreaterThanOrEqual(5);
    const answerId = String(stream.events[0]!.event.answerId);
    await steer(other(servedBy(stream)));
    const stop = await call('/portal/chat/stop', { id: answerId }, auth(user.token));
    expect(stop.served).toBe(other(servedBy(stream)));
    expect(stop.data).toMatchObject({ status: 'stopped' });
    const kept = String(stop.data.content);
    expect(kept.length).toBeGreaterThanOrEqual(5);
    expect(kept.length).toBeLessThan(FULL.length);
    await stream.ended;
    expect(stream.last()).toMatchObject({ type: 'done', answer: { status: 'stopped', content: kept } });
    expect(fleet.llm.requests).toHaveLength(1);
    expect(fleet.llm.requests[0]?.closedEarly).toBe(true);
  });

  it('joins the running answer when a request id is retried on the other instance: one model call', async () => {
    fleet.llm.setMode(SLOW);
    fleet.llm.requests.length = 0;
    const requestId = `retry-${randomUUID()}`;
    const first = await ask({ requestId }, auth(user.token));
    await expect.poll(() => first.text().length, { timeout: 20_000 }).toBeGreaterThanOrEqual(5);
    await steer(other(servedBy(first)));
    const retry = await ask({ requestId }, auth(user.token));
    expect(servedBy(retry)).toBe(other(servedBy(first)));
    await Promise.all([first.ended, retry.ended]);
    expect(retry.events[0]?.event).toMatchObject({ type: 'meta', answerId: first.events[0]?.event.answerId });
    expect(retry.text()).toBe(FULL);
    expect(retry.last()).toMatchObject({ type: 'done', answer: { status: 'done', content: FULL } });
    expect(first.last()).toMatchObject({ type: 'done', answer: { content: FULL } });
    expect(fleet.llm.requests).toHaveLength(1);
  });

  it('resumes a dropped stream on the other instance from the last event id', async () => {
    fleet.llm.setMode(SLOW);
    fleet.llm.requests.length = 0;
    const requestId = `resume-${randomUUID()}`;
    const guest = { 'guest-key': await guestKey() };
    const first = await ask({ requestId }, guest);
    await expect.poll(() => first.text().length, { timeout: 20_000 }).toBeGreaterThanOrEqual(5);
    first.drop();
    await first.ended;
    await steer(other(servedBy(first)));
    const resumed = await ask({ requestId }, { ...guest, 'last-event-id': first.events.at(-1)!.id! });
    expect(servedBy(resumed)).toBe(other(servedBy(first)));
    await resumed.ended;
    expect(first.text() + resumed.text()).toBe(FULL);
    expect(fleet.llm.requests).toHaveLength(1);
  });

  it('makes no second model call for a guest’s retry on the other instance, and keeps other guests out', async () => {
    fleet.llm.setMode(SLOW);
    fleet.llm.requests.length = 0;
    const requestId = `guest-${randomUUID()}`;
    const guest = { 'guest-key': await guestKey() };
    const first = await ask({ requestId }, guest);
    await expect.poll(() => first.events.length, { timeout: 20_000 }).toBeGreaterThan(0);
    const answerId = first.events[0]!.event.answerId;
    await steer(other(servedBy(first)));
    const retry = await ask({ requestId }, guest);
    await Promise.all([first.ended, retry.ended]);
    expect(retry.events[0]?.event).toMatchObject({ answerId });
    expect(retry.last()).toMatchObject({ type: 'done', answer: { content: FULL } });
    expect(fleet.llm.requests).toHaveLength(1);
    // Another guest who learned the answer id cannot stop it on either instance.
    for (const index of [0, 1]) {
      await steer(index);
      const stop = await call('/portal/chat/stop', { id: answerId }, { 'guest-key': await guestKey() });
      expect(stop.code).toBe(10006);
    }
  });

  it('caps a user’s running answers across the fleet, not per instance', async () => {
    fleet.llm.setMode(SLOW);
    // ASK_CONCURRENT_PER_USER is 2: one running on each instance.
    const running: OpenStream[] = [];
    for (const index of [0, 1]) {
      await steer(index);
      running.push(await ask({ requestId: `cap-${randomUUID()}` }, auth(user.token)));
    }
    expect(running.map(servedBy)).toEqual([0, 1]);
    await expect.poll(() => running.every((s) => s.events.length > 0), { timeout: 20_000 }).toBe(true);
    for (const index of [0, 1]) {
      await steer(index);
      const third = await call(
        '/portal/chat/ask',
        { question: '神爱世人', requestId: `cap-${randomUUID()}` },
        auth(user.token),
      );
      expect(third).toMatchObject({ served: index, code: 10008 });
    }
    for (const stream of running) {
      await call('/portal/chat/stop', { id: String(stream.events[0]!.event.answerId) }, auth(user.token));
    }
    await Promise.all(running.map((s) => s.ended));
  });

  it('serves an upload written through one instance from the other', async () => {
    const png = encodePng(2, 2, 2, Buffer.from([0, 255, 0, 0, 0, 255, 0, 0, 0, 0, 0, 255, 255, 255, 255]));
    const up = await fetch(`${fleet.proxy.origin}/webapi/portal/upload/image`, {
      method: 'POST',
      headers: { 'content-type': 'image/png', ...auth(user.token) },
      body: new Uint8Array(png),
    });
    const uploaded = (await up.json()) as { code: number; data: { id: string } };
    expect(uploaded.code).toBe(0);
    const writer = Number(up.headers.get('x-served-by'));
    await steer(other(writer));
    const read = await fetch(`${fleet.proxy.origin}/webapi/portal/upload/image/${uploaded.data.id}`, {
      headers: auth(user.token),
    });
    expect(Number(read.headers.get('x-served-by'))).toBe(other(writer));
    expect(read.status).toBe(200);
    expect(read.headers.get('content-type')).toMatch(/^image\//);
    expect((await read.arrayBuffer()).byteLength).toBeGreaterThan(0);
  });

  it('refuses a token on one instance once it was logged out on the other', async () => {
    await steer(0);
    expect((await call('/portal/member/info', undefined, auth(user.token))).code).toBe(0);
    const logout = await call('/portal/auth/logout', { userToken: user.userToken }, auth(user.token));
    expect(logout).toMatchObject({ served: 1, code: 0 });
    const after = await call('/portal/member/info', undefined, auth(user.token));
    expect(after).toMatchObject({ served: 0, code: 401 });
  });
});
