import { describe, expect, it } from 'vitest';
import { Toast } from '../lib/overlays.ts';
import { trackPendingImports } from './pending-imports.ts';
import { pendingImports } from './track-work.ts';

describe('imports a test file started', () => {
  it('are waited for, and so are those they start', async () => {
    const imports = trackPendingImports();
    const host: Record<string, unknown> = {};
    imports.install(host, 'track');
    const track = host.track as <T>(loading: Promise<T>) => Promise<T>;
    const loaded: string[] = [];
    const later = (name: string, ms: number) =>
      new Promise<string>((resolve) => setTimeout(() => resolve(name), ms)).then((value) => void loaded.push(value));
    void track(later('popover', 30)).then(() => track(later('tslib', 30)));
    void track(Promise.reject(new Error('offline'))).catch(() => undefined);
    expect(imports.size).toBe(2);

    await imports.settled(5_000);
    expect(loaded).toEqual(['popover', 'tslib']);
    expect(imports.size).toBe(0);
  });

  it('stop waiting after the limit', async () => {
    const imports = trackPendingImports();
    const host: Record<string, unknown> = {};
    imports.install(host, 'track');
    void (host.track as (loading: Promise<unknown>) => Promise<unknown>)(new Promise(() => undefined));
    await imports.settled(20);
    expect(imports.size).toBe(1);
  });

  it("count the app's own lazy imports in the test build", async () => {
    expect(pendingImports.size).toBe(0);
    Toast.show({ content: '已复制', duration: 0 });
    expect(pendingImports.size).toBeGreaterThan(0);
    await pendingImports.settled(15_000);
    expect(pendingImports.size).toBe(0);
  });
});
