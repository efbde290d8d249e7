import { Toast, unstableSetRender } from 'antd-mobile';
import { createRoot, type Root } from 'react-dom/client';
import { TOAST_DURATION_MS } from '../lib/theme.ts';

const ROOT = Symbol('antd-mobile-root');
type Container = (Element | DocumentFragment) & { [ROOT]?: Root };

/**
 * antd-mobile 5 renders its imperative Toast and Dialog with the pre-19 `render` API. Under React 19 it needs a
 * `createRoot` renderer (https://mobile.ant.design/guide/v5-for-19). Also sets the Vant toast duration (spec §9).
 */
export function setupAntdMobile(): void {
  unstableSetRender((node, container: Container) => {
    const root = (container[ROOT] ??= createRoot(container));
    root.render(node);
    return async () => {
      await Promise.resolve();
      root.unmount();
      delete container[ROOT];
    };
  });
  Toast.config({ duration: TOAST_DURATION_MS });
}

export function showToast(message: string): void {
  Toast.show({ content: message });
}
