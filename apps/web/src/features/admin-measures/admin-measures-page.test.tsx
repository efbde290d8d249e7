import { Globals } from '@react-spring/web';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Measure } from '@bible-qa/contract';
import { json, ok, testUser } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { ADMIN_MEASURE_PATHS } from './admin-measures.queries.ts';
import { findToast } from '../../test/toasts.ts';

Globals.assign({ skipAnimation: true });

const ADMIN = testUser({ id: 'a0000000-0000-4000-8000-000000000001', role: 'admin', name: 'Admin' });
const MEMBER = testUser({
  id: 'b0000000-0000-4000-8000-000000000002',
  name: '多马',
  email: 'thomas@example.org',
  phone: null,
});

/** An admin API over one member: find by e-mail, list, apply and lift measures; records each call's body. */
function adminServer() {
  const measures: Measure[] = [];
  const calls: { path: string; body: Record<string, unknown> | null; query: URLSearchParams }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      const path = url.pathname.replace('/webapi', '');
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : null;
      calls.push({ path, body, query: url.searchParams });
      if (path === '/portal/member/info') return ok(ADMIN);
      if (path === ADMIN_MEASURE_PATHS.find) {
        return url.searchParams.get('account')?.toLowerCase() === MEMBER.email
          ? ok(MEMBER)
          : json({ code: 10006, msg: '内容不存在或已被删除', data: null });
      }
      if (path === ADMIN_MEASURE_PATHS.measures && init.method === 'POST') {
        const measure: Measure = {
          id: `c0000000-0000-4000-8000-00000000000${measures.length + 1}`,
          userId: MEMBER.id,
          kind: body!.kind as Measure['kind'],
          reason: String(body!.reason),
          startsAt: '2026-11-24T08:00:00.000Z',
          expiresAt: (body!.expiresAt as string | null) ?? null,
          liftedAt: null,
          liftReason: null,
          liftedBy: null,
          createdBy: ADMIN.id,
          active: true,
        };
        measures.unshift(measure);
        return ok(measure);
      }
      if (path === ADMIN_MEASURE_PATHS.measures) return ok(measures);
      if (path === ADMIN_MEASURE_PATHS.lift) {
        const measure = measures.find((m) => m.id === body!.measureId)!;
        Object.assign(measure, {
          active: false,
          liftedAt: '2026-11-24T09:00:00.000Z',
          liftReason: body!.reason,
          liftedBy: ADMIN.id,
        });
        return ok(measure);
      }
      return ok(null);
    }),
  );
  return { calls, to: (path: string) => calls.filter((call) => call.path === path) };
}

function signInAs(user: ReturnType<typeof testUser>) {
  window.localStorage.setItem('APP_AUTH_TOKEN_KEY', 'token-1');
  window.localStorage.setItem('app_user', JSON.stringify(user));
}

function type(testId: string, value: string) {
  const field = screen.getByTestId(testId);
  const input = field.querySelector('input, textarea') ?? field;
  fireEvent.change(input, { target: { value } });
}

describe('admin measures screen', () => {
  it('keeps the screen to admins and asks the API nothing for anyone else', async () => {
    signInAs(testUser());
    const server = adminServer();
    renderApp('/admin/measures');
    expect(await screen.findByTestId('admin-measures-forbidden')).toBeTruthy();
    expect(server.calls.filter((call) => call.path.startsWith('/portal/admin/'))).toEqual([]);
  });

  it('finds a user by e-mail, suspends them with a reason, then lifts the suspension with its own', async () => {
    signInAs(ADMIN);
    const server = adminServer();
    renderApp('/admin/measures');
    await screen.findByTestId('admin-measures-account');
    type('admin-measures-account', ' Thomas@Example.org ');
    fireEvent.click(screen.getByTestId('admin-measures-find'));

    const card = await screen.findByTestId('admin-measures-user');
    expect(card.textContent).toContain('多马');
    expect(card.textContent).toContain('thomas@example.org');
    await waitFor(() => expect(screen.getByTestId('admin-measures-state').dataset.state).toBe('normal'));
    expect(screen.getByTestId('admin-measures-list').textContent).toContain('该账号没有处置记录');

    fireEvent.click(screen.getByTestId('admin-measures-kind-suspension'));
    fireEvent.click(screen.getByTestId('admin-measures-duration-7'));
    fireEvent.click(screen.getByTestId('admin-measures-apply'));
    expect(await screen.findByTestId('admin-measures-reason-required')).toBeTruthy();
    expect(server.to(ADMIN_MEASURE_PATHS.measures).filter((c) => c.body)).toEqual([]);

    type('admin-measures-reason', '连续发送广告链接');
    fireEvent.click(screen.getByTestId('admin-measures-apply'));
    fireEvent.click(await screen.findByText('确定'));
    await waitFor(() => expect(screen.getByTestId('admin-measures-state').dataset.state).toBe('suspension'));
    const applied = server.to(ADMIN_MEASURE_PATHS.measures).find((c) => c.body)!.body!;
    expect(applied).toMatchObject({ userId: MEMBER.id, kind: 'suspension', reason: '连续发送广告链接' });
    const days = (Date.parse(String(applied.expiresAt)) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    const listed = screen.getByTestId('admin-measure');
    expect(listed.dataset.status).toBe('active');
    expect(within(listed).getByTestId('admin-measure-reason').textContent).toBe('原因：连续发送广告链接');

    fireEvent.click(within(listed).getByTestId('admin-measure-lift'));
    const confirm = (await screen.findByTestId('admin-measure-lift-confirm')).closest('button')!;
    expect(confirm.disabled).toBe(true);
    type('admin-measure-lift-reason-input', '申诉属实');
    await waitFor(() => expect(confirm.disabled).toBe(false));
    fireEvent.click(confirm);
    await waitFor(() => expect(screen.getByTestId('admin-measures-state').dataset.state).toBe('normal'));
    expect(server.to(ADMIN_MEASURE_PATHS.lift).map((c) => c.body)).toEqual([
      expect.objectContaining({ measureId: expect.any(String), reason: '申诉属实' }),
    ]);
    expect(screen.getByTestId('admin-measure').dataset.status).toBe('lifted');
    expect(screen.getByTestId('admin-measure-lift-reason').textContent).toContain('申诉属实');
    // The confirmation toast was shown.
    await findToast('已解除');
  });

  it('says so when no account has that phone or e-mail', async () => {
    signInAs(ADMIN);
    adminServer();
    renderApp('/admin/measures');
    await screen.findByTestId('admin-measures-account');
    type('admin-measures-account', '13900000000');
    fireEvent.click(screen.getByTestId('admin-measures-find'));
    expect((await screen.findByTestId('admin-measures-not-found')).textContent).toContain('13900000000');
  });

  it('is reached from settings by an admin only', async () => {
    signInAs(ADMIN);
    adminServer();
    const app = renderApp('/setting');
    fireEvent.click(await screen.findByTestId('setting-admin-measures'));
    await waitFor(() => expect(app.location()).toBe('/admin/measures'));
  });
});
