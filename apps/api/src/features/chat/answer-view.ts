import type { Answer, Locale } from '@bible-qa/contract';
import { errorMessage, ERROR_NAMES, errorCode } from '@bible-qa/contract';
import { GenerationState, type AnswerStream } from '../../answer/generation-state.ts';
import type { MessageRow } from './chat.repository.ts';

type Parts = Pick<
  Answer,
  'citations' | 'relatedBooks' | 'relatedLiterature' | 'images' | 'followUps' | 'sources' | 'verification'
>;

export function partsOf(answer: Answer): Parts {
  const { citations, relatedBooks, relatedLiterature, images, followUps, sources, verification } = answer;
  return { citations, relatedBooks, relatedLiterature, images, followUps, sources, verification };
}

const EMPTY_PARTS: Parts = {
  citations: [],
  relatedBooks: [],
  relatedLiterature: [],
  images: [],
  followUps: [],
  sources: [],
  verification: { checked: 0, linked: 0, marked: 0 },
};

/** A stored answer row (and its question's text) as the contract's answer, messages in the reader's language. */
export function answerFromRow(row: MessageRow, question: string, locale: Locale): Answer {
  const parts = { ...EMPTY_PARTS, ...((row.parts ?? {}) as Partial<Parts>) };
  const name = row.errorCode ? ERROR_NAMES.find((n) => errorCode(n) === row.errorCode) : undefined;
  return {
    id: row.id,
    conversationId: row.conversationId,
    questionId: row.parentId,
    question,
    status: row.status,
    mode: row.mode,
    kind: row.kind,
    language: row.language as Locale,
    translation: row.translation,
    content: row.content,
    ...parts,
    rating: row.rating,
    ratingReason: row.ratingReason,
    collected: row.collectedAt !== null,
    error: name ? { code: row.errorCode!, msg: errorMessage(name, locale) } : null,
    aiGenerated: true,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A stored answer as a finished stream: meta, its text, and the terminal event (a retried request, replayed). */
export function storedStream(answer: Answer, guest: boolean): AnswerStream {
  const state = new GenerationState(answer.id);
  state.apply({
    meta: {
      type: 'meta',
      answerId: answer.id,
      questionId: answer.questionId,
      conversationId: answer.conversationId,
      mode: answer.mode,
      kind: answer.kind,
      language: answer.language,
      translation: answer.translation,
      guest,
    },
    terminal:
      answer.status === 'failed' && answer.error
        ? { type: 'error', code: answer.error.code, msg: answer.error.msg, answer }
        : { type: 'done', answer },
  });
  return { state, release: () => undefined };
}
