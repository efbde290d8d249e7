import path from 'node:path';
import { loadConfig } from '../apps/api/src/config.ts';
import { createCorpusRepository } from '../apps/api/src/corpus/corpus.repository.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { loadReferenceParser } from '../apps/api/src/corpus/reference-parser.ts';
import { openIndex } from '../apps/api/src/retrieval/lance-passage-index.ts';
import { corpusEntryRefs, createVerseRetriever } from '../apps/api/src/retrieval/verse-retriever.ts';
import { analyzeQuery } from '../apps/api/src/retrieval/text-analysis.ts';
const config = loadConfig();
const database = await openDatabase({ kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite') });
const corpus = createCorpusRepository(database.db);
const version = await corpus.currentVersion();
const index = await openIndex(version!.indexDir!);
const { parser } = await loadReferenceParser(corpus, version!.id);
const r = createVerseRetriever({ index, parser, entryRefs: corpusEntryRefs(corpus, version!.id) });
const qs = JSON.parse(process.argv[2]!);
for (const [lang, q] of qs) {
  const terms = analyzeQuery(q, { lang, keepStopWordsIfEmpty: false });
  const hits = await index.search({ query: q, lang, kinds: ['verse'], limit: 5 });
  const ents = await index.search({ query: q, lang: 'en', kinds: ['entry'], limit: 3 });
  const out = await r.retrieve(q, { language: lang, tradition: (process.env.T ?? 'protestant') as never, limit: 10 });
  console.log(`\n${lang} ${q}\n terms ${terms.join(' ')}\n verse hits: ${hits.map((h) => `${h.ref}:${h.score.toFixed(1)}`).join(' ')}\n entries: ${ents.map((h) => `${h.title}:${h.score.toFixed(1)}`).join(' ')}\n retrieved: ${out.verses.map((v) => v.ref + '[' + v.sources.join('') + ']').join(' ')}`);
  if (process.env.TEXT) for (const h of hits.slice(0, 3)) console.log('   ', h.ref, h.text.slice(0, 80));
}
process.exit(0);
