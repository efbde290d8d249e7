import * as webStreams from 'node:stream/web';
import { TRACK_IMPORT } from '../../build/track-dynamic-imports.ts';
import { trackPendingImports } from './pending-imports.ts';
import { trackPendingWork, type TimerHost } from './pending-work.ts';

/**
 * The first setup file: it runs before anything loads React, so React's scheduler and react-dom capture the counting
 * timers (they keep the functions they find when they load).
 */
export const pendingWork = trackPendingWork(globalThis as unknown as TimerHost);

/** The modules the app's `import()`s are loading (the test build routes them here). */
export const pendingImports = trackPendingImports();
pendingImports.install(globalThis as unknown as Record<string, unknown>, TRACK_IMPORT);

/**
 * The web project runs each file in a VM context of a shared worker (pool `vmThreads`), whose jsdom global lacks the
 * stream classes a browser has; the app reads answers as streams. They come from Node's own implementation.
 */
for (const name of ['ReadableStream', 'WritableStream', 'TransformStream', 'TextDecoderStream'] as const) {
  if (!(name in globalThis)) Object.assign(globalThis, { [name]: webStreams[name] });
}
