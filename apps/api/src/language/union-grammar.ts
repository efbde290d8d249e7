// The Chinese Union Version's grammar characters, read once from lexicon/union-grammar-characters.tsv (what each
// kind keeps out is said there): the characters no name's spelling holds, and those no kept word holds.
import { readWordsByTag } from './word-list.ts';

const TAGS = ['grammar', 'function', 'beside-name'];

export function unionGrammarCharacters(): { notInNames: ReadonlySet<string>; notInWords: ReadonlySet<string> } {
  const byTag = readWordsByTag('union-grammar-characters.tsv');
  const unknown = [...byTag.keys()].find((tag) => !TAGS.includes(tag));
  if (unknown) throw new Error(`union-grammar-characters.tsv: no kind ${unknown}`);
  const of = (tag: string) => byTag.get(tag) ?? [];
  return {
    notInNames: new Set([...of('grammar'), ...of('beside-name')]),
    notInWords: new Set([...of('grammar'), ...of('function')]),
  };
}
