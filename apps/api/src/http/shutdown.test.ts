import { describe, expect, it } from 'vitest';
import { openTestPglite } from '../test/databases.ts';
import { buildTestApp } from '../test/test-app.ts';

describe('graceful shutdown', () => {
  it('finishes a request in flight and takes no new connections', async () => {
    const database = await openTestPglite();
    let release!: () => void;
    const started = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { app } = await buildTestApp({
      database,
      extend: (a) =>
        a.get('/webapi/test/slow', async () => {
          release();
          await new Promise((r) => setTimeout(r, 300));
          return { code: 0, msg: 'success', data: 'finished' };
        }),
    });
    const address = await app.listen({ host: '127.0.0.1', port: 0 });

    const inFlight = fetch(`${address}/webapi/test/slow`).then((r) => r.json());
    await started;
    const closing = app.close();
    await new Promise((r) => setTimeout(r, 50));
    const late = await fetch(`${address}/webapi/version`).then(
      (r) => `answered ${r.status}`,
      (error: Error) => `refused: ${error.message}`,
    );

    expect(await inFlight).toEqual({ code: 0, msg: 'success', data: 'finished' });
    expect(late).toMatch(/^refused|^answered 503/);
    await closing;
    await database.close();
  });
});
