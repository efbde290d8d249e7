import OpenAI from 'openai';
import type { Embedder } from './passage-index.ts';

export interface OpenAiEmbedderOptions {
  baseURL: string;
  apiKey: string | undefined;
  model: string;
  dimensions: number;
  /** Texts per request; embedding endpoints cap batch sizes (OpenAI 2048, many self-hosted ones far lower). */
  batchSize?: number;
  timeoutMs?: number;
}

/**
 * The embedding port over any OpenAI-compatible /embeddings endpoint (OpenAI, Qwen/DashScope, Ollama, vLLM, TEI).
 * A vector of the wrong length is an error: mixing dimensions would make the index meaningless.
 */
export function createOpenAiEmbedder(options: OpenAiEmbedderOptions): Embedder {
  const client = new OpenAI({
    baseURL: options.baseURL,
    apiKey: options.apiKey ?? 'not-needed',
    timeout: options.timeoutMs ?? 60_000,
    maxRetries: 2,
  });
  const batchSize = Math.max(1, options.batchSize ?? 64);
  return {
    dimensions: options.dimensions,
    async embed(texts) {
      const out: number[][] = [];
      for (let i = 0; i < texts.length; i += batchSize) {
        const input = texts.slice(i, i + batchSize).map((t) => (t.trim() === '' ? ' ' : t.slice(0, 8000)));
        const response = await client.embeddings.create({ model: options.model, input, encoding_format: 'float' });
        const vectors = [...response.data].sort((a, b) => a.index - b.index).map((d) => d.embedding);
        if (vectors.length !== input.length) {
          throw new Error(`embedding endpoint returned ${vectors.length} vectors for ${input.length} texts`);
        }
        for (const vector of vectors) {
          if (vector.length !== options.dimensions) {
            throw new Error(
              `embedding has ${vector.length} dimensions, EMBEDDING_DIMENSIONS says ${options.dimensions}`,
            );
          }
          out.push(vector);
        }
      }
      return out;
    },
  };
}
