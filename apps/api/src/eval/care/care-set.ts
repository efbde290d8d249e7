// The care evaluation's messages (eval/care/*.jsonl): people at risk, people in distress but not at risk, questions
// about deaths in the Bible and about suicide as a subject, in five languages. The held-out file was written apart
// from the lists and is never read while they are tuned; `npm run eval:care` prints both parts.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const HERE = path.dirname(fileURLToPath(import.meta.url));

export const CARE_LANGS = ['zh-Hans', 'zh-Hant', 'en', 'es', 'fr'] as const;
export const CARE_LABELS = ['at-risk', 'distress', 'bible-death', 'suicide-topic'] as const;

const messageSchema = z.object({
  id: z.string(),
  lang: z.enum(CARE_LANGS),
  label: z.enum(CARE_LABELS),
  category: z.string().optional(),
  text: z.string().min(1),
  history: z.array(z.string()).optional(),
});
export type CareMessage = z.infer<typeof messageSchema>;
export type CarePart = 'train' | 'heldout';

/** The messages of a part: `care-messages.<part>*.jsonl` (the train part has more than one writer's file). */
export function loadCareSet(part: CarePart): CareMessage[] {
  const files = readdirSync(HERE)
    .filter((f) => f.startsWith(`care-messages.${part}`) && f.endsWith('.jsonl'))
    .sort();
  return files.flatMap((file) =>
    readFileSync(path.join(HERE, file), 'utf8')
      .split('\n')
      .filter((line) => line.trim())
      .map((line, i) => {
        const parsed = messageSchema.safeParse(JSON.parse(line));
        if (!parsed.success) throw new Error(`${file}:${i + 1}: ${parsed.error.message}`);
        return parsed.data;
      }),
  );
}
