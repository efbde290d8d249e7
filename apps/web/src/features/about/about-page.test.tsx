import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app.tsx';
import { ABOUT_PATHS } from './about.queries.ts';

const KJV = {
  id: 'kjv',
  name: 'King James Version',
  abbr: 'KJV',
  language: 'en',
  tradition: 'protestant',
  license: 'Public Domain',
  source: 'scrollmapper/bible_databases',
  year: 1769,
  notes: null,
  verseCount: 31102,
};

function stubTranslations(answer: () => Response) {
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    if (path === `/webapi${ABOUT_PATHS.translations}`) return answer();
    return new Response(JSON.stringify({ code: 0, msg: 'ok', data: null }), {
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('about page', () => {
  it('lists each Bible translation with its licence and source, and the reference works’ attribution', async () => {
    stubTranslations(
      () =>
        new Response(JSON.stringify({ code: 0, msg: 'ok', data: [KJV] }), {
          headers: { 'Content-Type': 'application/json' },
        }),
    );
    renderApp('/about');
    const kjv = await screen.findByTestId('about-translation-kjv');
    expect(kjv.textContent).toContain('King James Version');
    expect(kjv.textContent).toContain('许可：Public Domain');
    expect(kjv.textContent).toContain('来源：scrollmapper/bible_databases');
    const works = within(screen.getByTestId('about-works'));
    expect(works.getByText(/NEUU.*CC BY 4\.0/)).toBeTruthy();
    expect(works.getByText(/OpenBible\.info/)).toBeTruthy();
    expect(screen.getByTestId('about-version').textContent).toContain('1.0 Beta');
  });

  it('says the list is unavailable when the library cannot answer', async () => {
    stubTranslations(() => new Response('', { status: 503 }));
    renderApp('/about');
    expect(await screen.findByText('暂时无法获取译本列表，请稍后再试。')).toBeTruthy();
    expect(screen.queryByTestId('about-translations')).toBeNull();
  });
});
