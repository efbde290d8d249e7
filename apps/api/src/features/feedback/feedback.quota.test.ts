import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCode, errorMessage } from '@bible-qa/contract';
import type { DatabaseHandle } from '../../db/client.ts';
import { openTestPglite } from '../../test/databases.ts';
import { manualClock } from '../../test/auth-helpers.ts';
import { buildTestApp } from '../../test/test-app.ts';
import { createTestUser } from '../../test/test-users.ts';

type User = Awaited<ReturnType<typeof createTestUser>>;

/** Upload volume: screenshots and feedbacks share one daily quota per account. */
describe('the daily upload quota', () => {
  let database: DatabaseHandle;
  let dataDir: string;
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  const clock = manualClock();

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'feedback-quota-'));
    database = await openTestPglite();
    t = await buildTestApp({ database, clock, env: { DATA_DIR: dataDir, UPLOADS_PER_ACCOUNT_PER_DAY: '4' } });
  });
  afterAll(async () => {
    await t.app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const png = () =>
    sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 1, g: 2, b: 3 } } })
      .png()
      .toBuffer();
  const upload = async (user: User) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/webapi/portal/upload/image',
        payload: await png(),
        headers: { 'content-type': 'image/png', locale: 'en', ...user.headers },
      })
    ).json() as { code: number; msg: string; data: { id: string } };
  const send = async (user: User, imageIds: string[] = []) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/webapi/portal/feedback/add',
        payload: { type: 'wrong_answer', content: 'The reference is wrong.', imageIds },
        headers: { locale: 'en', ...user.headers },
      })
    ).json() as { code: number; msg: string };

  it('counts screenshots and feedbacks together per account and day, and starts again the next day', async () => {
    const alice = await createTestUser(database, 'alice');
    const first = await upload(alice);
    const second = await upload(alice);
    expect([first.code, second.code]).toEqual([0, 0]);
    expect((await send(alice, [first.data.id, second.data.id])).code).toBe(0);
    expect((await send(alice)).code).toBe(0);
    const over = await upload(alice);
    expect(over).toMatchObject({
      code: errorCode('daily_upload_limit'),
      msg: errorMessage('daily_upload_limit', 'en'),
    });
    expect((await send(alice)).code).toBe(errorCode('daily_upload_limit'));
    // Bob's quota is his own.
    expect((await upload(await createTestUser(database, 'bob'))).code).toBe(0);
    clock.advance(24 * 3_600_000 + 1);
    expect((await upload(alice)).code).toBe(0);
  });
});
