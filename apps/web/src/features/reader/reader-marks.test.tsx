import { Globals } from '@react-spring/web';
import type { Annotation, Chapter, HighlightColor } from '@bible-qa/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { serveApi } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';
import { ANNOTATION_PATHS } from '../../lib/verse-marks.ts';
import { READER_PATHS } from './reader.queries.ts';

Globals.assign({ skipAnimation: true });

const CUV = { id: 'cuv-hans', name: '和合本', abbr: '和合本', language: 'zh-Hans', tradition: 'protestant' as const };
const KJV = { id: 'kjv', name: 'King James Version', abbr: 'KJV', language: 'en', tradition: 'protestant' as const };
const chapterIn = (translation: typeof CUV | typeof KJV, text: string): Chapter => ({
  book: 'JHN',
  chapter: 3,
  bookName: '约翰福音',
  title: '约翰福音 3章',
  numbering: null,
  translation,
  missing: null,
  outsideCanon: false,
  verses: Array.from({ length: 20 }, (_, i) => ({
    chapter: 3,
    verse: i + 1,
    text: `${text} ${i + 1}`,
    refVerse: i + 1,
  })),
  previous: null,
  next: null,
  translations: [CUV, KJV],
});

/**
 * A server that keeps the reader's marks as the API does (a highlight per verse, a note per span), so the screen is
 * seen to send the right spans and to show what comes back, across a reload.
 */
function markServer() {
  const stored: Annotation[] = [];
  let n = 0;
  const at = (book: string, chapter: number, from: number, to: number, over: Partial<Annotation>): Annotation => ({
    id: `a${++n}`,
    kind: 'highlight',
    book,
    chapter,
    from,
    to,
    reference: from === to ? `${book}.${chapter}.${from}` : `${book}.${chapter}.${from}-${book}.${chapter}.${to}`,
    color: null,
    text: null,
    createdAt: '2026-11-29T08:00:00Z',
    updatedAt: '2026-11-29T08:00:00Z',
    ...over,
  });
  type Span = { book: string; chapter: number; from: number; to: number };
  const api = serveApi({
    [READER_PATHS.chapter]: (query) =>
      chapterIn(query.get('translation') === 'kjv' ? KJV : CUV, query.get('translation') === 'kjv' ? 'Verse' : '经文'),
    [ANNOTATION_PATHS.lookup]: () => stored,
    [ANNOTATION_PATHS.highlight]: (_q, body) => {
      const { span, color } = body as { span: Span; color: HighlightColor | null };
      for (let v = span.from; v <= span.to; v += 1) {
        const i = stored.findIndex((a) => a.kind === 'highlight' && a.from === v);
        if (i >= 0) stored.splice(i, 1);
        if (color) stored.push(at(span.book, span.chapter, v, v, { color }));
      }
      return null;
    },
    [ANNOTATION_PATHS.note]: (_q, body) => {
      const { span, text } = body as { span: Span; text: string };
      const i = stored.findIndex((a) => a.kind === 'note' && a.from === span.from && a.to === span.to);
      if (i >= 0) stored.splice(i, 1);
      if (!text.trim()) return null;
      const note = at(span.book, span.chapter, span.from, span.to, { kind: 'note', text: text.trim() });
      stored.push(note);
      return note;
    },
  });
  return { api, stored };
}

const verse = (n: number) => screen.getAllByTestId('reader-verse').find((v) => v.dataset.refVerse === String(n))!;

describe('marking verses in the chapter reader', () => {
  it('highlights a run of picked verses, writes a note on them, and shows both again after a reload', async () => {
    const { api, stored } = markServer();
    renderApp('/read/JHN/3?t=cuv-hans');
    await screen.findByTestId('reader');
    // Tap 16, then 17: the run 16-17 is picked and the bar names it.
    fireEvent.click(verse(16));
    fireEvent.click(verse(17));
    const bar = await screen.findByTestId('reader-verse-actions');
    expect(within(bar).getByTestId('reader-verse-actions-title').textContent).toBe('约翰福音 3:16-17');
    expect([verse(16), verse(17)].map((v) => v.dataset.picked)).toEqual(['true', 'true']);

    fireEvent.click(within(bar).getByTestId('reader-highlight-green'));
    await waitFor(() => expect(verse(16).dataset.highlight).toBe('green'));
    expect(verse(17).dataset.highlight).toBe('green');
    expect(verse(18).dataset.highlight).toBeUndefined();
    const sent = api.to(ANNOTATION_PATHS.highlight)[0]!.body;
    expect(sent).toMatchObject({ span: { book: 'JHN', chapter: 3, from: 16, to: 17 }, color: 'green' });
    // The bar closes once marked.
    await waitFor(() => expect(screen.queryByTestId('reader-verse-actions')).toBeNull());

    fireEvent.click(verse(16));
    fireEvent.click(verse(17));
    fireEvent.click(await screen.findByTestId('reader-note'));
    const editor = await screen.findByTestId('reader-note-editor');
    fireEvent.change(within(editor).getByRole('textbox'), { target: { value: '神爱世人：写给自己' } });
    fireEvent.click(within(editor).getByTestId('reader-note-save'));
    await waitFor(() => expect(stored.some((a) => a.kind === 'note')).toBe(true));
    const noteMark = await screen.findByTestId('reader-verse-note');
    expect(noteMark.closest('[data-testid="reader-verse"]')?.getAttribute('data-ref-verse')).toBe('17');

    // A reload, in another translation: the same verses carry the same marks (they are kept by verse, not text).
    cleanup();
    renderApp('/read/JHN/3?t=kjv');
    await waitFor(() => expect(verse(16).textContent).toContain('Verse 16'));
    await waitFor(() => expect(verse(16).dataset.highlight).toBe('green'));
    fireEvent.click(screen.getByTestId('reader-verse-note'));
    const reopened = await screen.findByTestId('reader-note-editor');
    expect((within(reopened).getByRole('textbox') as HTMLTextAreaElement).value).toBe('神爱世人：写给自己');
  });

  it('takes a highlight off the picked verses', async () => {
    const { stored } = markServer();
    renderApp('/read/JHN/3?t=cuv-hans');
    await screen.findByTestId('reader');
    fireEvent.click(verse(3));
    fireEvent.click(within(await screen.findByTestId('reader-verse-actions')).getByTestId('reader-highlight-yellow'));
    await waitFor(() => expect(verse(3).dataset.highlight).toBe('yellow'));
    fireEvent.click(verse(3));
    fireEvent.click(await screen.findByTestId('reader-highlight-clear'));
    await waitFor(() => expect(verse(3).dataset.highlight).toBeUndefined());
    expect(stored).toEqual([]);
  });
});
