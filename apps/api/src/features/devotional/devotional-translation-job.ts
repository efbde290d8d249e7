import type { Locale } from '@bible-qa/contract';
import type { TextTranslator } from '../../answer/openai-translator.ts';
import type { Clock } from '../auth/auth-session.service.ts';
import { devotionalSourceHash } from './devotional-source.ts';
import type { DevotionalTranslationsRepository } from './devotional-translations.repository.ts';

export interface DevotionalSource {
  id: string;
  title: string;
  text: string;
  /** The reading's language (BCP 47): it is not translated into its own. */
  lang: string;
}

export interface TranslationJobProgress {
  language: Locale;
  /** Readings of this language up to date now (translated before, or in this run). */
  done: number;
  total: number;
  /** Translated in this run so far. */
  translated: number;
  failed: number;
  /** The reading just finished (or failed). */
  id: string;
  error?: string;
}

export interface TranslationJobResult {
  language: Locale;
  total: number;
  alreadyDone: number;
  translated: number;
  failed: { id: string; error: string }[];
}

const sameLanguage = (lang: string, locale: Locale) => lang.slice(0, 2).toLowerCase() === locale.slice(0, 2);

/**
 * Translates each reading once per language with the configured model (npm run translate:devotionals): a reading
 * whose stored translation was made from its present text is skipped, so a run that stopped (a failure, Ctrl-C, a
 * limit) picks up where it was. `concurrency` readings at a time; each one is stored as soon as it is done.
 */
export async function translateDevotionals(input: {
  readings: readonly DevotionalSource[];
  translations: DevotionalTranslationsRepository;
  translator: TextTranslator;
  model: string;
  languages: readonly Locale[];
  clock: Clock;
  concurrency?: number;
  /** At most this many new translations per language in this run. */
  limit?: number;
  onProgress?: (progress: TranslationJobProgress) => void;
  signal?: AbortSignal;
}): Promise<TranslationJobResult[]> {
  const results: TranslationJobResult[] = [];
  for (const language of input.languages) {
    const readings = input.readings.filter((r) => !sameLanguage(r.lang, language));
    const stored = await input.translations.allSources(language);
    const pending = readings.filter((r) => stored.get(r.id) !== devotionalSourceHash(r.title, r.text));
    const todo = pending.slice(0, input.limit ?? pending.length);
    const result: TranslationJobResult = {
      language,
      total: readings.length,
      alreadyDone: readings.length - pending.length,
      translated: 0,
      failed: [],
    };
    let next = 0;
    const worker = async () => {
      while (next < todo.length && !input.signal?.aborted) {
        const reading = todo[next++]!;
        try {
          const out = await input.translator.translate(
            { title: reading.title, text: reading.text },
            language,
            input.signal,
          );
          await input.translations.save(
            {
              devotionalId: reading.id,
              language,
              title: out.title,
              text: out.text,
              sourceHash: devotionalSourceHash(reading.title, reading.text),
              model: input.model,
            },
            input.clock.now(),
          );
          result.translated += 1;
          input.onProgress?.({ ...counts(result), id: reading.id });
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          result.failed.push({ id: reading.id, error: message });
          input.onProgress?.({ ...counts(result), id: reading.id, error: message });
        }
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, input.concurrency ?? 2) }, worker));
    results.push(result);
  }
  return results;
}

function counts(result: TranslationJobResult) {
  return {
    language: result.language,
    done: result.alreadyDone + result.translated,
    total: result.total,
    translated: result.translated,
    failed: result.failed.length,
  };
}
