import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ok } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

function type(testId: string, value: string) {
  const input = screen.getByTestId(testId).querySelector('input') ?? screen.getByTestId(testId);
  fireEvent.change(input, { target: { value } });
}

const label = () => screen.getByTestId('login-code-label').textContent;

/** Rough edge 8: the login's words match its fields. */
describe('login labels', () => {
  it.each(['/login', '/login/mail', '/login/mobile/pwd'])(
    'on %s an empty account is asked for by the name of its field, 账号',
    async (path) => {
      renderApp(path);
      fireEvent.click(await screen.findByTestId('login-submit'));
      await waitFor(() => expect(screen.getByTestId('login-error').textContent).toBe('请输入账号（手机号或邮箱）'));
      expect(screen.getByText('账号')).toBeTruthy();
    },
  );

  it('names the code by the account typed: 验证码 before, 短信验证码 for a phone, 邮箱验证码 for an address', async () => {
    renderApp('/login/mobile');
    await screen.findByTestId('login-code');
    expect(label()).toBe('验证码');
    type('login-account', 'ann@example.com');
    expect(label()).toBe('邮箱验证码');
    type('login-account', '13800000000');
    expect(label()).toBe('短信验证码');
    type('login-account', '');
    expect(label()).toBe('验证码');
  });

  it('names it in the other languages too', async () => {
    window.localStorage.setItem('APP_GLOBAL_SETTINGS', JSON.stringify({ language: 'en' }));
    renderApp('/login');
    await screen.findByTestId('login-code');
    expect(label()).toBe('Code');
    type('login-account', 'ann@example.com');
    expect(label()).toBe('E-mail code');
  });

  it('counts down in a short label that fits beside the code field', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => ok({ resendAfterSeconds: 60 })),
    );
    renderApp('/login');
    await screen.findByTestId('login-code');
    type('login-account', 'ann@example.com');
    fireEvent.click(screen.getByTestId('login-send-code'));
    await waitFor(() => expect(screen.getByTestId('login-send-code').textContent).toBe('60 秒后重发'));
    expect(screen.getByTestId('login-send-code').className).toContain('form-send-code');
  });

  it.each([
    ['zh-cn', 'horizontal'],
    ['zh-tw', 'horizontal'],
    ['en', 'vertical'],
    ['es-es', 'vertical'],
    ['fr-fr', 'vertical'],
  ])('lays the %s form out %s: labels beside the fields in Chinese, above them elsewhere', async (language, layout) => {
    window.localStorage.setItem('APP_GLOBAL_SETTINGS', JSON.stringify({ language }));
    renderApp('/login');
    const code = await screen.findByTestId('login-code');
    expect(code.closest('.adm-form-item')?.className).toContain(`adm-form-item-${layout}`);
  });
});
