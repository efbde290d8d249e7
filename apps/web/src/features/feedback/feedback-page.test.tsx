import { FEEDBACK_MAX_IMAGE_BYTES } from '@bible-qa/contract';
import { Globals } from '@react-spring/web';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ok, testUser } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { looksLikeContact } from './feedback-form.tsx';

// The receipt dialog of one test must be gone before the next: no exit animation left running.
Globals.assign({ skipAnimation: true });

const USER = testUser();
const image = (id: string) => ({ id, contentType: 'image/png', width: 10, height: 10, byteSize: 100 });

let calls: { url: string; init: RequestInit }[];
let uploads: number;
let records: object[];
beforeEach(() => {
  calls = [];
  uploads = 0;
  records = [];
  window.localStorage.setItem('APP_AUTH_TOKEN_KEY', 'token-1');
  window.localStorage.setItem('app_user', JSON.stringify(USER));
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:preview'), revokeObjectURL: vi.fn() }));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      if (url.startsWith('/webapi/portal/upload/image?') || url === '/webapi/portal/upload/image') {
        uploads += 1;
        return ok(image(`00000000-0000-4000-8000-00000000000${uploads}`));
      }
      if (url.startsWith('/webapi/portal/feedback/add')) {
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        return ok({
          id: 'f1',
          receiptNo: 'FB-20261122-0F1E2D3C',
          type: body.type,
          content: body.content,
          contact: body.contact ?? null,
          images: (body.imageIds as string[]).map(image),
          reply: null,
          replied: false,
          repliedAt: null,
          createdAt: '2026-11-22T12:00:00.000Z',
        });
      }
      if (url.startsWith('/webapi/portal/feedback/list')) return ok({ items: records, total: records.length });
      return ok(null);
    }),
  );
});

const fileInput = () => document.querySelector<HTMLInputElement>('[data-testid="feedback-form"] input[type="file"]')!;
const png = (name: string, size = 100) => new File([new Uint8Array(size)], name, { type: 'image/png' });

describe('feedback page', () => {
  it('shows the §5 messages before sending anything', async () => {
    renderApp('/feedback');
    fireEvent.click(await screen.findByTestId('feedback-submit'));
    expect(screen.getByTestId('feedback-error').textContent).toBe('请选择反馈类型');
    fireEvent.click(screen.getByTestId('feedback-type-wrong_answer'));
    fireEvent.click(screen.getByTestId('feedback-submit'));
    expect(screen.getByTestId('feedback-error').textContent).toBe('请填写反馈内容');
    fireEvent.change(screen.getByTestId('feedback-content').querySelector('textarea')!, { target: { value: 'x' } });
    fireEvent.change(screen.getByTestId('feedback-contact').querySelector('input')!, { target: { value: '12ab' } });
    fireEvent.click(screen.getByTestId('feedback-submit'));
    expect(screen.getByTestId('feedback-error').textContent).toBe('请输入有效的手机号或邮箱，或不填联系方式');
    expect(calls.filter((c) => c.url.includes('/feedback/add'))).toEqual([]);
  });

  it('fires the oversize message for a file over 2 MB and uploads nothing of it', async () => {
    renderApp('/feedback');
    await screen.findByTestId('feedback-form');
    fireEvent.change(fileInput(), { target: { files: [png('big.png', FEEDBACK_MAX_IMAGE_BYTES + 1)] } });
    expect(await screen.findByText('每张截图不能超过 2 MB（big.png）')).toBeTruthy();
    expect(uploads).toBe(0);
  });

  it('uploads the screenshots as raw bytes and sends their ids with the feedback', async () => {
    renderApp('/feedback');
    await screen.findByTestId('feedback-form');
    fireEvent.change(fileInput(), { target: { files: [png('a.png'), png('b.png')] } });
    await waitFor(() => expect(document.querySelectorAll('[data-status="done"]')).toHaveLength(2));
    const upload = calls.find((c) => c.url.includes('/upload/image'))!;
    expect(upload.init.body).toBeInstanceOf(Blob);
    expect(new Headers(upload.init.headers).get('content-type')).toBe('application/octet-stream');

    fireEvent.click(screen.getByTestId('feedback-type-format_error'));
    fireEvent.change(screen.getByTestId('feedback-content').querySelector('textarea')!, {
      target: { value: '表格乱了' },
    });
    fireEvent.click(screen.getByTestId('feedback-submit'));
    await waitFor(() => expect(calls.some((c) => c.url.includes('/feedback/add'))).toBe(true));
    const sent = JSON.parse(String(calls.find((c) => c.url.includes('/feedback/add'))!.init.body)) as object;
    expect(sent).toMatchObject({
      type: 'format_error',
      content: '表格乱了',
      imageIds: ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002'],
    });
    // Sent: the receipt dialog opens (and is closed with this test).
    expect(await screen.findByTestId('feedback-receipt')).toBeTruthy();
  });

  it('gives the receipt number the policy promises once sent, and shows it in the records (rough edge 11)', async () => {
    renderApp('/feedback');
    fireEvent.click(await screen.findByTestId('feedback-type-wrong_answer'));
    fireEvent.change(screen.getByTestId('feedback-content').querySelector('textarea')!, {
      target: { value: '犹大书只有一章' },
    });
    records = [
      {
        id: 'f1',
        receiptNo: 'FB-20261122-0F1E2D3C',
        type: 'wrong_answer',
        content: '犹大书只有一章',
        contact: null,
        images: [],
        reply: null,
        replied: false,
        repliedAt: null,
        createdAt: '2026-11-22T12:00:00.000Z',
      },
    ];
    fireEvent.click(screen.getByTestId('feedback-submit'));
    const receipt = await screen.findByTestId('feedback-receipt');
    expect(screen.getByTestId('feedback-receipt-no').textContent).toBe('FB-20261122-0F1E2D3C');
    expect(receipt.textContent).toContain('受理编号');
    expect(receipt.textContent).toContain('5 个工作日');
    expect((await screen.findByTestId('feedback-record-receipt')).textContent).toBe('受理编号 FB-20261122-0F1E2D3C');
  });

  it('asks a guest to log in', async () => {
    window.localStorage.clear();
    renderApp('/feedback');
    expect(await screen.findByTestId('feedback-guest')).toBeTruthy();
  });

  it('keeps the admin page to admins', async () => {
    renderApp('/admin/feedback');
    expect(await screen.findByTestId('admin-feedback-forbidden')).toBeTruthy();
    expect(calls.filter((c) => c.url.includes('/admin/feedback'))).toEqual([]);
  });
});

describe('looksLikeContact', () => {
  it.each(['reader@example.org', '13800138000', '+86 138-0013-8000', '＋852 6123 4567'])('accepts %s', (v) =>
    expect(looksLikeContact(v)).toBe(true),
  );
  it.each(['reader@', '12ab', '123', 'a b@c'])('refuses %s', (v) => expect(looksLikeContact(v)).toBe(false));
});
