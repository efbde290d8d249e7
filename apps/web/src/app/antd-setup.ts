import { unstableSetRender } from 'antd-mobile/es/utils/unstable-render';
import { createRoot, type Root } from 'react-dom/client';

const ROOT = Symbol('antd-mobile-root');
type Container = (Element | DocumentFragment) & { [ROOT]?: Root };

/**
 * antd-mobile 5 renders its imperative Toast and Dialog with the pre-19 `render` API. Under React 19 it needs a
 * `createRoot` renderer (https://mobile.ant.design/guide/v5-for-19). Set before the first toast or dialog
 * (lib/overlays.ts `beforeFirstOverlay`, main.tsx): the adapter brings rc-util's legacy renderer and Babel's
 * regenerator, which the first screen does not need. The Vant toast duration (spec §9) is set where Toast loads.
 */
export function setupAntdMobile(setRender: typeof unstableSetRender = unstableSetRender): void {
  setRender((node, container: Container) => {
    const root = (container[ROOT] ??= createRoot(container));
    root.render(node);
    return async () => {
      await Promise.resolve();
      root.unmount();
      delete container[ROOT];
    };
  });
}
