import { act } from '@testing-library/react';
import type { unstableSetRender } from 'antd-mobile/es/utils/unstable-render';
import { pendingImports } from './track-work.ts';

type SetRender = typeof unstableSetRender;
type Unmount = ReturnType<ReturnType<SetRender>>;

/** antd-mobile's imperative toasts and dialogs open their own React roots beside the tested one, on document.body. */
const open = new Map<Element | DocumentFragment, Unmount>();

/** Wraps antd-mobile's render hook so every root a toast or dialog opens is known and can be closed. */
export function trackOverlays(setRender: SetRender): SetRender {
  return (render) =>
    setRender(
      render &&
        ((node, container) => {
          const unmount = render(node, container);
          open.set(container, unmount);
          return async () => {
            open.delete(container);
            await unmount();
          };
        }),
    );
}

/**
 * Unmounts every toast or dialog still open (their close timers would otherwise update them later) and removes it,
 * once the toast or dialog module a test's last step asked for has loaded: a load still under way when jsdom is torn
 * down fails the run.
 */
export async function closeOverlays(): Promise<void> {
  await pendingImports.settled(15_000);
  await act(async () => {});
  if (open.size === 0) return;
  const closing = [...open];
  open.clear();
  await act(async () => {
    for (const [container, unmount] of closing) {
      await unmount();
      if ('remove' in container) container.remove();
    }
  });
}
