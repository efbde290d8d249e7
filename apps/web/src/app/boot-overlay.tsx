import { useLayoutEffect } from 'react';

/** The id of index.html's welcome overlay, painted before any script (decision 0029). */
export const BOOT_OVERLAY_ID = 'boot-overlay';

/**
 * Takes index.html's welcome overlay away once the app has a screen of its own to show: rendered where no welcome
 * overlay of the app's is (after start-up, or with the tour up), it removes the overlay in the same commit that puts
 * the screen on the page, before it is painted, so the two never flash in turn.
 */
export function ReleaseBootOverlay() {
  useLayoutEffect(() => {
    document.getElementById(BOOT_OVERLAY_ID)?.remove();
  }, []);
  return null;
}
