import { BREAKPOINTS, MOBILE_MAX_WIDTH, RESIZE_DEBOUNCE_MS } from '@bible-qa/contract';
import { useEffect, useState } from 'react';

export type Breakpoint = keyof typeof BREAKPOINTS;

/** The first breakpoint whose size is above the width (XXL beyond 1600); XL when no width is known (spec §9). */
export function breakpointOf(width: number | undefined): Breakpoint {
  if (width === undefined) return 'XL';
  const sizes = Object.entries(BREAKPOINTS) as [Breakpoint, number][];
  return sizes.find(([, size]) => width < size)?.[0] ?? 'XXL';
}

export function isMobileWidth(width: number): boolean {
  return width <= MOBILE_MAX_WIDTH;
}

/** The window width, updated on resize after the listener has been quiet for `debounceMs` (80 ms by default). */
export function useWindowWidth(debounceMs: number = RESIZE_DEBOUNCE_MS): number {
  const [width, setWidth] = useState(() => window.innerWidth);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(() => setWidth(window.innerWidth), debounceMs);
    };
    window.addEventListener('resize', onResize);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', onResize);
    };
  }, [debounceMs]);
  return width;
}

export function useResponsive(debounceMs?: number): { width: number; isMobile: boolean; breakpoint: Breakpoint } {
  const width = useWindowWidth(debounceMs);
  return { width, isMobile: isMobileWidth(width), breakpoint: breakpointOf(width) };
}
