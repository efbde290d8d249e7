import { Globals } from '@react-spring/web';
import type { AnnotationEntry } from '@bible-qa/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { serveApi } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';
import { ANNOTATION_PATHS } from '../../lib/verse-marks.ts';

Globals.assign({ skipAnimation: true });

const entry = (over: Partial<AnnotationEntry>): AnnotationEntry => ({
  id: 'n1',
  kind: 'note',
  book: 'ROM',
  chapter: 8,
  from: 28,
  to: 28,
  reference: 'ROM.8.28',
  color: null,
  text: '万事互相效力',
  createdAt: '2026-11-29T08:00:00Z',
  updatedAt: '2026-11-29T08:00:00Z',
  title: '罗马书 8:28',
  verses: [{ book: 'ROM', chapter: 8, verse: 28, text: '我们晓得万事都互相效力，叫爱神的人得益处。' }],
  translation: 'cuv-hans',
  ...over,
});

describe('the notes page', () => {
  it('lists highlights and notes with their verses, searches them, filters a kind, and opens the chapter', async () => {
    let items = [
      entry({}),
      entry({
        id: 'h1',
        kind: 'highlight',
        color: 'blue',
        text: null,
        book: 'JHN',
        chapter: 3,
        from: 16,
        to: 17,
        reference: 'JHN.3.16-JHN.3.17',
        title: '约翰福音 3:16-17',
        verses: [],
      }),
    ];
    const api = serveApi({
      [ANNOTATION_PATHS.list]: (query) => {
        const q = query.get('q');
        const kind = query.get('kind');
        const found = items.filter((i) => (!q || (i.text ?? '').includes(q)) && (!kind || i.kind === kind));
        return { items: found, total: found.length };
      },
      [ANNOTATION_PATHS.remove]: (_q, body) => {
        items = items.filter((i) => i.id !== body?.id);
        return null;
      },
    });
    const { location } = renderApp('/notes');
    await waitFor(() => expect(screen.getAllByTestId('notes-item')).toHaveLength(2));
    expect(screen.getByTestId('notes-guest').textContent).toContain('登录后会一并转入你的账号');
    const note = screen.getAllByTestId('notes-item')[0]!;
    expect(note.textContent).toContain('我们晓得万事都互相效力');
    expect(within(note).getByTestId('notes-item-text').textContent).toBe('万事互相效力');
    expect(within(note).getByTestId('notes-item-open').getAttribute('href')).toBe('/read/ROM/8?v=28&t=cuv-hans');

    const search = screen.getByTestId('notes-search').querySelector('input')!;
    fireEvent.change(search, { target: { value: '效力' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(location()).toBe('/notes?q=%E6%95%88%E5%8A%9B'));
    await waitFor(() => expect(screen.getAllByTestId('notes-item')).toHaveLength(1));
    expect(api.to(ANNOTATION_PATHS.list).at(-1)!.query.get('q')).toBe('效力');

    fireEvent.click(screen.getByTestId('notes-tab-highlight'));
    await waitFor(() => expect(api.to(ANNOTATION_PATHS.list).at(-1)!.query.get('kind')).toBe('highlight'));
  });

  it('deletes a note after asking', async () => {
    let items = [entry({})];
    const api = serveApi({
      [ANNOTATION_PATHS.list]: () => ({ items, total: items.length }),
      [ANNOTATION_PATHS.remove]: (_q, body) => {
        items = items.filter((i) => i.id !== body?.id);
        return null;
      },
    });
    renderApp('/notes');
    fireEvent.click(await screen.findByTestId('notes-item-delete'));
    fireEvent.click(await screen.findByText('确定'));
    await waitFor(() => expect(api.to(ANNOTATION_PATHS.remove)[0]?.body).toMatchObject({ id: 'n1' }));
    expect(await screen.findByTestId('notes-empty')).toBeTruthy();
  });
});
