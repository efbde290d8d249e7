import { describe, expect, it } from 'vitest';
import { readWordsByTag } from './word-list.ts';
import { unionGrammarCharacters } from './union-grammar.ts';

describe('the Union Version grammar characters, one entry at a time', () => {
  const byTag = readWordsByTag('union-grammar-characters.tsv');
  const all = [...byTag.values()].flat();
  it.each(all)('%s is one Chinese character, listed once', (c) => {
    expect(c).toMatch(/^\p{Script=Han}$/u);
    expect(all.filter((other) => other === c)).toHaveLength(1);
  });
  it('keeps grammar out of names and words, function characters out of words, words beside names out of names', () => {
    const { notInNames, notInWords } = unionGrammarCharacters();
    expect([notInNames.has('的'), notInWords.has('的')]).toEqual([true, true]);
    expect([notInNames.has('他'), notInWords.has('他')]).toEqual([false, true]);
    expect([notInNames.has('王'), notInWords.has('王')]).toEqual([true, false]);
  });
});
