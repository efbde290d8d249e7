import { describe, expect, it } from 'vitest';
import { versionMemo } from './version-memo.ts';

describe('versionMemo', () => {
  it('shares one read between concurrent askers and remembers it', async () => {
    const memo = versionMemo<number>(10);
    let reads = 0;
    const read = async () => {
      reads += 1;
      await new Promise((r) => setTimeout(r, 10));
      return 42;
    };
    expect(await Promise.all([memo.get('a', read), memo.get('a', read), memo.get('a', read)])).toEqual([42, 42, 42]);
    expect(await memo.get('a', read)).toBe(42);
    expect(reads).toBe(1);
  });

  it('forgets a failed read so the next asker tries again', async () => {
    const memo = versionMemo<number>(10);
    await expect(memo.get('a', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await memo.get('a', async () => 7)).toBe(7);
  });

  it('drops the least recently used key beyond its capacity', async () => {
    const memo = versionMemo<string>(2);
    let reads = 0;
    const read = (v: string) => async () => {
      reads += 1;
      return v;
    };
    await memo.get('a', read('a'));
    await memo.get('b', read('b'));
    await memo.get('a', read('a')); // a is now the most recent
    await memo.get('c', read('c')); // b leaves
    expect(reads).toBe(3);
    await memo.get('a', read('a'));
    expect(reads).toBe(3);
    await memo.get('b', read('b'));
    expect(reads).toBe(4);
  });

  it('reads only the missing keys of a batch, in one call', async () => {
    const memo = versionMemo<string>(10);
    const calls: string[][] = [];
    const readMissing = async (missing: string[]) => {
      calls.push(missing);
      return new Map(missing.filter((k) => k !== 'gone').map((k) => [k, k.toUpperCase()]));
    };
    expect(await memo.many(['a', 'b'], readMissing)).toEqual(['A', 'B']);
    expect(await memo.many(['b', 'c', 'gone', 'c'], readMissing)).toEqual(['B', 'C', undefined, 'C']);
    expect(calls).toEqual([
      ['a', 'b'],
      ['c', 'gone'],
    ]);
  });

  it('runs a lazy thenable (a drizzle query) once', async () => {
    const memo = versionMemo<number>(10);
    let runs = 0;
    // As a drizzle query builder: each `then` (and `catch`, which calls it) runs the statement again.
    const query = (): Promise<number> =>
      ({
        then: (ok?: (v: number) => unknown, fail?: (e: unknown) => unknown) => {
          runs += 1;
          return Promise.resolve(5).then(ok, fail);
        },
        catch: (fail?: (e: unknown) => unknown) => {
          runs += 1;
          return Promise.resolve(5).catch(fail);
        },
      }) as Promise<number>;
    expect(await memo.get('a', query)).toBe(5);
    expect(await memo.get('a', query)).toBe(5);
    expect(runs).toBe(1);
  });
});
