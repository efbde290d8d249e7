import Toast from 'antd-mobile/es/components/toast';
import { describe, expect, it, vi } from 'vitest';
import { setupAntdMobile } from '../app/antd-setup.ts';
import * as overlays from './overlays.ts';
import { POPUP_Z_INDEX_BASE, THEME_COLORS, TOAST_DURATION_MS, applyTheme, primaryTones, themeCss } from './theme.ts';

describe('theme', () => {
  it("uses Vant's palette and popup level", () => {
    expect(THEME_COLORS).toMatchObject({
      primary: '#1989fa',
      success: '#07c160',
      danger: '#ee0a24',
      warning: '#ff976a',
      text: '#323233',
    });
    const css = themeCss();
    expect(css).toContain(`--adm-color-primary:${primaryTones('#1989fa').light};`);
    expect(css).toContain(`--adm-popup-z-index:${POPUP_Z_INDEX_BASE};`);
    expect(POPUP_Z_INDEX_BASE).toBe(2000);
  });

  it('installs the stylesheet once and applies dark mode and a primary colour', () => {
    applyTheme(document, { darkMode: true, primary: '#7232dd' });
    applyTheme(document, { darkMode: true, primary: '#7232dd' });
    expect(document.querySelectorAll('#app-theme')).toHaveLength(1);
    expect(document.documentElement.getAttribute('data-prefers-color-scheme')).toBe('dark');
    expect(document.getElementById('app-theme')?.textContent).toContain(
      `--adm-color-primary:${primaryTones('#7232dd').dark};`,
    );
    applyTheme(document);
    expect(document.documentElement.hasAttribute('data-prefers-color-scheme')).toBe(false);
    expect(document.getElementById('app-theme')?.textContent).toContain(
      `--adm-color-primary:${primaryTones('#1989fa').light};`,
    );
  });

  it('configures toasts to last 2000 ms when the first one loads', async () => {
    const config = vi.spyOn(Toast, 'config');
    setupAntdMobile();
    overlays.Toast.show('x');
    await vi.waitFor(() => expect(config).toHaveBeenCalledWith({ duration: TOAST_DURATION_MS }));
    Toast.clear();
    expect(TOAST_DURATION_MS).toBe(2000);
    config.mockRestore();
  });
});
