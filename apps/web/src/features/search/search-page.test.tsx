import { Globals } from '@react-spring/web';
import type { ConversationSearchPage, SearchResult } from '@bible-qa/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { serveApi } from '../../test/fake-api.ts';
import { testUser } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { highlightPieces } from './highlighted.tsx';
import { SEARCH_PATHS } from './search.queries.ts';

Globals.assign({ skipAnimation: true });

const verseHit = (ref: string, title: string, highlight: string) => ({
  id: `cuv-hans:${ref}`,
  kind: 'verse' as const,
  lang: 'zh-Hans',
  translation: 'cuv-hans',
  collection: null,
  ref,
  title,
  text: highlight.replace(/<\/?mark>/g, ''),
  highlight,
  score: 1,
});
const PASSAGE = {
  reference: 'JHN.3.16',
  translationReference: 'JHN.3.16',
  title: '约翰福音 3:16',
  translation: { id: 'cuv-hans', name: '和合本', language: 'zh-Hans' },
  verses: [{ book: 'JHN', chapter: 3, verse: 16, text: '神爱世人，甚至将他的独生子赐给他们' }],
};
const NO_CONVERSATIONS: ConversationSearchPage = { items: [], total: 0 };

function open(path: string, bible: SearchResult, conversations = NO_CONVERSATIONS, { loggedIn = false } = {}) {
  if (loggedIn) {
    window.localStorage.setItem('APP_AUTH_TOKEN_KEY', 'token-1');
    window.localStorage.setItem('app_user', JSON.stringify(testUser()));
  }
  const api = serveApi({
    [SEARCH_PATHS.bible]: () => bible,
    [SEARCH_PATHS.conversations]: () => conversations,
    '/portal/member/info': () => testUser(),
  });
  return { ...renderApp(path), api };
}

describe('the search screen', () => {
  it('finds verses in the reader’s translation for a guest, words marked, and the guest’s own conversations', async () => {
    const { api } = open('/search?q=世人', {
      passage: null,
      hits: [verseHit('JHN.3.16', '约翰福音 3:16', '神爱<mark>世人</mark>，甚至将他的独生子赐给他们')],
    });
    const verse = await screen.findByTestId('search-verse');
    expect(within(verse).getByText('世人').tagName).toBe('MARK');
    expect(verse.getAttribute('href')).toBe('/read/JHN/3?v=16&t=cuv-hans');
    const ask = api.to(SEARCH_PATHS.bible)[0]!.query;
    expect([ask.get('q'), ask.get('kind')]).toEqual(['世人', 'verse']);
    // A guest's conversations are kept under its key: they are searched too.
    expect(api.to(SEARCH_PATHS.conversations)[0]!.query.get('q')).toBe('世人');
    expect(screen.queryByTestId('search-empty')).toBeNull();
  });

  it('finds the logged-in reader’s conversations, each opening its conversation', async () => {
    const { api } = open(
      '/search?q=恩典',
      { passage: null, hits: [] },
      {
        total: 1,
        items: [
          {
            conversationId: '11111111-1111-4111-8111-111111111111',
            title: '什么是恩典？',
            titleHighlight: '什么是<mark>恩典</mark>？',
            snippet: '…<mark>恩典</mark>是神白白的赐予…',
            role: 'assistant',
            updatedAt: '2026-03-01T10:00:00.000Z',
          },
        ],
      },
      { loggedIn: true },
    );
    const hit = await screen.findByTestId('search-conversation');
    expect(hit.getAttribute('href')).toBe('/chat?conversation=11111111-1111-4111-8111-111111111111');
    expect(
      within(hit)
        .getAllByText('恩典')
        .every((mark) => mark.tagName === 'MARK'),
    ).toBe(true);
    expect(hit.textContent).toContain('回答');
    expect(api.to(SEARCH_PATHS.conversations)[0]!.query.get('q')).toBe('恩典');
  });

  it('shows the empty state when nothing is found anywhere', async () => {
    open('/search?q=zzzz', { passage: null, hits: [] }, NO_CONVERSATIONS, { loggedIn: true });
    const empty = await screen.findByTestId('search-empty');
    expect(empty.textContent).toContain('没有找到相关内容');
  });

  it('offers a reference typed as the query straight to the reader', async () => {
    open('/search?q=约翰福音3:16', { passage: PASSAGE, hits: [] });
    const card = await screen.findByTestId('search-passage');
    expect(card.textContent).toContain('神爱世人');
    expect(within(card).getByTestId('search-passage-open').getAttribute('href')).toBe('/read/JHN/3?v=16&t=cuv-hans');
    expect(screen.queryByTestId('search-empty')).toBeNull();
  });

  it('searches what is typed, keeping it in the address', async () => {
    const { api, router } = open('/search', { passage: null, hits: [] });
    const input = (await screen.findByTestId('search-input')).querySelector('input')!;
    fireEvent.change(input, { target: { value: '  牧者 ' } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(api.to(SEARCH_PATHS.bible)[0]!.query.get('q')).toBe('牧者'));
    expect(router.state.location.search).toBe(`?q=${encodeURIComponent('牧者')}`);
  });

  it('never turns a highlight into markup: only <mark> is read, the rest stays text', async () => {
    const hostile = '&lt;img src=x onerror=alert(1)&gt; <mark>世人</mark><script>alert(2)</script><b>x</b>';
    open('/search?q=世人', { passage: null, hits: [verseHit('JHN.3.16', '约翰福音 3:16', hostile)] });
    const verse = await screen.findByTestId('search-verse');
    expect(verse.querySelector('img, script, b')).toBeNull();
    expect(verse.textContent).toContain('<img src=x onerror=alert(1)> 世人<script>alert(2)</script><b>x</b>');
    expect(highlightPieces('a &amp;lt; b')).toEqual([{ text: 'a &lt; b', marked: false }]);
  });
});
