import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ok } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { describeUserAgent } from './device-label.ts';

const LINUX_CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';

/** Rough edge 10: the phone's QR confirmation showed the desktop's raw user-agent string. */
describe('QR confirmation on the phone', () => {
  it('names the desktop as "Chrome · Linux", with when it asked, not the raw user agent', async () => {
    window.localStorage.setItem('APP_AUTH_TOKEN_KEY', 'phone-token');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => ok({ ip: '203.0.113.7', userAgent: LINUX_CHROME, createdAt: '2026-11-24T08:05:00.000Z' })),
    );
    renderApp('/login/qr/ticket-0123456789abcdef');
    const name = await screen.findByTestId('login-qr-device-name');
    expect(name.textContent).toBe('Chrome · Linux');
    expect(screen.getByTestId('login-qr-device').textContent).not.toContain('Mozilla/5.0');
    expect(screen.getByTestId('login-qr-device-time').textContent).toContain('2026');
    expect(screen.getByTestId('login-qr-device').textContent).toContain('203.0.113.7');
  });

  it.each([
    [LINUX_CHROME, 'Chrome · Linux'],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36 Edg/120.0',
      'Edge · Windows',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_2) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Safari/605.1.15',
      'Safari · macOS',
    ],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0', 'Firefox · Windows'],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120.0 Mobile/15E148 Safari/604.1',
      'Chrome · iOS',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36 MicroMessenger/8.0.44',
      'WeChat · Android',
    ],
    ['curl/8.5.0', null],
  ])('reads %s as %s', (userAgent, label) => {
    expect(describeUserAgent(userAgent)).toBe(label);
  });
});
