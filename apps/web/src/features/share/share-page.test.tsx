import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SharedPage } from '@bible-qa/contract';
import { writeTourAnswers } from '../../lib/preferences.ts';
import { createAppStorage } from '../../lib/storage.ts';
import { renderApp } from '../../test/render-app.tsx';

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWxYz012345';
const content = '## 恩典\n\n**恩典**是白白得来的，见约翰福音 3:16。\n\n<img src=x onerror="window.__pwned=1">';
const page: SharedPage = {
  title: '什么是恩典？',
  createdAt: '2025-03-01T08:00:00Z',
  aiGenerated: true,
  items: [
    {
      question: '什么是恩典？',
      content,
      citations: [
        {
          id: 'c1',
          text: '约翰福音 3:16',
          start: content.indexOf('约翰福音 3:16'),
          end: content.indexOf('约翰福音 3:16') + 9,
          status: 'linked',
          reference: 'JHN.3.16',
          label: '约翰福音 3:16',
          translation: 'cuv-hans',
          verseText: '神爱世人，甚至将他的独生子赐给他们。',
        },
      ],
      kind: 'answer',
      language: 'zh-cn',
      translation: 'cuv-hans',
      createdAt: '2025-03-01T08:00:00Z',
      aiGenerated: true,
    },
  ],
};

function serve(respond: (path: string, headers: Headers) => Response) {
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) =>
    respond(new URL(String(input), 'http://localhost').pathname, new Headers(init.headers)),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}
const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('the public share page', () => {
  it('shows the shared answer with its verses, the AI label and the card, without logging in', async () => {
    const fetch = serve(() => json({ code: 0, msg: 'success', data: page }));
    const app = renderApp(`/share/${TOKEN}`);
    const shared = within(await screen.findByTestId('share-content'));
    expect(fetch.mock.calls[0]![0]).toContain(`/webapi/portal/share/public/${TOKEN}`);
    expect(shared.getByTestId('share-ai-label').textContent).toContain('AI 生成');
    expect(shared.getByTestId('share-question').textContent).toContain('什么是恩典？');
    expect(shared.getByTestId('share-answer-1').textContent).toContain('恩典是白白得来的');
    // Raw HTML in an answer stays text.
    expect(shared.getByTestId('share-answer-1').querySelector('img')).toBeNull();
    expect(shared.getByTestId('share-verse').textContent).toContain('神爱世人，甚至将他的独生子赐给他们。');
    expect(shared.getByTestId('share-card').getAttribute('src')).toBe(
      `/webapi/portal/share/public/${TOKEN}/card?theme=light`,
    );
    expect(screen.getByTestId('page-share-title').textContent).toBe('分享的回答');
    expect(app.location()).toBe(`/share/${TOKEN}`);
  });

  it('asks for the page and the card in the tradition the reader chose (the book names follow it)', async () => {
    writeTourAnswers(createAppStorage(window.localStorage), { expression: 'catholic' });
    const fetch = vi.fn(async () => json({ code: 0, msg: 'success', data: page }));
    vi.stubGlobal('fetch', fetch);
    renderApp(`/share/${TOKEN}`);
    const shared = within(await screen.findByTestId('share-content'));
    const asked = new URL(String((fetch.mock.calls[0] as unknown[])[0]), 'http://localhost');
    expect(asked.pathname).toBe(`/webapi/portal/share/public/${TOKEN}`);
    expect(asked.searchParams.get('expression')).toBe('catholic');
    expect(shared.getByTestId('share-card').getAttribute('src')).toBe(
      `/webapi/portal/share/public/${TOKEN}/card?theme=light&expression=catholic`,
    );
  });

  it('says a revoked or unknown link is gone', async () => {
    serve(() => json({ code: 10006, msg: '内容不存在或已被删除', data: null }));
    renderApp(`/share/${TOKEN}`);
    expect((await screen.findByTestId('share-not-found')).textContent).toContain('这个分享不存在或已被撤销');
    expect(screen.queryByTestId('share-content')).toBeNull();
  });
});
