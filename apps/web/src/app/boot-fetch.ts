/**
 * The start-up's GET /version as index.html's boot script began it, when it did (build/first-screen.ts,
 * BOOT_VERSION_GLOBAL): on a first visit the answer is there by the time the app's code is, instead of a round trip
 * after it. Taken once; a second start-up asks again.
 */
export const BOOT_VERSION_GLOBAL = '__bootVersion';

export function takeBootVersion(scope: object = window): Promise<unknown> | undefined {
  const holder = scope as Record<string, unknown>;
  const early = holder[BOOT_VERSION_GLOBAL];
  delete holder[BOOT_VERSION_GLOBAL];
  return early instanceof Promise ? early : undefined;
}
