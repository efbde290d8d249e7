import { Globals } from '@react-spring/web';
import type { Citation } from '@bible-qa/contract';
import { act, createEvent, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../lib/i18n.ts';
import { citationIn } from './chat-fixtures.ts';
import { CitationMark } from './citation.tsx';

Globals.assign({ skipAnimation: true });
// The preview's popover loads on first use (a separate chunk); have the module at hand so that is a microtask.
beforeAll(async () => {
  await import('antd-mobile/es/components/popover');
});
/** Lets the lazily loaded popover mount after the first tap or hover. */
const settle = () => act(async () => undefined);

function renderMark(status: Citation['status'] = 'linked', overrides: Partial<Citation> = {}) {
  const citation = citationIn('见约翰福音 3:16', '约翰福音 3:16', { status, ...overrides });
  const onOpenPassage = vi.fn();
  render(
    <I18nextProvider i18n={createI18n()}>
      <CitationMark citation={citation} primary onOpenPassage={onOpenPassage}>
        {citation.text}
      </CitationMark>
    </I18nextProvider>,
  );
  return { mark: screen.getByTestId('chat-citation-c1'), onOpenPassage };
}

const preview = () => screen.queryByTestId('chat-verse-preview');

/** jsdom has no PointerEvent: a plain event with the mouse's pointerType, which React passes on. */
function mouse(kind: 'pointerOver' | 'pointerOut' | 'pointerDown', element: HTMLElement) {
  const event = createEvent[kind](element);
  Object.defineProperty(event, 'pointerType', { value: 'mouse' });
  fireEvent(element, event);
}

describe('CitationMark', () => {
  it('previews the verse while a mouse hovers, and closes shortly after it leaves', async () => {
    vi.useFakeTimers();
    const { mark } = renderMark();
    mouse('pointerOver', mark);
    await settle();
    expect(preview()?.textContent).toContain('神爱世人');
    // The mark is drawn again inside the popover once that has loaded.
    mouse('pointerOut', screen.getByTestId('chat-citation-c1'));
    await act(async () => vi.advanceTimersByTime(300));
    await settle();
    expect(preview()).toBeNull();
  });

  it('keeps a hovered preview open when the citation is then clicked', async () => {
    vi.useFakeTimers();
    const { mark } = renderMark();
    mouse('pointerOver', mark);
    await settle();
    const live = screen.getByTestId('chat-citation-c1');
    mouse('pointerDown', live);
    expect(preview()).not.toBeNull();
    fireEvent.click(live);
    mouse('pointerOut', live);
    await act(async () => vi.advanceTimersByTime(300));
    expect(preview()).not.toBeNull();
  });

  it('opens on a tap and hands the citation to the passage view', async () => {
    const { mark, onOpenPassage } = renderMark();
    fireEvent.click(mark);
    await settle();
    fireEvent.click(screen.getByTestId('chat-passage-open'));
    expect(onOpenPassage).toHaveBeenCalledWith(expect.objectContaining({ id: 'c1', reference: 'JHN.3.16' }));
  });

  it('says why a misquoted citation is marked, and shows the verse as it reads', async () => {
    const { mark } = renderMark('misquoted');
    expect(mark.getAttribute('title')).toBe('这段引文与经文原文不符，请以经文原文为准');
    fireEvent.click(mark);
    await settle();
    expect(screen.getByTestId('chat-citation-note').textContent).toContain('这段引文与经文原文不符');
    expect(preview()?.textContent).toContain('经文原文神爱世人');
  });

  it('marks a book outside the reader’s canon, with its text only when the library has it in their language', async () => {
    const { mark } = renderMark('outside-canon', { label: '多比传 1:1', reference: 'TOB.1.1' });
    expect(mark.className).toContain('chat-citation-outside-canon');
    expect(mark.getAttribute('title')).toBe('此卷不在你所用圣经的正典之内，经文按资料库所收录的显示');
    fireEvent.click(mark);
    await settle();
    expect(preview()?.textContent).toContain('神爱世人');
    expect(screen.getByTestId('chat-passage-open')).toBeTruthy();
  });

  it('shows no other language’s text for a book outside the canon, and opens no passage', async () => {
    const { mark } = renderMark('outside-canon', {
      label: '诗篇 151:1',
      reference: 'PS2.1.1',
      translation: null,
      verseText: null,
    });
    expect(mark.getAttribute('title')).toBe('此卷不在你所用圣经的正典之内，资料库中也没有此卷的中文经文');
    fireEvent.click(mark);
    await settle();
    expect(preview()?.querySelector('blockquote')).toBeNull();
    expect(screen.queryByTestId('chat-passage-open')).toBeNull();
  });
});
