import { Globals } from '@react-spring/web';
import type { Annotation } from '@bible-qa/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ANNOTATION_PATHS } from '../../lib/verse-marks.ts';
import { answerOf, citationIn, envelope, eventStreamResponse, metaEvent, sse } from './chat-fixtures.ts';
import { CHAT_PATHS } from './chat.queries.ts';
import { askQuestion, renderChat, waitForStatus } from './chat-test-helpers.ts';

Globals.assign({ skipAnimation: true });

const CONTENT = '约翰福音 3:16 说神爱世人。罗马书 8:28 说万事互相效力。';
const mark = (over: Partial<Annotation>): Annotation => ({
  id: 'm1',
  kind: 'highlight',
  book: 'JHN',
  chapter: 3,
  from: 16,
  to: 16,
  reference: 'JHN.3.16',
  color: 'pink',
  text: null,
  createdAt: '2026-11-29T08:00:00Z',
  updatedAt: '2026-11-29T08:00:00Z',
  ...over,
});

describe('an answer’s citations and the reader’s own marks', () => {
  it('colours a cited verse the reader highlighted and shows their note on it in the preview', async () => {
    const answer = answerOf({
      content: CONTENT,
      citations: [
        citationIn(CONTENT, '约翰福音 3:16'),
        citationIn(CONTENT, '罗马书 8:28', { id: 'c2', reference: 'ROM.8.28', label: '罗马书 8:28' }),
      ],
    });
    const { server, input } = await renderChat({
      [CHAT_PATHS.ask]: () => eventStreamResponse(sse(metaEvent()) + sse({ type: 'done', answer })),
      [ANNOTATION_PATHS.lookup]: () =>
        envelope([
          mark({}),
          mark({ id: 'm2', kind: 'note', color: null, text: '我的笔记：这是福音的核心', from: 15, to: 17 }),
        ]),
    });
    askQuestion(input, '约翰福音3:16是什么意思？');
    await waitForStatus('done');
    // One lookup for the verses the answer cites.
    await waitFor(() => expect(server.callsTo(ANNOTATION_PATHS.lookup)).toHaveLength(1));
    expect(server.callsTo(ANNOTATION_PATHS.lookup)[0]!.query.get('refs')).toBe('JHN.3.16,ROM.8.28');

    const cited = screen.getByTestId('chat-citation-c1');
    await waitFor(() => expect(cited.dataset.highlight).toBe('pink'));
    expect(cited.className).toContain('verse-mark-pink');
    expect(screen.getByTestId('chat-citation-c2').dataset.highlight).toBeUndefined();
    fireEvent.click(cited);
    expect((await screen.findByTestId('chat-verse-preview-note')).textContent).toContain('我的笔记：这是福音的核心');
  });
});
