// npm run measure:prompt: the model prompt's size on the 69 gold questions of the retrieval evaluation, per answer
// mode, on the corpus in DATA_DIR: the material the gatherer found (everything, as the prompt sent it before a
// budget) and what the prompt sends now (selected within the mode's budget), in estimated tokens
// (prompt-material.ts), with the rules and the question. No model is called.
import type { ChatMode, Locale } from '@bible-qa/contract';
import { createContextGatherer } from '../apps/api/src/answer/answer-context.ts';
import { LOCALE_OF_LANG } from '../apps/api/src/answer/eval/answer-metrics.ts';
import { buildPrompt } from '../apps/api/src/answer/prompt.ts';
import { estimateTokens, MATERIAL_BUDGET, selectMaterial } from '../apps/api/src/answer/prompt-material.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { createContainer } from '../apps/api/src/container.ts';
import { createCorpusRepository } from '../apps/api/src/corpus/corpus.repository.ts';
import { loadGoldSet } from '../apps/api/src/retrieval/eval/gold-set.ts';

const MODES: ChatMode[] = ['simple', 'advanced', 'professional'];
const config = loadConfig();
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const container = await createContainer({ ...config, llm: undefined }, quiet);
const { corpus, bible } = container.services;

function quantiles(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return `median ${String(at(0.5)).padStart(5)}  p95 ${String(at(0.95)).padStart(5)}  max ${String(at(1)).padStart(5)}`;
}

try {
  await corpus.start({ ingest: false });
  if (corpus.status().status !== 'ready') throw new Error(`No corpus index in DATA_DIR (${config.dataDir})`);
  const gatherer = createContextGatherer({ bible, corpus, corpusData: createCorpusRepository(container.database.db) });
  const questions = await loadGoldSet();
  console.log(`Prompt size on ${questions.length} gold questions (estimated tokens), Protestant reader`);
  for (const mode of MODES) {
    const found: number[] = [];
    const material: number[] = [];
    const whole: number[] = [];
    const items: number[] = [];
    let dropped = 0;
    for (const question of questions) {
      const language: Locale = LOCALE_OF_LANG[question.lang];
      const { context } = await gatherer.gather({
        question: question.question,
        kind: 'answer',
        mode,
        language,
        tradition: 'protestant',
        history: [],
        withCrossReferences: true,
      });
      const everything = [
        ...[...context.verses, ...context.crossReferences].map((v) => `- ${v.label} (${v.ref}): ${v.text}`),
        ...context.entries.map((e) => `- [${e.collectionName}] ${e.title}: ${e.excerpt}`),
      ].join('\n');
      found.push(estimateTokens(everything));
      const selected = selectMaterial(context);
      material.push(selected.tokens);
      items.push(selected.items.length);
      dropped += selected.dropped;
      whole.push(buildPrompt(context).reduce((sum, m) => sum + estimateTokens(String(m.content)), 0));
    }
    console.log(
      `${mode.padEnd(12)} budget ${MATERIAL_BUDGET[mode]}\n` +
        `  material found      ${quantiles(found)}\n` +
        `  material sent       ${quantiles(material)}  (${quantiles(items).replace(/ +/g, ' ')} items; ${dropped} dropped)\n` +
        `  whole prompt        ${quantiles(whole)}`,
    );
  }
} finally {
  await container.close();
}
