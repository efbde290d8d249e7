import { describe, expect, it } from 'vitest';
import { composeAnswerFirst } from './answer-first.ts';
import type { AnswerContext, ContextVerse } from './answer-model.ts';

const verse = (n: number): ContextVerse => ({
  ref: `GEN.5.${n}`,
  label: `Genesis 5:${n}`,
  text: `Verse ${n} of the chapter.`,
  book: 'GEN',
});

function context(focus: AnswerContext['focus']): AnswerContext {
  return {
    question: 'How long did Methuselah live?',
    kind: 'answer',
    mode: 'advanced',
    language: 'en',
    tradition: 'protestant',
    translationName: 'World English Bible',
    verses: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map(verse),
    crossReferences: [verse(20), verse(21)],
    entries: [],
    focus,
    history: [],
  };
}

describe('composeAnswerFirst in advanced mode', () => {
  it('quotes four other passages after the key one, names five more, and no more', () => {
    const text = composeAnswerFirst(context('topic'));
    for (const n of [2, 3, 4, 5]) expect(text).toContain(`“Verse ${n} of the chapter.” (Genesis 5:${n})`);
    expect(text).toContain('See also: Genesis 5:6, Genesis 5:7, Genesis 5:8, Genesis 5:9, Genesis 5:10');
    expect(text).not.toContain('Verse 6 of the chapter');
    expect(text).not.toContain('Genesis 5:11');
  });

  it("puts the key verse's setting after the other passages", () => {
    const text = composeAnswerFirst({
      ...context('fact'),
      surrounding: { ...verse(1), ref: 'GEN.5.1-3', label: 'Genesis 5:1-3' },
    });
    expect(text.indexOf('### In its setting')).toBeGreaterThan(text.indexOf('See also:'));
  });

  it('gives a question of fact the ranked passages, not the parallels of its key verse', () => {
    const fact = composeAnswerFirst(context('fact'));
    expect(fact).not.toContain('Cross-references');
    expect(fact).not.toContain('Genesis 5:20');
    const topic = composeAnswerFirst(context('topic'));
    expect(topic).toContain('### Cross-references');
    expect(topic).toContain('(Genesis 5:20)');
  });
});
