import { z } from 'zod';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient } from './api-client.ts';

function client(data: unknown) {
  const fetch = vi.fn(
    async () =>
      new Response(JSON.stringify({ code: 0, msg: 'ok', data }), { headers: { 'Content-Type': 'application/json' } }),
  );
  return createApiClient({
    getToken: () => null,
    getLocale: () => 'zh-cn',
    getPlatform: () => 'International',
    navigate: vi.fn(),
    toast: vi.fn(),
    fetch,
  });
}

describe('api client: a validator loaded on demand', () => {
  const schema = z.object({ id: z.string() });

  it('loads the validator with the answer and checks the data with it', async () => {
    const load = vi.fn(async () => schema);
    await expect(client({ id: 'a', extra: 1 }).get('/x', { schema: load })).resolves.toEqual({ id: 'a' });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('rejects data the loaded validator refuses, as with a schema given directly', async () => {
    const error = await client({ id: 7 })
      .get('/x', { schema: async () => schema })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).kind).toBe('invalid_response');
  });
});
