import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { errorCode, type Annotation, type AnnotationPage, type LoginResult } from '@bible-qa/contract';
import { annotations } from '../../db/schema.ts';
import { callPortal, post } from '../../test/auth-helpers.ts';
import { databaseTargets } from '../../test/databases.ts';
import { loginModes } from '../../test/login-modes.ts';
import { buildCorpusTestApp, type CorpusTestApp } from '../../test/test-app.ts';
import { createTestUser } from '../../test/test-users.ts';

/** Highlights, bookmarks and notes on verses: kept per reader, looked up by chapter or citation, listed, searched. */
describe.each(databaseTargets)('annotations on $name', (target) => {
  let t: CorpusTestApp;

  beforeAll(async () => {
    t = await buildCorpusTestApp({ database: await target.open() });
  });
  afterAll(async () => {
    await t.close();
  });

  type Headers = Record<string, string>;
  const call = (method: 'GET' | 'POST', url: string, headers: Headers, payload?: object) =>
    callPortal(t, method, `annotations/${url}`, headers, payload);
  const span = (book: string, chapter: number, from: number, to = from) => ({ book, chapter, from, to });
  const lookup = async (headers: Headers, refs: string) =>
    (await call('GET', `lookup?refs=${refs}`, headers)).data as Annotation[];
  const list = async (headers: Headers, query = '') =>
    (await call('GET', `list?${query}`, headers)).data as AnnotationPage;
  const colours = (rows: Annotation[]) => rows.filter((a) => a.kind === 'highlight').map((a) => `${a.from}:${a.color}`);

  it('colours each verse of a span, one colour a verse; a new colour or none replaces only the verses it covers', async () => {
    const { headers } = await createTestUser(t.database, 'marker');
    expect((await call('POST', 'highlight', headers, { span: span('JHN', 3, 14, 17), color: 'yellow' })).code).toBe(0);
    expect((await call('POST', 'highlight', headers, { span: span('JHN', 3, 16), color: 'green' })).code).toBe(0);
    expect((await call('POST', 'highlight', headers, { span: span('JHN', 3, 14), color: null })).code).toBe(0);
    expect(colours(await lookup(headers, 'JHN.3'))).toEqual(['15:yellow', '16:green', '17:yellow']);
    // A citation of 3:16-18 finds the verses it covers; another chapter finds nothing.
    expect(colours(await lookup(headers, 'JHN.3.16-JHN.3.18'))).toEqual(['16:green', '17:yellow']);
    expect(await lookup(headers, 'ROM.8')).toEqual([]);
  });

  it('keeps one note and one bookmark per span: replaced, emptied (deleted), taken off', async () => {
    const { headers } = await createTestUser(t.database, 'noter');
    const first = await call('POST', 'note', headers, { span: span('ROM', 8, 28, 30), text: '万事互相效力' });
    expect(first.data).toMatchObject({ kind: 'note', reference: 'ROM.8.28-ROM.8.30', text: '万事互相效力' });
    await call('POST', 'note', headers, { span: span('ROM', 8, 28, 30), text: '  叫爱神的人得益处  ' });
    await call('POST', 'bookmark', headers, { span: span('ROM', 8, 28), on: true });
    await call('POST', 'bookmark', headers, { span: span('ROM', 8, 28), on: true });
    const found = await lookup(headers, 'ROM.8.29');
    expect(found.map((a) => [a.kind, a.text])).toEqual([['note', '叫爱神的人得益处']]);
    const chapter = await lookup(headers, 'ROM.8');
    expect(chapter.map((a) => `${a.kind}:${a.reference}`).sort()).toEqual([
      'bookmark:ROM.8.28',
      'note:ROM.8.28-ROM.8.30',
    ]);
    await call('POST', 'bookmark', headers, { span: span('ROM', 8, 28), on: false });
    expect((await call('POST', 'note', headers, { span: span('ROM', 8, 28, 30), text: ' ' })).data).toBeNull();
    expect(await lookup(headers, 'ROM.8')).toEqual([]);
  });

  it('lists newest first with the verses in the reader’s translation, adjacent highlights as one, and searches', async () => {
    const { headers } = await createTestUser(t.database, 'lister');
    await call('POST', 'highlight', headers, { span: span('JHN', 3, 16, 17), color: 'blue' });
    await call('POST', 'note', headers, {
      span: span('PSA', 23, 1),
      text: 'The Lord is my shepherd: read at the funeral',
    });
    await call('POST', 'bookmark', headers, { span: span('GEN', 1, 1), on: true });

    const all = await list(headers);
    expect(all.total).toBe(3);
    const highlight = all.items.find((item) => item.kind === 'highlight')!;
    expect(highlight).toMatchObject({ reference: 'JHN.3.16-JHN.3.17', color: 'blue', translation: 'cuv-hans' });
    expect(highlight.title).toBe('约翰福音 3:16-17');
    expect(highlight.verses[0]!.text).toContain('神爱世人');

    // By the note's words, by the verses' words (in the reader's Bible), by the reference's title.
    expect((await list(headers, `q=${encodeURIComponent('funeral')}`)).items.map((i) => i.kind)).toEqual(['note']);
    expect((await list(headers, `q=${encodeURIComponent('神爱世人')}`)).items.map((i) => i.kind)).toEqual([
      'highlight',
    ]);
    expect((await list(headers, `q=${encodeURIComponent('创世记')}`)).items.map((i) => i.kind)).toEqual(['bookmark']);
    expect((await list(headers, 'kind=note')).total).toBe(1);
    const paged = await list(headers, 'size=2&page=2');
    expect([paged.total, paged.items.length]).toEqual([3, 1]);
    // In English the verses come from the English Bible.
    const english = (await call('GET', 'list?kind=highlight', { ...headers, locale: 'en' })).data as AnnotationPage;
    expect(english.items[0]!.verses[0]!.text).toContain('For God so loved the world');
  });

  it('shows a reader only their own, refuses another’s delete, an unknown book and a span that runs backwards', async () => {
    const a = await createTestUser(t.database, 'own-a');
    const b = await createTestUser(t.database, 'own-b');
    const note = (await call('POST', 'note', a.headers, { span: span('JHN', 3, 3), text: '重生' })).data as Annotation;
    expect(await lookup(b.headers, 'JHN.3')).toEqual([]);
    expect((await list(b.headers)).total).toBe(0);
    expect((await call('POST', 'delete', b.headers, { id: note.id })).code).toBe(errorCode('not_found'));
    expect((await call('POST', 'delete', a.headers, { id: note.id })).code).toBe(0);
    expect((await call('POST', 'highlight', a.headers, { span: span('XYZ', 1, 1), color: 'pink' })).code).toBe(
      errorCode('unknown_book'),
    );
    expect(
      (await call('POST', 'highlight', a.headers, { span: { ...span('JHN', 3, 5), to: 2 }, color: 'pink' })).code,
    ).toBe(errorCode('invalid_request'));
    // A client with neither a login nor a guest key keeps nothing.
    expect((await call('POST', 'highlight', {}, { span: span('JHN', 3, 1), color: 'pink' })).code).toBe(401);
  });

  it('keeps a guest’s marks under its key and moves them to the account at login, the account’s own winning', async () => {
    const guest = { 'guest-key': t.container.services.guestKeys.keys.issue() };
    await call('POST', 'highlight', guest, { span: span('PSA', 23, 1, 2), color: 'purple' });
    await call('POST', 'note', guest, { span: span('PSA', 23, 4), text: 'guest note' });
    expect(colours(await lookup(guest, 'PSA.23'))).toEqual(['1:purple', '2:purple']);

    const mobile = `1350000${String(Math.floor(Math.random() * 9000) + 1000)}`;
    const account = await loginModes.code(t, mobile);
    await call(
      'POST',
      'highlight',
      { authorization: `Bearer ${account.access_token}` },
      {
        span: span('PSA', 23, 2),
        color: 'yellow',
      },
    );
    // The same account logs in from the guest's browser (its remembered user token, one of the six ways in).
    const again = await post(t, '/portal/auth/login', { userToken: account.user_token }, { headers: guest });
    const bearer = { authorization: `Bearer ${(again.data as LoginResult).access_token}` };

    const after = await lookup(bearer, 'PSA.23');
    expect(colours(after)).toEqual(['1:purple', '2:yellow']);
    expect(after.find((a) => a.kind === 'note')?.text).toBe('guest note');
    expect(await lookup(guest, 'PSA.23')).toEqual([]);
  });

  it('erases a reader’s annotations with the account', async () => {
    const user = await createTestUser(t.database, 'leaver');
    await call('POST', 'highlight', user.headers, { span: span('GEN', 1, 1, 3), color: 'green' });
    await call('POST', 'note', user.headers, { span: span('GEN', 1, 2), text: 'void' });
    const deleted = await t.app.inject({
      method: 'POST',
      url: '/webapi/portal/member/deregister',
      headers: user.headers,
      payload: { confirm: true },
    });
    expect(deleted.json().code).toBe(0);
    expect(await t.database.db.select().from(annotations).where(eq(annotations.userId, user.userId))).toEqual([]);
  });
});
