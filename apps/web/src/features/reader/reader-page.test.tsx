import { Globals } from '@react-spring/web';
import type { Book, Chapter, ChapterVerse, TranslationChoice } from '@bible-qa/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, serveApi } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';
import { READER_PATHS } from './reader.queries.ts';

Globals.assign({ skipAnimation: true });

const choice = (id: string, abbr: string, language: string): TranslationChoice => ({
  id,
  name: `${abbr} full name`,
  abbr,
  language,
  tradition: 'protestant',
});
const CUV = choice('cuv-hans', '和合本', 'zh-Hans');
const KJV = choice('kjv', 'KJV', 'en');
const DRC = choice('drc', 'DRC', 'en');
const verses = (chapter: number, count: number, text: string, shift = 0): ChapterVerse[] =>
  Array.from({ length: count }, (_, i) => ({
    chapter,
    verse: i + 1,
    text: `${text} ${i + 1}`,
    refVerse: Math.max(1, i + 1 - shift),
  }));

function chapterOf(over: Partial<Chapter> = {}): Chapter {
  return {
    book: 'JHN',
    chapter: 3,
    bookName: '约翰福音',
    title: '约翰福音 3章',
    numbering: null,
    translation: CUV,
    missing: null,
    outsideCanon: false,
    verses: verses(3, 36, '经文'),
    previous: { book: 'PSA', chapter: 23, title: '诗篇 23篇' },
    next: { book: 'JHN', chapter: 4, title: '约翰福音 4章' },
    translations: [CUV, KJV, DRC],
    ...over,
  };
}

/** The reader over a fake API that answers every chapter with `answer(query)`. */
async function openReader(path: string, answer: (query: URLSearchParams) => unknown = () => chapterOf()) {
  const api = serveApi({
    [READER_PATHS.chapter]: answer,
    [READER_PATHS.books]: (): Book[] => [
      { code: 'GEN', order: 1, testament: 'OT', chapters: 50, name: '创世记', abbr: '创', appendix: false },
      { code: 'JHN', order: 43, testament: 'NT', chapters: 21, name: '约翰福音', abbr: '约', appendix: false },
    ],
  });
  const view = renderApp(path);
  return { ...view, api };
}

const cited = () => screen.getAllByTestId('reader-verse').filter((v) => v.dataset.cited === 'true');

describe('the chapter reader', () => {
  it('reads the whole chapter in the asked translation, the cited verses marked', async () => {
    const { api } = await openReader('/read/JHN/3?v=16-17&t=cuv-hans');
    await screen.findByTestId('reader');
    const ask = api.to(READER_PATHS.chapter)[0]!.query;
    expect([ask.get('book'), ask.get('chapter'), ask.get('translation')]).toEqual(['JHN', '3', 'cuv-hans']);
    expect(screen.getAllByTestId('reader-verse')).toHaveLength(36);
    expect(cited().map((v) => v.dataset.verse)).toEqual(['16', '17']);
    expect(cited()[0]!.tagName).toBe('MARK');
    expect(screen.getByTestId('reader-title').textContent).toContain('约翰福音 3章');
    // Only the translations that hold the chapter, by their short names.
    const chips = within(screen.getByTestId('reader-translations')).getAllByRole('button', { pressed: false });
    expect(chips.map((c) => c.textContent)).toEqual(['KJV', 'DRC', '对照']);
  });

  it('goes to the next chapter in the same translation, at its top, with nothing cited', async () => {
    const { api, router } = await openReader('/read/JHN/3?v=16&t=cuv-hans', (query) =>
      query.get('chapter') === '4'
        ? chapterOf({ chapter: 4, title: '约翰福音 4章', verses: verses(4, 4, '四章'), next: null })
        : chapterOf(),
    );
    fireEvent.click(await screen.findByTestId('reader-next'));
    await waitFor(() => expect(screen.getByTestId('reader-title').textContent).toContain('约翰福音 4章'));
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/read/JHN/4?t=cuv-hans');
    expect(api.to(READER_PATHS.chapter).at(-1)!.query.get('translation')).toBe('cuv-hans');
    expect(cited()).toEqual([]);
    expect((screen.getByTestId('reader-next') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('reader-previous').textContent).toContain('诗篇 23篇');
  });

  it('switches the translation and keeps the cited verses', async () => {
    const { api, router } = await openReader('/read/JHN/3?v=16', (query) =>
      chapterOf({ translation: query.get('translation') === 'kjv' ? KJV : CUV }),
    );
    fireEvent.click(await screen.findByTestId('reader-translation-kjv'));
    await waitFor(() => expect(api.to(READER_PATHS.chapter).at(-1)!.query.get('translation')).toBe('kjv'));
    expect(router.state.location.search).toBe('?v=16&t=kjv');
    await waitFor(() => expect(screen.getByTestId('reader-translation-kjv').getAttribute('aria-pressed')).toBe('true'));
  });

  it('reads a second text beside the first, verse by verse, matched by the verse each stands for', async () => {
    // The Douay-Rheims numbers the superscription of Psalm 51 as verses 1-2: its 50:3 is KJV 51:1.
    const psalm = (translation: TranslationChoice, list: ChapterVerse[]) =>
      chapterOf({ book: 'PSA', chapter: 51, title: 'Psalm 51', translation, verses: list, translations: [KJV, DRC] });
    const { router } = await openReader('/read/PSA/51?t=kjv', (query) =>
      query.get('translation') === 'drc' ? psalm(DRC, verses(50, 4, 'drc', 2)) : psalm(KJV, verses(51, 2, 'kjv')),
    );
    fireEvent.click(await screen.findByTestId('reader-parallel-toggle'));
    const rows = await screen.findAllByTestId('reader-row');
    expect(router.state.location.search).toBe('?t=kjv&p=drc');
    expect(
      rows.map((row) => [
        within(row).getByTestId('reader-cell').textContent,
        within(row).getByTestId('reader-cell-parallel').textContent,
      ]),
    ).toEqual([
      ['1kjv 1 ', '1drc 1 2drc 2 3drc 3 '],
      ['2kjv 2 ', '4drc 4 '],
    ]);
    fireEvent.click(screen.getByTestId('reader-parallel-toggle'));
    await waitFor(() => expect(screen.queryByTestId('reader-parallel')).toBeNull());
    expect(router.state.location.search).toBe('?t=kjv');
  });

  it('reads each verse once at an address without a translation (the reader’s own text)', async () => {
    const { api } = await openReader('/read/JHN/3');
    await screen.findByTestId('reader');
    expect(api.to(READER_PATHS.chapter)[0]!.query.get('translation')).toBeNull();
    expect(screen.getAllByTestId('reader-verse')).toHaveLength(36);
    expect(screen.getByTestId('reader-text').textContent!.match(/经文 16 /g)).toHaveLength(1);
    expect(screen.queryByTestId('reader-parallel')).toBeNull();
  });

  it('opens English beside the simplified Union Version, not the same text in traditional characters', async () => {
    const CUV_HANT = choice('cuv-hant', '和合本（繁）', 'zh-Hant');
    const WEB = choice('webbe', 'WEB', 'en');
    const chapter = (translation: TranslationChoice) =>
      chapterOf({ translation, translations: [CUV, CUV_HANT, WEB, KJV] });
    const { router } = await openReader('/read/JHN/3', (query) =>
      chapter([CUV_HANT, WEB, KJV].find((c) => c.id === query.get('translation')) ?? CUV),
    );
    fireEvent.click(await screen.findByTestId('reader-parallel-toggle'));
    await screen.findAllByTestId('reader-row');
    expect(router.state.location.search).toBe('?p=webbe');
  });

  it('says when another text stands in, how it numbers the chapter, and a book outside the canon', async () => {
    await openReader('/read/PSA/23?t=cpdv', () =>
      chapterOf({ missing: 'cpdv', numbering: 'Psalm 22', outsideCanon: true, translation: DRC }),
    );
    expect((await screen.findByTestId('reader-notice-missing')).textContent).toBe(
      'cpdv 没有这一章，这里显示的是 DRC full name',
    );
    expect(screen.getByTestId('reader-notice-numbering').textContent).toContain('Psalm 22');
    expect(screen.getByTestId('reader-notice-outsideCanon')).toBeTruthy();
  });

  it('shows a chapter the library lacks as empty, still with its neighbours', async () => {
    await openReader('/read/3MA/1', () => chapterOf({ verses: [], translations: [] }));
    await screen.findByTestId('reader-empty');
    expect((screen.getByTestId('reader-next') as HTMLButtonElement).disabled).toBe(false);
  });

  it.each([
    ['/read/xyz/3', null],
    ['/read/JHN/0', null],
    ['/read/JHN/99', 10501],
  ])('says %s is not found', async (path, code) => {
    const { api } = await openReader(path, () => apiError(code ?? 10501));
    await screen.findByTestId('reader-not-found');
    expect(api.to(READER_PATHS.chapter)).toHaveLength(code === null ? 0 : 1);
  });

  it('picks a book and a chapter', async () => {
    const { router } = await openReader('/read/JHN/3?t=cuv-hans');
    fireEvent.click(await screen.findByTestId('reader-title'));
    fireEvent.click(await screen.findByTestId('reader-picker-book-GEN'));
    expect(screen.getAllByTestId(/^reader-picker-chapter-/)).toHaveLength(50);
    fireEvent.click(screen.getByTestId('reader-picker-chapter-2'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/read/GEN/2'));
    expect(router.state.location.search).toBe('?t=cuv-hans');
  });
});
