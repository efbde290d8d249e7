import { describe, expect, it, vi } from 'vitest';
import { scriptSources, startVersionWatcher } from './version-watcher.ts';

const page = (name: string) =>
  `<html><head><script type="module" crossorigin src="/assets/${name}.js"></script></head></html>`;

describe('version watcher', () => {
  it('lists script sources', () => {
    expect(scriptSources(page('index-abc'))).toEqual(['/assets/index-abc.js']);
  });

  it('announces an update once when the scripts change', async () => {
    vi.useFakeTimers();
    const pages = [page('a'), page('a'), page('b'), page('c')];
    const fetchRoot = vi.fn(async () => pages.shift() ?? page('c'));
    const onUpdate = vi.fn();
    startVersionWatcher({ fetchRoot, onUpdate, intervalMs: 60_000 });
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(onUpdate).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(onUpdate).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(180_000);
    expect(onUpdate).toHaveBeenCalledTimes(1);
    expect(fetchRoot).toHaveBeenCalledTimes(3);
  });

  it("compares with the running page's own scripts, so a page served from the worker's cache is found out of date", async () => {
    vi.useFakeTimers();
    const fetchRoot = vi.fn(async () => page('new'));
    const onUpdate = vi.fn();
    startVersionWatcher({ fetchRoot, onUpdate, intervalMs: 60_000, baseline: ['/assets/old.js'] });
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchRoot).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(onUpdate).toHaveBeenCalledTimes(1);
  });

  it('stays quiet while the served page has the running scripts', async () => {
    vi.useFakeTimers();
    const fetchRoot = vi.fn(async () => page('same'));
    const onUpdate = vi.fn();
    startVersionWatcher({ fetchRoot, onUpdate, intervalMs: 60_000, baseline: ['/assets/same.js'] });
    await vi.advanceTimersByTimeAsync(180_000);
    expect(fetchRoot).toHaveBeenCalledTimes(3);
    expect(onUpdate).not.toHaveBeenCalled();
  });
});
