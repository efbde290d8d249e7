// The retrieval gold set: real questions in the five languages of the product, each with the verses (USFM, KJV
// numbering; deuterocanonical books as the CPDV numbers them) that a pastor would cite, and the tradition of the reader
// who asks. Validated on load so a typo in the JSON stops the run instead of skewing it.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { traditionSchema } from '@bible-qa/contract';
import { z } from 'zod';

export const EVAL_LANGS = ['zh-Hans', 'zh-Hant', 'en', 'es', 'fr'] as const;
export type EvalLang = (typeof EVAL_LANGS)[number];

/**
 * factual: who, what, which ("Who built the ark?"); doctrinal: what the faith teaches; pastoral: a reader in need;
 * named-passage: a passage by the name people use (主祷文, Beatitudes, hijo pródigo); person / place: a story or a
 * name; number: how old, how many years or days; reference: the question cites one; deuterocanon: asked by a Catholic
 * reader, answered from Tobit, Judith, Wisdom, Sirach or Maccabees; psalm-numbering: an Orthodox reader's Septuagint
 * psalm number; unanswerable: nothing in the corpus answers it (weather, recipes, prices, scores, programming).
 */
export const QUESTION_TYPES = [
  'factual',
  'doctrinal',
  'pastoral',
  'named-passage',
  'person',
  'place',
  'number',
  'reference',
  'deuterocanon',
  'psalm-numbering',
  'unanswerable',
] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

/** One verse, `BOOK.C.V`: ranges are spelled out verse by verse so that each counts once in recall. */
export const VERSE_REF = /^[A-Z0-9]{3}\.[1-9]\d*\.[1-9]\d*$/;

export const GOLD_SET_PATH = path.join(path.dirname(fileURLToPath(import.meta.url)), 'gold-questions.json');

const goldQuestion = z
  .object({
    id: z.string().regex(/^[a-z0-9-]+$/),
    lang: z.enum(EVAL_LANGS),
    type: z.enum(QUESTION_TYPES),
    /** The reader's tradition, passed to search and answer: it chooses the canon and the psalm numbering. */
    tradition: traditionSchema.default('protestant'),
    question: z.string().trim().min(1),
    gold: z
      .array(z.string().regex(VERSE_REF, 'must be one verse like JHN.3.16'))
      .max(8)
      .refine((refs) => new Set(refs).size === refs.length, 'holds the same verse twice'),
    /**
     * The short answer (a name, a place, a number, a thing in at most four words) in the forms a correct answer may
     * write it, in the question's language: its usual spellings ("Saul", "扫罗") and a number in digits and in words
     * ("40", "forty", "四十"). Only for a question whose answer is that short, and one of the gold verses states it.
     */
    answer: z
      .array(z.string().trim().min(1).max(40))
      .min(1)
      .refine((forms) => new Set(forms).size === forms.length, 'holds the same form twice')
      .optional(),
  })
  .refine((q) => (q.type === 'unanswerable') === (q.gold.length === 0), {
    path: ['gold'],
    message: 'is empty exactly for an unanswerable question',
  })
  .refine((q) => q.answer === undefined || q.gold.length > 0, {
    path: ['answer'],
    message: 'is given only for a question the corpus can answer',
  });

export type GoldQuestion = z.infer<typeof goldQuestion>;

const goldSet = z
  .array(goldQuestion)
  .min(1)
  .superRefine((questions, ctx) => {
    const seen = new Set<string>();
    questions.forEach((q, i) => {
      if (seen.has(q.id)) ctx.addIssue({ code: 'custom', path: [i, 'id'], message: `duplicate id ${q.id}` });
      seen.add(q.id);
    });
  });

export function parseGoldSet(json: unknown): GoldQuestion[] {
  const parsed = goldSet.safeParse(json);
  if (parsed.success) return parsed.data;
  const lines = parsed.error.issues.map((issue) => `  [${issue.path.join('.')}] ${issue.message}`);
  throw new Error(`invalid gold set:\n${lines.join('\n')}`);
}

export async function loadGoldSet(file: string = GOLD_SET_PATH): Promise<GoldQuestion[]> {
  return parseGoldSet(JSON.parse(await readFile(file, 'utf8')) as unknown);
}
