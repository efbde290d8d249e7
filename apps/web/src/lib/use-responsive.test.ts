import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { breakpointOf, isMobileWidth, useResponsive } from './use-responsive.ts';

function resizeTo(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
  window.dispatchEvent(new Event('resize'));
}

describe('responsive helpers', () => {
  it('treats widths up to 1024 as mobile', () => {
    expect(isMobileWidth(375)).toBe(true);
    expect(isMobileWidth(1024)).toBe(true);
    expect(isMobileWidth(1025)).toBe(false);
  });

  it('names the breakpoint of a width, XL by default', () => {
    expect(breakpointOf(undefined)).toBe('XL');
    expect(breakpointOf(320)).toBe('XS');
    expect(breakpointOf(800)).toBe('LG');
    expect(breakpointOf(1700)).toBe('XXL');
  });

  it('updates once the resize events have been quiet for 80 ms', () => {
    vi.useFakeTimers();
    resizeTo(375);
    const { result } = renderHook(() => useResponsive());
    expect(result.current.isMobile).toBe(true);
    act(() => {
      resizeTo(1300);
      vi.advanceTimersByTime(79);
    });
    expect(result.current.isMobile).toBe(true);
    act(() => {
      resizeTo(1280);
      vi.advanceTimersByTime(79);
    });
    expect(result.current.width).toBe(375);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current).toMatchObject({ width: 1280, isMobile: false, breakpoint: 'XXL' });
  });
});
