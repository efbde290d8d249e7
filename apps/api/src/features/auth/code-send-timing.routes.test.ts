import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import { post, type TestApp } from '../../test/auth-helpers.ts';
import { openTestPglite } from '../../test/databases.ts';
import { startFakeAliyunSms, type FakeAliyunSms } from '../../test/fake-providers.ts';
import { buildTestApp } from '../../test/test-app.ts';
import { createDeliveryPace } from './verification-code.service.ts';

const ALIYUN = { accessKeyId: 'LTAI5tTimingKeyId01', accessKeySecret: 'aliyun-timing-secret-01' };
/** The provider's round trip here: large beside the server's own work, as a real provider's (about 300 ms) is. */
const ROUND_TRIP_MS = 250;
const ROUNDS = 21;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

/**
 * Issue 25, finding 5: a suspended account's login-SMS send answered in 39 ms against about 300 ms for any other
 * number, since nothing is delivered to it. A barred number now waits as long as a delivery does: one of the recent
 * deliveries' times, drawn at random.
 */
describe('login code sends to barred and to ordinary numbers', () => {
  let database: DatabaseHandle;
  let fake: FakeAliyunSms;
  let t: TestApp;
  let n = 0;

  beforeAll(async () => {
    fake = await startFakeAliyunSms(ALIYUN);
    fake.delayMs = ROUND_TRIP_MS;
    database = await openTestPglite();
    t = await buildTestApp({
      database,
      env: {
        SMS_PROVIDER: 'aliyun',
        ALIYUN_ACCESS_KEY_ID: ALIYUN.accessKeyId,
        ALIYUN_ACCESS_KEY_SECRET: ALIYUN.accessKeySecret,
        SMS_ALIYUN_ENDPOINT: fake.url,
        SMS_SIGN_NAME: '圣经问答',
        SMS_TEMPLATE_ID: 'SMS_123456789',
        CODE_SENDS_PER_IP_PER_HOUR: '100000',
        RISK_IP_LIMIT: '1000000',
      },
    });
  });
  afterAll(async () => {
    await t.app.close();
    await database.close();
    await fake.close();
  });

  /** An account with a phone number, suspended or not. */
  async function account(barred: boolean): Promise<string> {
    const mobile = `1360300${String(1000 + ++n)}`;
    const user = await t.container.repositories.members.findOrCreateByAccount('mobile', `+86${mobile}`, {});
    if (barred) {
      const now = new Date();
      await t.container.accounts.repositories.measures.insert({
        userId: user.id,
        kind: 'suspension',
        reason: 'timing test',
        startsAt: now,
        expiresAt: new Date(now.getTime() + 3_600_000),
        createdBy: null,
        createdAt: now,
      });
    }
    return mobile;
  }

  const timedSend = async (mobile: string) => {
    const started = performance.now();
    const res = await post(t, '/portal/auth/send-code-mobile', { mobile }, { ip: `10.5.${n >> 8}.${n & 255}` });
    expect(res.code).toBe(0);
    return performance.now() - started;
  };

  it('answers both after the same wait, and nothing reaches a barred number', async () => {
    const ordinary: number[] = [];
    const barred: number[] = [];
    // A first round warms the code paths (and gives the pace its first delivery); it is not counted.
    await timedSend(await account(false));
    await timedSend(await account(true));
    // Interleaved, so the machine's load weighs on both alike.
    const sendBarred = async () => {
      const before = fake.accepted.length;
      barred.push(await timedSend(await account(true)));
      expect(fake.accepted.length).toBe(before);
    };
    for (let i = 0; i < ROUNDS; i++) {
      // Each first in turn, so neither always follows the other's work.
      if (i % 2) await sendBarred();
      ordinary.push(await timedSend(await account(false)));
      if (i % 2 === 0) await sendBarred();
    }
    const [o, b] = [median(ordinary), median(barred)];
    console.log(`login SMS send medians over ${ROUNDS} each: ordinary ${o.toFixed(0)} ms, barred ${b.toFixed(0)} ms`);
    // Before: the barred send answered without any wait (a few ms, against the round trip). The medians come within
    // 10 % on a quiet machine (the figure printed above); asserted within 20 %, since the other engineers' load on
    // this 2-core machine moves a 15-sample median by that much. The mechanism itself is the test below.
    expect(b).toBeGreaterThanOrEqual(ROUND_TRIP_MS * 0.9);
    expect(Math.abs(b - o) / o).toBeLessThan(0.2);
  }, 120_000);

  it('draws the wait from the recent deliveries, with a provider’s round trip before any', () => {
    let r = 0;
    const pace = createDeliveryPace(() => [0.1, 0.6, 0.99][r++ % 3]!);
    expect(pace.typical()).toBe(300);
    for (const ms of [210, 250, 330]) pace.record(ms);
    expect([pace.typical(), pace.typical(), pace.typical()]).toEqual([210, 250, 330]);
  });
});
