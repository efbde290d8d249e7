// The "answers the question" rubric of decision 0020, over what an answer cites (linked citations, in order):
//   - a question of fact or of number is answered when the first passage cited holds a gold verse (the verse that
//     states the fact leads);
//   - another question the corpus can answer, when a gold verse is among the first three passages cited;
//   - a question the corpus cannot answer, when the answer cites nothing at all;
//   - a request for a prayer, sermon outline or poem, when that kind comes back, citing at least one passage.
import type { AnswerKind, Citation } from '@bible-qa/contract';
import { usfmOverlap as overlaps } from '../../scripture/usfm.ts';

export interface RubricCase {
  type: string;
  gold: readonly string[];
  /** The kind asked for (a kind probe), when the question asks for one. */
  wantKind?: AnswerKind;
  answerKind: AnswerKind;
  citations: readonly Pick<Citation, 'status' | 'reference'>[];
}

const FACT_TYPES = new Set(['factual', 'number']);

/** The distinct passages an answer cites through linked citations, in the order they first appear. */
export function citedInOrder(citations: RubricCase['citations']): string[] {
  const out: string[] = [];
  for (const c of citations) {
    if (c.status !== 'linked' || !c.reference) continue;
    if (!out.some((r) => overlaps(r, c.reference!))) out.push(c.reference);
  }
  return out;
}

/** Does a gold verse stand among the first `n` passages the answer cites? */
export function goldAmongFirst(c: Pick<RubricCase, 'gold' | 'citations'>, n: number): boolean {
  return citedInOrder(c.citations)
    .slice(0, n)
    .some((ref) => c.gold.some((g) => overlaps(ref, g)));
}

export function answersTheQuestion(c: RubricCase): boolean {
  if (c.wantKind) return c.answerKind === c.wantKind && citedInOrder(c.citations).length > 0;
  if (c.gold.length === 0) return c.citations.length === 0;
  return goldAmongFirst(c, FACT_TYPES.has(c.type) ? 1 : 3);
}
