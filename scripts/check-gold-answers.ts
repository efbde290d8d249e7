// npx tsx scripts/check-gold-answers.ts: every gold question with a short `answer` must have a gold verse that states
// one of its forms in the reader's translation (the corpus in CORPUS_DIR). Prints the ones that have none, with
// their gold verses, so that either the answer or the gold verses can be fixed; exits 1 when there is one.
import { loadConfig } from '../apps/api/src/config.ts';
import { unstatedAnswers } from '../apps/api/src/retrieval/eval/gold-answers.ts';
import { loadGoldSet } from '../apps/api/src/retrieval/eval/gold-set.ts';

const { corpus } = loadConfig();
const questions = await loadGoldSet();
const unstated = await unstatedAnswers(questions, corpus.dir);
if (!unstated) {
  console.error(`No books.json in ${corpus.dir}: set CORPUS_DIR to the corpus.`);
  process.exit(1);
}
for (const u of unstated) {
  console.log(`${u.id}  ${u.question}  answer: ${u.answer.join(' | ')}`);
  for (const v of u.verses) console.log(`    ${v.ref} (${v.translation}): ${v.text || '—'}`);
}
const answered = questions.filter((q) => q.answer).length;
console.log(`${unstated.length} of ${answered} questions with an answer have no gold verse that states it.`);
process.exit(unstated.length ? 1 : 0);
