// npm run eval:care [-- --classifier] [-- --details]: the care evaluation (decision 0036). Every message of the care
// set (eval/care/: people at risk, people in distress, questions about deaths in the Bible and about suicide as a
// subject, in five languages, with the conversation before it where there is one) is answered by the app's own
// answer path, offline: the intent and risk reading, the gatherer, the grounded composer and the stream the server
// adds to it. Printed per language, for the train part and the held-out part (never tuned on): recall on the at-risk
// messages (the answer opens with the help line), false alarms on people in distress and on Bible questions about
// death (the help line anywhere). --classifier reads the messages with the risk reading alone, without a corpus.
// --details lists the train part's misses (the held-out part's are never listed: it is not read while tuning).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locale } from '@bible-qa/contract';
import { answerLanguage } from '../apps/api/src/answer/answer-language.ts';
import { createContextGatherer } from '../apps/api/src/answer/answer-context.ts';
import { createGroundedComposer } from '../apps/api/src/answer/grounded-composer.ts';
import { createIntentGatherer } from '../apps/api/src/answer/intent-context.ts';
import { shapedStream } from '../apps/api/src/answer/kind-composer.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { createContainer } from '../apps/api/src/container.ts';
import { createCorpusRepository } from '../apps/api/src/corpus/corpus.repository.ts';
import {
  formatCareTable,
  holdsHelp,
  opensWithHelp,
  summariseCare,
  type CareOutcome,
} from '../apps/api/src/eval/care/care-metrics.ts';
import { loadCareSet, type CareMessage, type CarePart } from '../apps/api/src/eval/care/care-set.ts';
import { readRisk } from '../apps/api/src/question/care-risk.ts';

const classifierOnly = process.argv.includes('--classifier');
const details = process.argv.includes('--details');
const LOCALE: Record<CareMessage['lang'], Locale> = {
  'zh-Hans': 'zh-cn',
  'zh-Hant': 'zh-tw',
  en: 'en',
  es: 'es-es',
  fr: 'fr-fr',
};

type Answer = (message: CareMessage) => Promise<string>;

async function pipeline(): Promise<{ answer: Answer; close: () => Promise<void> }> {
  const config = loadConfig();
  const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
  const container = await createContainer({ ...config, llm: undefined }, silent);
  const { corpus, bible } = container.services;
  await corpus.start({ ingest: false });
  if (corpus.status().status !== 'ready') {
    console.error(
      `No usable corpus index in DATA_DIR (${config.dataDir}). Build one first (npm run ingest), or run with --classifier.`,
    );
    process.exit(1);
  }
  const gatherer = createIntentGatherer({
    gatherer: createContextGatherer({ bible, corpus, corpusData: createCorpusRepository(container.database.db) }),
    bible,
  });
  const model = createGroundedComposer();
  return {
    async answer(message) {
      const { context } = await gatherer.gather({
        question: message.text,
        kind: 'answer',
        mode: 'advanced',
        language: answerLanguage(message.text, LOCALE[message.lang]),
        tradition: 'protestant',
        history: (message.history ?? []).map((question) => ({ question, answer: '' })),
        withCrossReferences: false,
      });
      let text = '';
      for await (const piece of shapedStream(model, context, new AbortController().signal)) text += piece;
      return text;
    },
    close: () => container.close(),
  };
}

/** The corpus's book names in every language, as the app's scripture finder knows them (books.json). */
function bookNames(): string[] {
  const file = path.join(loadConfig().corpus.dir, 'books.json');
  const books = JSON.parse(readFileSync(file, 'utf8')) as { names: Record<string, string | string[]> }[];
  return books.flatMap((b) => Object.values(b.names).flat()).filter((name) => name.length > 1);
}

/** The risk reading alone: a crisis or a topic counts as the help line first. */
function classifier(): (message: CareMessage) => Promise<CareOutcome> {
  const names = bookNames();
  return async (message) => {
    const mentionsScripture = names.some((name) => message.text.includes(name));
    const level = readRisk(message.text, { history: message.history, mentionsScripture }).level;
    return { message, helpFirst: level !== undefined, helpAnywhere: level !== undefined };
  };
}

const run = classifierOnly ? undefined : await pipeline();
const classify = classifierOnly ? classifier() : undefined;
const started = Date.now();
for (const part of ['train', 'heldout'] as CarePart[]) {
  const outcomes: CareOutcome[] = [];
  for (const message of loadCareSet(part)) {
    if (!run) {
      outcomes.push(await classify!(message));
      continue;
    }
    const content = await run.answer(message);
    outcomes.push({ message, helpFirst: opensWithHelp(content), helpAnywhere: holdsHelp(content) });
  }
  console.log(
    `\n== ${part} (${outcomes.length} messages, ${classifierOnly ? 'risk reading alone' : 'answered offline'})`,
  );
  console.log(formatCareTable(summariseCare(outcomes)));
  if (details && part === 'train') {
    for (const o of outcomes) {
      const m = o.message;
      const wrong = m.label === 'at-risk' ? !o.helpFirst : m.label === 'suicide-topic' ? false : o.helpAnywhere;
      if (wrong) console.log(`  miss ${m.id} ${m.label}: ${m.history ? `[${m.history.join(' | ')}] ` : ''}${m.text}`);
    }
  }
}
console.log(`\n(${((Date.now() - started) / 1000).toFixed(1)} s)`);
await run?.close();
