// The retrieval gold set: real questions in the five languages of the product, each with the verses (USFM, KJV
// numbering) that a good answer cites. Validated on load so a typo in the JSON stops the run instead of skewing it.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

export const EVAL_LANGS = ['zh-Hans', 'zh-Hant', 'en', 'es', 'fr'] as const;
export type EvalLang = (typeof EVAL_LANGS)[number];

/** topic: "what does the Bible say about …"; person/place: a story or a name; reference: the question cites one. */
export const QUESTION_TYPES = ['topic', 'person', 'place', 'reference'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

/** One verse, `BOOK.C.V`: ranges are spelled out verse by verse so that each counts once in recall. */
export const VERSE_REF = /^[A-Z0-9]{3}\.[1-9]\d*\.[1-9]\d*$/;

export const GOLD_SET_PATH = path.join(path.dirname(fileURLToPath(import.meta.url)), 'gold-questions.json');

const goldQuestion = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/),
  lang: z.enum(EVAL_LANGS),
  type: z.enum(QUESTION_TYPES),
  question: z.string().trim().min(1),
  gold: z
    .array(z.string().regex(VERSE_REF, 'must be one verse like JHN.3.16'))
    .min(2)
    .max(6)
    .refine((refs) => new Set(refs).size === refs.length, 'holds the same verse twice'),
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
