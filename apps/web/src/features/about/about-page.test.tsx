import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app.tsx';
import { ABOUT_PATHS } from './about.queries.ts';

// As the corpus's metadata records them (../shared/corpus/bibles/*.meta.json).
const KJV = {
  id: 'kjv',
  name: 'King James Version (1769 Oxford text)',
  abbr: 'KJV',
  language: 'en',
  tradition: 'protestant',
  license:
    'Public Domain (outside the UK; Crown letters patent apply in the UK). Only the plain text is used; the SWORD module’s Strong’s tags and study notes (GPL) are stripped.',
  source: 'github.com/scrollmapper/bible_databases (sources/en/KJV/KJV.zip, CrossWire SWORD module KJV)',
  year: 1769,
  notes: null,
  verseCount: 31102,
};
const CUV = {
  ...KJV,
  id: 'cuv-hans',
  name: '和合本 (简体) Chinese Union Version, Simplified (神 edition)',
  language: 'zh-Hans',
  license: 'Public Domain',
  source: 'github.com/seven1m/open-bibles (chi-cuv-simp.usfx.xml)',
};
const WEBBE = {
  ...KJV,
  id: 'webbe',
  name: 'World English Bible, British Edition (WEBBE)',
  license: 'Public Domain',
  source: 'github.com/Razzula/public-domain-bible-resources (src/WEBBE/*.usfm, from ebible.org engwebpb)',
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
  it('lists each source by name, licence and link, with no repository path (rough edge 13)', async () => {
    stubTranslations(
      () =>
        new Response(JSON.stringify({ code: 0, msg: 'ok', data: [KJV, CUV, WEBBE] }), {
          headers: { 'Content-Type': 'application/json' },
        }),
    );
    renderApp('/about');
    const kjv = await screen.findByTestId('about-translation-kjv');
    expect(kjv.textContent).toContain('King James Version (1769 Oxford text)');
    expect(kjv.textContent).toContain('许可：公有领域（在英国受王室特许权约束）');
    const links = (item: HTMLElement) =>
      within(item)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('rel')]);
    expect(links(kjv)).toEqual([
      ['CrossWire · KJV', 'https://www.crosswire.org/sword/modules/ModInfo.jsp?modName=KJV', 'noopener noreferrer'],
    ]);
    expect(links(screen.getByTestId('about-translation-cuv-hans'))).toEqual([
      ['open-bibles', 'https://github.com/seven1m/open-bibles', 'noopener noreferrer'],
    ]);
    expect(links(screen.getByTestId('about-translation-webbe'))[0]?.[1]).toBe(
      'https://ebible.org/find/details.php?id=engwebpb',
    );
    const neuu = screen.getByTestId('about-work-dictionaries');
    expect(neuu.textContent).toContain('由 NEUU 整理');
    expect(neuu.textContent).toContain('许可：CC BY 4.0');
    expect(links(neuu)[0]?.[1]).toBe('https://github.com/neuu-org/bible-dictionary-dataset');
    expect(within(screen.getByTestId('about-works')).getAllByRole('link')).toHaveLength(8);
    // What a reader reads names sources; the paths live only in the links.
    const text = screen.getByTestId('about-licences').textContent ?? '';
    expect(text).not.toMatch(/github\.com|sources\/|\.zip|\.usfx|\.usfm|\.xml|bible_databases/);
    expect(screen.getByTestId('about-version').textContent).toContain('1.0 Beta');
  });

  it('says the list is unavailable when the library cannot answer', async () => {
    stubTranslations(() => new Response('', { status: 503 }));
    renderApp('/about');
    expect(await screen.findByText('暂时无法获取译本列表，请稍后再试。')).toBeTruthy();
    expect(screen.queryByTestId('about-translations')).toBeNull();
  });
});
