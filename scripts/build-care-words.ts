// npm run build:care-words: the words of the corpus's English, Spanish and French Bibles that the care reading's
// typing-slip mending (question/care-risk.ts) would turn into a word of its lists ("blessing" into "bleeding",
// "perdre" into "pendre"), written to language/derived/care-known-words.txt so that the mending leaves them alone.
// Run it again after adding words of six letters or more to the care lists.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../apps/api/src/config.ts';
import { CARE_KNOWN_WORDS_FILE } from '../apps/api/src/language/derived-files.ts';
import { foldForLexicon } from '../apps/api/src/language/fold.ts';
import { wouldMend } from '../apps/api/src/question/care-risk.ts';

/** The corpus's Bibles in English, Spanish and French. */
const BIBLES = ['webbe', 'kjv', 'drc', 'cpdv', 'rv1909', 'darby-fr', 'crampon', 'giguet-lxx-fr'];
const dir = path.join(loadConfig().corpus.dir, 'bibles');
const words = new Set<string>();
for (const bible of BIBLES)
  for (const line of readFileSync(path.join(dir, `${bible}.jsonl`), 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const { text } = JSON.parse(line) as { text: string };
    for (const word of foldForLexicon(text)
      .toLowerCase()
      .match(/\p{Script=Latin}{6,}/gu) ?? [])
      words.add(word);
  }
const known = [...words].filter(wouldMend).sort();
writeFileSync(CARE_KNOWN_WORDS_FILE, `${known.join('\n')}\n`);
console.log(`${known.length} of ${words.size} words kept from mending → ${path.basename(CARE_KNOWN_WORDS_FILE)}`);
