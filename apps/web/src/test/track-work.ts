import { trackPendingWork, type TimerHost } from './pending-work.ts';

/**
 * The first setup file: it runs before anything loads React, so React's scheduler and react-dom capture the counting
 * timers (they keep the functions they find when they load).
 */
export const pendingWork = trackPendingWork(globalThis as unknown as TimerHost);
