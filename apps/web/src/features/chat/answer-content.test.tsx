import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../lib/i18n.ts';
import { AnswerContent } from './answer-content.tsx';
import { citationIn } from './chat-fixtures.ts';

afterEach(cleanup);

const MISQUOTE = '神恨世人';
const INVENTED = '凡事都要加倍';
const CONTENT = `经上说「${MISQUOTE}」（约翰福音 3:16），又说「${INVENTED}」（犹大书 2:1）。\n\n> 神就是爱\n> ——约翰福音 3:17`;

const quoteOf = (text: string) => ({ start: CONTENT.indexOf(text), end: CONTENT.indexOf(text) + text.length });
const misquoted = citationIn(CONTENT, '约翰福音 3:16', { status: 'misquoted', quote: quoteOf(MISQUOTE) });
const invalid = citationIn(CONTENT, '犹大书 2:1', {
  id: 'c2',
  status: 'invalid',
  reference: null,
  label: null,
  translation: null,
  verseText: null,
  quote: quoteOf(INVENTED),
});
const blockquoted = citationIn(CONTENT, '约翰福音 3:17', {
  id: 'c3',
  status: 'misquoted',
  reference: 'JHN.3.17',
  verseText: '因为神差他的儿子降世，不是要定世人的罪，乃是要叫世人因他得救。',
  quote: quoteOf('神就是爱'),
});

function show(citations = [misquoted, invalid, blockquoted], content = CONTENT) {
  render(
    <I18nextProvider i18n={createI18n()}>
      <AnswerContent content={content} citations={citations} onOpenPassage={vi.fn()} />
    </I18nextProvider>,
  );
  return screen.getByTestId('chat-answer-content');
}

describe('AnswerContent', () => {
  it('shows a misquotation as the verse’s text from the corpus, with a mark', () => {
    const answer = show();
    expect(answer.textContent).not.toContain(MISQUOTE);
    const corrected = screen.getByTestId('chat-quote-c1');
    expect(corrected.textContent).toContain('神爱世人，甚至将他的独生子赐给他们。');
    expect(corrected.textContent).toContain('已换为经文原文');
    expect(corrected.querySelector('svg')).toBeTruthy();
    // the reference stays, marked as misquoted
    expect(screen.getByTestId('chat-citation-c1').dataset.status).toBe('misquoted');
  });

  it('removes the quotation of a verse that does not exist, with a mark, and keeps the reference marked', () => {
    const answer = show();
    expect(answer.textContent).not.toContain(INVENTED);
    expect(screen.getByTestId('chat-quote-c2').textContent).toContain('引文已移除');
    expect(screen.getByTestId('chat-citation-c2').className).toContain('chat-citation-invalid');
  });

  it('replaces a blockquoted misquotation inside its quote block', () => {
    show();
    const corrected = screen.getByTestId('chat-quote-c3');
    expect(corrected.closest('blockquote')).toBeTruthy();
    expect(corrected.textContent).toContain('乃是要叫世人因他得救');
  });

  it('leaves the text alone when the citation is not where the server placed it', () => {
    const moved = `前言。${CONTENT}`;
    const answer = show([misquoted], moved);
    expect(answer.textContent).toContain(MISQUOTE);
    expect(screen.queryByTestId('chat-quote-c1')).toBeNull();
  });

  it('keeps a faithful quotation of a book outside the canon, and removes one that matches no text of it', () => {
    const content = '「万有都是神所造的」（诗篇 151:1），「凡事都要加倍」（诗篇 151:2）。';
    const at = (text: string) => ({ start: content.indexOf(text), end: content.indexOf(text) + text.length });
    const outside = { reference: 'PS2.1.1', translation: null, verseText: null };
    const kept = citationIn(content, '诗篇 151:1', {
      status: 'outside-canon',
      ...outside,
      quote: at('万有都是神所造的'),
    });
    const unmatched = citationIn(content, '诗篇 151:2', {
      id: 'c2',
      status: 'misquoted',
      ...outside,
      reference: 'PS2.1.2',
      quote: at('凡事都要加倍'),
    });
    const answer = show([kept, unmatched], content);
    expect(answer.textContent).toContain('万有都是神所造的');
    expect(screen.queryByTestId('chat-quote-c1')).toBeNull();
    expect(answer.textContent).not.toContain('凡事都要加倍');
    expect(screen.getByTestId('chat-quote-c2').textContent).toContain('与此卷经文不符');
  });
});
