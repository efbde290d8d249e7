import OpenAI from 'openai';
import type { Locale } from '@bible-qa/contract';

/** The translation port: English prose into a UI language. Only an OpenAI-compatible adapter exists; without a
 * configured model there is no translator and readings are offered untranslated, as related literature. */
export interface TextTranslator {
  translate(
    input: { title: string; text: string },
    to: Locale,
    signal?: AbortSignal,
  ): Promise<{ title: string; text: string }>;
}

const LANGUAGE_NAMES: Record<Locale, string> = {
  'zh-cn': 'Simplified Chinese',
  'zh-tw': 'Traditional Chinese (Taiwan)',
  en: 'English',
  'es-es': 'Spanish',
  'fr-fr': 'French',
};

/** Separates the title from the body in the model's answer. */
const TITLE_MARK = '###';

export interface OpenAiTranslatorOptions {
  baseURL: string;
  apiKey: string | undefined;
  model: string;
  /** The whole translation must arrive within this time (well under the client's 50 s). */
  timeoutMs: number;
}

/** Translates through any OpenAI-compatible chat endpoint, streamed (the same protocol the answer model uses). */
export function createOpenAiTranslator(options: OpenAiTranslatorOptions): TextTranslator {
  const client = new OpenAI({
    baseURL: options.baseURL,
    apiKey: options.apiKey ?? 'not-needed',
    maxRetries: 0,
    timeout: options.timeoutMs,
  });
  return {
    async translate(input, to, signal) {
      const controller = new AbortController();
      const onAbort = () => controller.abort();
      signal?.addEventListener('abort', onAbort);
      const timer = setTimeout(() => controller.abort(), options.timeoutMs);
      try {
        const stream = await client.chat.completions.create(
          {
            model: options.model,
            stream: true,
            temperature: 0.2,
            messages: [
              {
                role: 'system',
                content:
                  `Translate this Christian devotional reading from English into ${LANGUAGE_NAMES[to]}. ` +
                  'Keep its meaning, tone and paragraphs; quote scripture as a standard Bible of that language does. ' +
                  `Answer with the translated title on the first line, then a line "${TITLE_MARK}", then the translated text, and nothing else.`,
              },
              { role: 'user', content: `${input.title}\n${TITLE_MARK}\n${input.text}` },
            ],
          },
          { signal: controller.signal },
        );
        let out = '';
        for await (const chunk of stream) out += chunk.choices?.[0]?.delta?.content ?? '';
        if (controller.signal.aborted) throw new Error('translation timed out or was aborted');
        const mark = out.indexOf(TITLE_MARK);
        const title = mark >= 0 ? out.slice(0, mark).trim() : '';
        const text = (mark >= 0 ? out.slice(mark + TITLE_MARK.length) : out).trim();
        if (!text) throw new Error('the model returned no translation');
        return { title: title || input.title, text };
      } finally {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
      }
    },
  };
}
