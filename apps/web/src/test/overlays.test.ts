import { screen } from '@testing-library/react';
import Toast from 'antd-mobile/es/components/toast';
import { unstableSetRender } from 'antd-mobile/es/utils/unstable-render';
import { describe, expect, it } from 'vitest';
import { setupAntdMobile } from '../app/antd-setup.ts';
import { TRACK_IMPORT } from '../../build/track-dynamic-imports.ts';
import { closeOverlays, trackOverlays } from './overlays.ts';

describe('toasts and dialogs left open by a test', () => {
  it('are unmounted and taken off the page', async () => {
    setupAntdMobile(trackOverlays(unstableSetRender));
    Toast.show({ content: '已复制', duration: 0 });
    expect(await screen.findByText('已复制')).toBeTruthy();
    expect(document.body.children.length).toBeGreaterThan(0);

    await closeOverlays();
    expect(screen.queryByText('已复制')).toBeNull();
    expect(document.body.children.length).toBe(0);
  });

  it('waits for a toast whose module a last step asked for, then closes it', async () => {
    setupAntdMobile(trackOverlays(unstableSetRender));
    // A lazy module (as the app's Toast loads antd-mobile's on first use) still loading as the test ends, 100 ms away;
    // the step shows its toast once it is there. The test build routes the app's import()s through this counter.
    const track = (globalThis as unknown as Record<string, (loading: Promise<unknown>) => Promise<unknown>>)[
      TRACK_IMPORT
    ]!;
    void track(new Promise((resolve) => setTimeout(resolve, 100))).then(() =>
      Toast.show({ content: '已保存', duration: 0 }),
    );
    expect(screen.queryByText('已保存')).toBeNull();

    await closeOverlays();
    // Nothing shows after the close: the load had ended and its toast was closed with the rest.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByText('已保存')).toBeNull();
    expect(document.body.children.length).toBe(0);
  });
});
