import { useEffect, useState } from 'react';

/** Seconds before a verification code may be requested again. */
export const RESEND_SECONDS = 60;

/** A seconds countdown: `start()` begins it, `remaining` reaches 0 when it ends. */
export function useCountdown(initial = 0): { remaining: number; start: (seconds?: number) => void } {
  const [remaining, setRemaining] = useState(initial);
  useEffect(() => {
    if (remaining <= 0) return;
    const timer = setTimeout(() => setRemaining((value) => value - 1), 1000);
    return () => clearTimeout(timer);
  }, [remaining]);
  return { remaining, start: (seconds = RESEND_SECONDS) => setRemaining(seconds) };
}
