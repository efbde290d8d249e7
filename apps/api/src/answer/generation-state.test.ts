import { expect, it } from 'vitest';
import { GenerationState, START } from './generation-state.ts';

const failed = { type: 'error' as const, code: 500, msg: 'failed', answer: null };

it('ends a reader with the terminal event of a generation that failed before its meta', () => {
  // Retrieval threw before the meta event: the reader must still get the error, not wait forever.
  const state = new GenerationState('a1');
  expect(state.since(START)).toEqual({ events: [], cursor: START, ended: false });
  state.apply({ terminal: failed });
  const step = state.since(START);
  expect(step.ended).toBe(true);
  expect(step.events.map((e) => e.event)).toEqual([failed]);
});

it('gives a reader the meta, the text and then the terminal event, in order', () => {
  const state = new GenerationState('a2');
  const meta = {
    type: 'meta' as const,
    answerId: 'a2',
    questionId: null,
    conversationId: null,
    mode: 'advanced' as const,
    kind: 'answer' as const,
    language: 'en' as const,
    translation: 'kjv',
    guest: true,
  };
  state.apply({ meta, text: 'In the beginning' });
  state.apply({ terminal: failed });
  expect(state.since(START).events.map((e) => e.event.type)).toEqual(['meta', 'delta', 'error']);
});
