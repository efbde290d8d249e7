import type { AnswerContext, AnswerModel } from './answer-model.ts';
import { composeAnswerFirst } from './answer-first.ts';
import { composeShaped, isShaped } from './kind-composer.ts';

/** Composes the whole answer from the retrieved passages; deterministic, offline. */
export function composeAnswer(context: AnswerContext): string {
  // Prayers, sermon outlines, poems and answers of care are shaped from the passages chosen for their theme.
  if (isShaped(context)) return composeShaped(context);
  return composeAnswerFirst(context);
}

/**
 * The default model: needs no network and no key. It writes a structured answer in the reader's language whose
 * every quotation is a corpus verse, different per mode and kind, and streams it in small pieces.
 */
export function createGroundedComposer(chunkChars = 12): AnswerModel {
  return {
    name: 'grounded-composer',
    usesCrossReferences: true,
    async *stream(context, signal) {
      const chars = Array.from(composeAnswer(context));
      for (let i = 0; i < chars.length; i += chunkChars) {
        if (signal.aborted) return;
        yield chars.slice(i, i + chunkChars).join('');
        // Let other requests run between pieces, as a network model would.
        if ((i / chunkChars) % 8 === 7) await new Promise((r) => setImmediate(r));
      }
    },
  };
}
