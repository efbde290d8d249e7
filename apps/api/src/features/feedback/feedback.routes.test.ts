import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { errorCode, FEEDBACK_MAX_IMAGE_BYTES, type AdminFeedbackPage, type Feedback } from '@bible-qa/contract';
import type { DatabaseHandle } from '../../db/client.ts';
import { feedback, uploadedImages, users } from '../../db/schema.ts';
import type { TestApp } from '../../test/auth-helpers.ts';
import { databaseTargets } from '../../test/databases.ts';
import { encodePng } from '../../test/png.ts';
import { buildTestApp } from '../../test/test-app.ts';
import { createTestUser } from '../../test/test-users.ts';

type Envelope<T = never> = { code: number; msg: string; data: T };
type User = Awaited<ReturnType<typeof createTestUser>>;

// --- images made for the test -----------------------------------------------------------------------------------

const pngOf = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } } })
    .png()
    .toBuffer();
/** A JPEG carrying EXIF (a camera make and a GPS-like comment) that must not survive the upload. */
const jpegWithExif = () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .jpeg()
    .withExif({ IFD0: { Make: 'SecretCam', ImageDescription: 'GPS 22.3193N 114.1694E' } })
    .toBuffer();

/**
 * A decompression bomb: a valid 8000×8000 greyscale PNG of zeros. About 64 KB on the wire, 64 million pixels
 * (256 MB as RGBA) once decoded.
 */
function pixelFloodPng(side = 8000): Buffer {
  const raw = Buffer.alloc(side * (side + 1)); // each row: filter byte 0 + zeros
  return encodePng(side, side, 0, raw, { level: 9 });
}
const SVG = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>window.__pwned=1</script><rect width="10" height="10"/></svg>',
);
const HTML_AS_PNG = Buffer.from('<!doctype html><html><body><script>window.__pwned=1</script></body></html>');

// --- helpers ----------------------------------------------------------------------------------------------------

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}

describe.each(databaseTargets)('feedback and screenshots on $name', (target) => {
  let database: DatabaseHandle;
  let t: TestApp;
  let dataDir: string;
  let uploadsDir: string;
  let alice: User;
  let bob: User;
  let admin: User;

  const upload = async (user: User | null, bytes: Buffer, contentType = 'application/octet-stream') => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/webapi/portal/upload/image',
      payload: bytes,
      headers: { 'content-type': contentType, ...(user ? user.headers : {}) },
    });
    return res.json() as Envelope<{ id: string; width: number; height: number; contentType: string }>;
  };
  const call = async <T = never>(method: 'GET' | 'POST', url: string, user: User | null, body?: object) => {
    const res = await t.app.inject({
      method,
      url: `/webapi${url}`,
      ...(body ? { payload: body } : {}),
      headers: { ...(user ? user.headers : {}), locale: 'en' },
    });
    return res.json() as Envelope<T>;
  };
  const count = async (table: typeof feedback | typeof uploadedImages) => {
    const [row] = await database.db.select({ n: sql<number>`count(*)::int` }).from(table);
    return row?.n ?? 0;
  };
  /** What is stored anywhere: files under the storage root and rows of both tables. */
  const stored = async () => ({
    files: filesUnder(uploadsDir),
    images: await count(uploadedImages),
    feedback: await count(feedback),
  });

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'feedback-'));
    uploadsDir = path.join(dataDir, 'uploads');
    database = await target.open();
    // Alice sends far more than a day's uploads here; feedback.quota.test.ts covers the daily quota.
    t = await buildTestApp({ database, env: { DATA_DIR: dataDir, UPLOADS_PER_ACCOUNT_PER_DAY: '100000' } });
    alice = await createTestUser(database, 'alice');
    bob = await createTestUser(database, 'bob');
    admin = await createTestUser(database, 'admin');
    await database.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.userId));
  });
  afterAll(async () => {
    await t.app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  // Each test starts with no pending uploads, so the six-upload allowance is the test's own.
  beforeEach(async () => {
    await database.db.execute(sql`delete from uploaded_images where feedback_id is null`);
  });

  it('sends feedback with two screenshots, re-encoded without metadata, and lists it in the records', async () => {
    const png = await upload(alice, await pngOf(390, 844), 'image/png');
    const jpeg = await upload(alice, await jpegWithExif());
    expect(png.code).toBe(0);
    expect(jpeg.code).toBe(0);
    expect(png.data).toMatchObject({ contentType: 'image/png', width: 390, height: 844 });
    expect(jpeg.data).toMatchObject({ contentType: 'image/jpeg', width: 640, height: 480 });

    const added = await call<Feedback>('POST', '/portal/feedback/add', alice, {
      type: 'fabricated_facts',
      content: '  The answer quoted a verse that does not exist.  ',
      contact: ' ＡＬＩＣＥ@Example.org ',
      imageIds: [jpeg.data.id, png.data.id],
    });
    expect(added.code).toBe(0);
    expect(added.data).toMatchObject({
      type: 'fabricated_facts',
      content: 'The answer quoted a verse that does not exist.',
      contact: 'alice@example.org',
      reply: null,
      replied: false,
    });
    expect(added.data.images.map((i) => i.id)).toEqual([jpeg.data.id, png.data.id]);

    const list = await call<{ items: Feedback[]; total: number }>('GET', '/portal/feedback/list?page=1&size=10', alice);
    expect(list.data.total).toBe(1);
    expect(list.data.items[0]!.id).toBe(added.data.id);
    expect((await call('GET', '/portal/feedback/list', bob)).data).toEqual({ items: [], total: 0 });

    // The stored JPEG is served to its owner as an inert image, without the EXIF it was sent with.
    const served = await t.app.inject({
      method: 'GET',
      url: `/webapi/portal/upload/image/${jpeg.data.id}`,
      headers: alice.headers,
    });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-disposition']).toBe(`inline; filename="${jpeg.data.id}.jpg"`);
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('SecretCam'))).toBe(false);
    expect(filesUnder(uploadsDir)).toHaveLength(2);
  });

  it('gives each feedback a receipt number (its UTC day and id), the same in the records, the info and the admin list', async () => {
    const added = await call<Feedback>('POST', '/portal/feedback/add', alice, {
      type: 'format_error',
      content: 'The verse list was cut in half.',
    });
    expect(added.code).toBe(0);
    const { id, createdAt, receiptNo } = added.data;
    const day = new Date(createdAt).toISOString().slice(0, 10).replaceAll('-', '');
    expect(receiptNo).toBe(`FB-${day}-${id.replaceAll('-', '').slice(0, 8).toUpperCase()}`);
    expect(receiptNo).toMatch(/^FB-\d{8}-[0-9A-F]{8}$/);
    const info = await call<Feedback>('GET', `/portal/feedback/info?id=${id}`, alice);
    expect(info.data.receiptNo).toBe(receiptNo);
    const list = await call<{ items: Feedback[] }>('GET', '/portal/feedback/list?size=50', alice);
    expect(list.data.items.find((item) => item.id === id)?.receiptNo).toBe(receiptNo);
    const adminList = await call<AdminFeedbackPage>('GET', '/portal/admin/feedback/list?size=50', admin);
    expect(adminList.data.items.find((item) => item.id === id)?.receiptNo).toBe(receiptNo);
  });

  it('serves a stored image to its owner and admins only', async () => {
    const image = await upload(alice, await pngOf(20, 20));
    const as = (user: User | null) =>
      t.app.inject({
        method: 'GET',
        url: `/webapi/portal/upload/image/${image.data.id}`,
        headers: user ? user.headers : {},
      });
    expect((await as(alice)).statusCode).toBe(200);
    expect((await as(admin)).statusCode).toBe(200);
    const other = await as(bob);
    expect(other.json().code).toBe(errorCode('not_found'));
    expect(other.rawPayload.includes(Buffer.from('PNG'))).toBe(false);
    expect((await as(null)).json().code).toBe(401);
  });

  it('caps the longest side at 2048 px', async () => {
    const wide = await upload(alice, await pngOf(4096, 1024));
    expect(wide.data).toMatchObject({ width: 2048, height: 512 });
  });

  it('accepts exactly 2 MB and refuses 2 MB + 1 byte with the size message, storing nothing', async () => {
    const png = await pngOf(32, 32);
    // Bytes after IEND are ignored by decoders and dropped by the re-encoding: a valid image of an exact size.
    const exact = Buffer.concat([png, Buffer.alloc(FEEDBACK_MAX_IMAGE_BYTES - png.length)]);
    expect(exact.length).toBe(FEEDBACK_MAX_IMAGE_BYTES);
    expect((await upload(alice, exact)).code).toBe(0);

    const before = await stored();
    const over = await upload(alice, Buffer.concat([exact, Buffer.from([0])]));
    expect(over.code).toBe(errorCode('image_too_large'));
    expect(over.msg).toBe('每张截图不能超过 2 MB');
    expect(await stored()).toEqual(before);
  });

  it('refuses a seventh screenshot, storing nothing of it; deleting one frees its place', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 6; i += 1) {
      const res = await upload(alice, await pngOf(10 + i, 10));
      expect(res.code).toBe(0);
      ids.push(res.data.id);
    }
    const before = await stored();
    const seventh = await upload(alice, await pngOf(99, 99));
    expect(seventh.code).toBe(errorCode('too_many_images'));
    expect(await stored()).toEqual(before);

    // Another user's allowance is their own.
    expect((await upload(bob, await pngOf(5, 5))).code).toBe(0);

    expect((await call('POST', '/portal/upload/image/delete', bob, { id: ids[0] })).code).toBe(errorCode('not_found'));
    expect((await call('POST', '/portal/upload/image/delete', alice, { id: ids[0] })).code).toBe(0);
    expect(filesUnder(uploadsDir)).toHaveLength(before.files.length);
    expect((await upload(alice, await pngOf(99, 99))).code).toBe(0);
  });

  it('refuses seven image ids in one feedback with the count message', async () => {
    const ids = Array.from({ length: 7 }, () => crypto.randomUUID());
    const before = await stored();
    const res = await call('POST', '/portal/feedback/add', alice, {
      type: 'wrong_answer',
      content: 'x',
      imageIds: ids,
    });
    expect(res.code).toBe(errorCode('too_many_images'));
    expect(res.msg).toBe('At most 6 screenshots can be uploaded');
    expect(await stored()).toEqual(before);
  });

  it.each([
    ['an SVG (with a script), sent as image/svg+xml', SVG, 'image/svg+xml', 'image_type_unsupported'],
    ['an HTML file named .png, sent as image/png', HTML_AS_PNG, 'image/png', 'image_type_unsupported'],
    ['a PNG signature in front of a JPEG', 'png-then-jpeg', 'image/png', 'image_type_unsupported'],
    ['a truncated PNG', 'truncated', 'image/png', 'image_type_unsupported'],
    ['an empty body', Buffer.alloc(0), 'image/png', 'image_type_unsupported'],
    ['a decompression-bomb PNG (8000×8000 in ~64 KB)', 'bomb', 'image/png', 'image_pixels_too_large'],
  ] as const)('refuses %s with a clear message, storing nothing', async (_label, input, type, error) => {
    let bytes: Buffer;
    if (input === 'bomb') bytes = pixelFloodPng();
    else if (input === 'truncated') bytes = (await pngOf(300, 300)).subarray(0, 120);
    else if (input === 'png-then-jpeg') {
      const jpeg = await jpegWithExif();
      bytes = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), jpeg]);
    } else bytes = input;
    if (input === 'bomb') expect(bytes.length).toBeLessThan(200_000);
    const before = await stored();
    const res = await t.app.inject({
      method: 'POST',
      url: '/webapi/portal/upload/image',
      payload: bytes,
      headers: { 'content-type': type, locale: 'en', ...alice.headers },
    });
    const body = res.json() as Envelope;
    expect(body.code).toBe(errorCode(error));
    expect(body.msg).toBe(
      error === 'image_pixels_too_large'
        ? 'This image has too many pixels (at most 25 million)'
        : 'Only PNG, JPEG, WebP or GIF images can be uploaded',
    );
    expect(await stored()).toEqual(before);
  });

  it('accepts WebP and a GIF (first frame, stored as PNG)', async () => {
    const webp = await sharp({ create: { width: 50, height: 40, channels: 3, background: '#123456' } })
      .webp()
      .toBuffer();
    const gif = await sharp({ create: { width: 30, height: 20, channels: 3, background: '#654321' } })
      .gif()
      .toBuffer();
    expect((await upload(alice, webp)).data).toMatchObject({ contentType: 'image/webp', width: 50, height: 40 });
    expect((await upload(alice, gif)).data).toMatchObject({ contentType: 'image/png', width: 30, height: 20 });
  });

  it('refuses a guest upload before reading it', async () => {
    const before = await stored();
    expect((await upload(null, await pngOf(10, 10))).code).toBe(401);
    expect(await stored()).toEqual(before);
  });

  it("refuses another user's screenshot or one already sent, and writes no feedback", async () => {
    const bobs = await upload(bob, await pngOf(12, 12));
    const mine = await upload(alice, await pngOf(13, 13));
    const before = await stored();
    const withBobs = await call('POST', '/portal/feedback/add', alice, {
      type: 'wrong_answer',
      content: 'Wrong.',
      imageIds: [mine.data.id, bobs.data.id],
    });
    expect(withBobs.code).toBe(errorCode('image_unavailable'));
    expect(await stored()).toEqual(before);
    // Mine stayed unattached: it can still be sent, once.
    const sent = await call('POST', '/portal/feedback/add', alice, {
      type: 'wrong_answer',
      content: 'Wrong.',
      imageIds: [mine.data.id],
    });
    expect(sent.code).toBe(0);
    const again = await call('POST', '/portal/feedback/add', alice, {
      type: 'wrong_answer',
      content: 'Again.',
      imageIds: [mine.data.id],
    });
    expect(again.code).toBe(errorCode('image_unavailable'));
  });

  it.each([
    [{ type: 'wrong_answer', content: 'x', contact: 'not a contact' }, 'feedback_contact_invalid'],
    [{ type: 'wrong_answer', content: 'x', contact: '12345' }, 'feedback_contact_invalid'],
    [{ type: 'wrong_answer', content: '   ' }, 'feedback_content_required'],
    [{ type: 'wrong_answer' }, 'feedback_content_required'],
    [{ type: 'rude', content: 'x' }, 'feedback_type_required'],
    [{ content: 'x' }, 'feedback_type_required'],
    [{ type: 'wrong_answer', content: 'x'.repeat(2001) }, 'feedback_content_too_long'],
  ] as const)('refuses %j with %s and writes nothing', async (body, error) => {
    const before = await stored();
    expect((await call('POST', '/portal/feedback/add', alice, body)).code).toBe(errorCode(error));
    expect(await stored()).toEqual(before);
  });

  it('takes a contact phone in any usual spelling and none at all', async () => {
    const phone = await call<Feedback>('POST', '/portal/feedback/add', bob, {
      type: 'format_error',
      content: 'Broken table.',
      contact: '+86 138-0013-8000',
    });
    expect(phone.data.contact).toBe('+8613800138000');
    const none = await call<Feedback>('POST', '/portal/feedback/add', bob, {
      type: 'misunderstanding',
      content: 'Hm.',
      contact: '',
    });
    expect(none.data.contact).toBeNull();
  });

  it('lets an admin list all feedback and reply; the user then sees the reply and the replied flag', async () => {
    const sent = await call<Feedback>('POST', '/portal/feedback/add', bob, {
      type: 'badly_structured',
      content: 'Hard to follow.',
    });
    const page = await call<AdminFeedbackPage>('GET', '/portal/admin/feedback/list?replied=false&size=50', admin);
    expect(page.code).toBe(0);
    const row = page.data.items.find((i) => i.id === sent.data.id);
    expect(row).toMatchObject({ userId: bob.userId, userName: 'bob', replied: false });

    const reply = await call('POST', '/portal/admin/feedback/reply', admin, {
      id: sent.data.id,
      reply: ' Thank you, fixed. ',
    });
    expect(reply.code).toBe(0);
    const info = await call<Feedback>('GET', `/portal/feedback/info?id=${sent.data.id}`, bob);
    expect(info.data).toMatchObject({ reply: 'Thank you, fixed.', replied: true });
    expect(info.data.repliedAt).not.toBeNull();
    const replied = await call<AdminFeedbackPage>('GET', '/portal/admin/feedback/list?replied=true&size=50', admin);
    expect(replied.data.items.map((i) => i.id)).toContain(sent.data.id);
    expect((await call('GET', `/portal/feedback/info?id=${sent.data.id}`, alice)).code).toBe(errorCode('not_found'));
  });

  it("erases a deregistered account's stored screenshots with its feedback", async () => {
    const carol = await createTestUser(database, 'carol');
    const sent = await upload(carol, await pngOf(16, 16));
    const pending = await upload(carol, await pngOf(17, 17));
    await call('POST', '/portal/feedback/add', carol, { type: 'wrong_answer', content: 'x', imageIds: [sent.data.id] });
    const before = await stored();
    const deregistered = await call('POST', '/portal/member/deregister', carol, { confirm: true });
    expect(deregistered.code).toBe(0);
    const after = await stored();
    expect(before.files.length - after.files.length).toBe(2);
    expect(before.images - after.images).toBe(2);
    expect(before.feedback - after.feedback).toBe(1);
    for (const id of [sent.data.id, pending.data.id]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/webapi/portal/upload/image/${id}`,
        headers: admin.headers,
      });
      expect(res.json().code).toBe(errorCode('not_found'));
    }
  });

  it("gives one user's token nothing of another's feedback or screenshots, by id in the query, body or path", async () => {
    const pending = await upload(bob, await pngOf(21, 21));
    const attached = await upload(bob, await pngOf(22, 22));
    const bobs = await call<Feedback>('POST', '/portal/feedback/add', bob, {
      type: 'wrong_answer',
      content: 'Bob only.',
      imageIds: [attached.data.id],
    });
    const bobRecords = await call('GET', '/portal/feedback/list?size=50', bob);
    const before = await stored();

    expect((await call('GET', `/portal/feedback/info?id=${bobs.data.id}`, alice)).code).toBe(errorCode('not_found'));
    const list = await call<{ items: Feedback[] }>('GET', `/portal/feedback/list?userId=${bob.userId}&size=50`, alice);
    expect(list.data.items.map((i) => i.id)).not.toContain(bobs.data.id);
    for (const id of [pending.data.id, attached.data.id]) {
      expect((await call('POST', '/portal/upload/image/delete', alice, { id })).code).toBe(errorCode('not_found'));
      const res = await t.app.inject({
        method: 'GET',
        url: `/webapi/portal/upload/image/${id}`,
        headers: alice.headers,
      });
      expect(res.json().code).toBe(errorCode('not_found'));
      const add = await call('POST', '/portal/feedback/add', alice, {
        type: 'wrong_answer',
        content: 'x',
        imageIds: [id],
      });
      expect(add.code).toBe(errorCode('image_unavailable'));
    }
    expect(
      (await call('POST', '/portal/admin/feedback/reply', alice, { id: bobs.data.id, reply: 'not mine' })).code,
    ).toBe(errorCode('forbidden'));

    expect(await stored()).toEqual(before);
    expect(await call('GET', '/portal/feedback/list?size=50', bob)).toEqual(bobRecords);
  });

  it('keeps the admin routes to admins', async () => {
    const sent = await call<Feedback>('POST', '/portal/feedback/add', alice, { type: 'wrong_answer', content: 'x' });
    expect((await call('GET', '/portal/admin/feedback/list', alice)).code).toBe(errorCode('forbidden'));
    expect((await call('POST', '/portal/admin/feedback/reply', alice, { id: sent.data.id, reply: 'self' })).code).toBe(
      errorCode('forbidden'),
    );
    expect((await call('GET', '/portal/admin/feedback/list', null)).code).toBe(401);
    expect((await call<Feedback>('GET', `/portal/feedback/info?id=${sent.data.id}`, alice)).data.replied).toBe(false);
    expect((await call('POST', '/portal/admin/feedback/reply', admin, { id: sent.data.id, reply: '  ' })).code).toBe(
      errorCode('feedback_reply_required'),
    );
  });
});
