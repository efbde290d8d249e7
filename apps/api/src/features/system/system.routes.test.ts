import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCode } from '@bible-qa/contract';
import type { DatabaseHandle } from '../../db/client.ts';
import { openTestPglite } from '../../test/databases.ts';
import { buildTestApp } from '../../test/test-app.ts';

const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../test/fixtures/corpus');

describe('liveness and readiness', () => {
  let database: DatabaseHandle;
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  const probe = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: { locale: 'en' } });
    return { status: res.statusCode, body: res.json() };
  };

  beforeAll(async () => {
    database = await openTestPglite();
    t = await buildTestApp({ database, env: { CORPUS_DIR: FIXTURE } });
  });
  afterAll(async () => {
    await t.app.close();
    // The last test closed the database already.
    await t.container.close().catch(() => undefined);
  });

  it('is alive but not ready while no corpus version is open', async () => {
    expect((await probe('/webapi/health')).status).toBe(200);
    const ready = await probe('/webapi/ready');
    expect(ready.status).toBe(503);
    expect(ready.body).toMatchObject({
      code: errorCode('service_unavailable'),
      msg: 'The service is restarting, please try again in a moment.',
      data: { ready: false, database: 'ok', corpus: { status: 'unavailable' } },
    });
  });

  it('is ready once a corpus version is open and the database answers', async () => {
    const result = await t.container.services.corpus.ingest();
    const ready = await probe('/webapi/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({
      code: 0,
      msg: 'success',
      data: { ready: true, database: 'ok', corpus: { status: 'ready', versionId: result?.versionId } },
    });
  });

  it('stops being ready when the database is unreachable, while /health still answers as liveness', async () => {
    await database.close();
    const ready = await probe('/webapi/ready');
    expect(ready.status).toBe(503);
    expect(ready.body.data).toMatchObject({ ready: false, database: 'down', corpus: { status: 'ready' } });
    const health = await probe('/webapi/health');
    expect(health.status).toBe(200);
    expect(health.body.data).toMatchObject({ status: 'degraded', database: 'down' });
  });
});
