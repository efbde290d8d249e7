import { waitFor } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * The toasts a test has shown, read off the page as they appear.
 *
 * A toast is on screen for TOAST_DURATION_MS (2 s) of wall-clock time, and then closes itself. On a loaded machine
 * a test that looks for it after its next step (a navigation, a drained render) has spent those 2 s before it looks,
 * and finds nothing although the toast was shown. So the shared setup watches the page from the start of each test
 * and keeps the text of every toast the moment it is on the page; `findToast` waits for one to have been shown,
 * whether or not it has closed since. A toast that is never rendered is never recorded.
 */
const shown: string[] = [];
const lastText = new WeakMap<Element, string>();
let observer: MutationObserver | null = null;

function record(): void {
  for (const toast of document.querySelectorAll('.adm-toast-main')) {
    const text = toast.textContent ?? '';
    if (text === '' || lastText.get(toast) === text) continue;
    lastText.set(toast, text);
    shown.push(text);
  }
}

/** Starts recording (the shared setup calls it before each test). */
export function watchToasts(): void {
  shown.length = 0;
  observer?.disconnect();
  observer = new MutationObserver(record);
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
}

/** Stops recording (after each test). */
export function unwatchToasts(): void {
  observer?.disconnect();
  observer = null;
}

/** The text of every toast shown in this test so far, in order. */
export function toastsShown(): string[] {
  record();
  return [...shown];
}

/** Waits until a toast with exactly this text has been shown in this test (it may have closed since). */
export async function findToast(text: string): Promise<void> {
  await waitFor(() => expect(toastsShown()).toContain(text));
}
