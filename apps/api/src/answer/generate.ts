import {
  errorCode,
  errorMessage,
  type Answer,
  type ChatMode,
  type Citation,
  type ErrorName,
  type Locale,
} from '@bible-qa/contract';
import type { Logger } from 'pino';
import type { CorpusService } from '../corpus/corpus.service.ts';
import type { ScriptureSource as BibleService } from '../scripture/scripture-source.ts';
import { isAppError } from '../http/app-error.ts';
import type { AnswerModel } from './answer-model.ts';
import { followUps, referenceImages, relatedBooks, relatedLiterature } from './answer-parts.ts';
import type { ContextGatherer, GatherInput } from './answer-context.ts';
import { careFollowUps, offTopicExamples } from './care-phrases.ts';
import { createCitationVerifier, verificationCounts } from './citation-verifier.ts';
import { corpusVerseSource } from './corpus-verse-source.ts';
import { splitFollowUps } from './model-follow-ups.ts';
import type { GenerationHub } from './generation-hub.ts';
import { careWithoutCorpus, shapedStream } from './kind-composer.ts';

export interface GenerationDeps {
  gatherer: Pick<ContextGatherer, 'gather'>;
  bible: BibleService;
  corpus: CorpusService;
  model: AnswerModel;
  log: Pick<Logger, 'warn' | 'error'>;
  /**
   * The longest answer per mode, in UTF-16 units (ANSWER_MAX_CHARS_*): the model is cut there whether or not it
   * honours max_tokens, which bounds the answer's text, its resumable state and what a slow reader can make the
   * server hold. Unset (scripts running the offline composer): no cap.
   */
  maxAnswerChars?: Record<ChatMode, number>;
}

export interface GenerationJob {
  hub: GenerationHub;
  input: GatherInput;
  ids: { answerId: string; questionId: string | null; conversationId: string | null };
  guest: boolean;
  createdAt: Date;
  /** The caller's interface language, for error messages (the answer itself may be in another). */
  locale: Locale;
  /** Stores the finished answer (logged-in users); guests' answers are not stored. */
  persist(answer: Answer): Promise<void>;
  /**
   * Stores the text so far while it grows (logged-in users), so a server killed mid-answer leaves what was said;
   * false when the row was settled elsewhere meanwhile (a stop that could not reach this server), which stops it.
   */
  checkpoint?(content: string): Promise<boolean>;
  /** Called once the passages are gathered (or could not be): the ask is no longer being prepared (ask-quota.ts). */
  prepared?(): void;
}

/** How often the text so far is written to the answer's row while it streams. */
const CHECKPOINT_MS = 2_000;
/** A final write that fails is tried again after these pauses (the last one repeating) for this long at most. */
const WRITE_BEHIND_PAUSES_MS = [250, 500, 1_000, 2_000, 4_000];
const WRITE_BEHIND_FOR_MS = 10 * 60_000;

/**
 * The final write, tried at once; when it fails (the database is down as the answer ends) the reader is not kept
 * waiting: it is tried again in the background with growing pauses, and failing that for ten minutes the sweeper
 * writes it from the generation store's record (answer-recovery.ts).
 */
async function persistWithRetry(
  persist: (answer: Answer) => Promise<void>,
  answer: Answer,
  log: Pick<Logger, 'warn' | 'error'>,
): Promise<void> {
  try {
    return await persist(answer);
  } catch (error) {
    log.warn({ err: error, answerId: answer.id }, 'could not store the answer yet: trying again');
  }
  void (async () => {
    const started = Date.now();
    for (let attempt = 0; Date.now() - started < WRITE_BEHIND_FOR_MS; attempt += 1) {
      const pause = WRITE_BEHIND_PAUSES_MS[Math.min(attempt, WRITE_BEHIND_PAUSES_MS.length - 1)]!;
      await new Promise((r) => setTimeout(r, pause).unref());
      try {
        await persist(answer);
        return;
      } catch {
        // still down
      }
    }
    log.error({ answerId: answer.id }, 'could not store the answer: left to the sweeper');
  })();
}

/** The first `room` UTF-16 units of a piece, never splitting a surrogate pair. */
function cutAt(text: string, room: number): string {
  if (room <= 0) return '';
  const code = text.charCodeAt(room - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? room - 1 : room);
}

/** The generation was aborted before its model was called: it ends as stopped, with what it had (nothing). */
class NotStarted extends Error {}

const SOURCES_BY_COLLECTION: Record<string, string> = {
  'strongs-greek': 'lexicon',
  'strongs-hebrew': 'lexicon',
  'matthew-henry-complete': 'commentary',
};

/**
 * retrieval → prompt → model → stream → verify → persist, as events on the hub. Citations are verified line by
 * line as the text grows, so links arrive while the answer streams, with ids in order of appearance.
 */
export async function runGeneration(deps: GenerationDeps, job: GenerationJob): Promise<void> {
  const { hub, input } = job;
  const signal = hub.controller.signal;
  let content = '';
  const citations: Citation[] = [];
  let translation = '';
  let answer: Answer | undefined;
  const base = () => ({
    id: job.ids.answerId,
    conversationId: job.ids.conversationId,
    questionId: job.ids.questionId,
    question: input.question,
    mode: input.mode,
    kind: input.kind,
    language: input.language,
    translation,
    rating: null,
    ratingReason: null,
    collected: false,
    aiGenerated: true as const,
    createdAt: job.createdAt.toISOString(),
  });
  try {
    // Aborted before it began (its reader left while it was being started): no retrieval, no model call.
    if (signal.aborted) throw new NotStarted();
    const gathered = await deps.gatherer
      .gather({ ...input, withCrossReferences: deps.model.usesCrossReferences })
      .finally(() => job.prepared?.());
    translation = gathered.translation.id;
    await hub.emit({
      type: 'meta',
      answerId: job.ids.answerId,
      questionId: job.ids.questionId,
      conversationId: job.ids.conversationId,
      mode: input.mode,
      kind: input.kind,
      language: input.language,
      translation,
      guest: job.guest,
    });
    // Without the corpus (a reader at risk while it is being prepared) nothing is cited, so nothing is verified.
    const tools = gathered.withoutCorpus ? undefined : await deps.bible.tools();
    const verifier =
      tools && createCitationVerifier(tools.parser, corpusVerseSource(deps.bible, gathered.reader), gathered.reader);
    let verifiedTo = 0;
    const verifyUpTo = async (to: number) => {
      if (!verifier) return;
      const found = await verifier.verify(content, verifiedTo, to, citations.length + 1);
      verifiedTo = to;
      for (const citation of found) {
        citations.push(citation);
        await hub.emit({ type: 'citation', citation });
      }
    };
    let aborted = false;
    const maxChars = deps.maxAnswerChars?.[input.mode] ?? Infinity;
    // The model's own abort: the generation's, or the answer reaching its length cap.
    const model = new AbortController();
    const stopModel = () => model.abort(signal.reason);
    signal.addEventListener('abort', stopModel, { once: true });
    // A model may end with suggested follow-up questions: they are not part of the answer's text.
    const stream = splitFollowUps(
      gathered.withoutCorpus
        ? careWithoutCorpus(gathered.context, gathered.withoutCorpus)
        : shapedStream(deps.model, gathered.context, model.signal),
    );
    let checkpointAt = Date.now();
    let checkpointing = false;
    const checkpoint = () => {
      if (!job.checkpoint || checkpointing || Date.now() - checkpointAt < CHECKPOINT_MS) return;
      checkpointing = true;
      checkpointAt = Date.now();
      job
        .checkpoint(content)
        .then(
          (live) => {
            if (!live) hub.abort('stopped');
          },
          () => undefined,
        )
        .finally(() => (checkpointing = false));
    };
    try {
      // Its reader left during the retrieval: the model is not called.
      if (signal.aborted) throw new NotStarted();
      for await (const whole of stream.text) {
        if (signal.aborted) break;
        const text = content.length + whole.length > maxChars ? cutAt(whole, maxChars - content.length) : whole;
        content += text;
        if (text) await hub.emit({ type: 'delta', text });
        if (text !== whole) {
          deps.log.warn(
            { answerId: job.ids.answerId, mode: input.mode, maxChars },
            'answer cut at its length cap: the model went past max_tokens',
          );
          model.abort();
          break;
        }
        // The last line end, found in the new piece only (searching the whole text would copy it at every piece).
        const newline = text.lastIndexOf('\n');
        const lineEnd = newline < 0 ? -1 : content.length - text.length + newline;
        if (lineEnd + 1 > verifiedTo) await verifyUpTo(lineEnd + 1);
        checkpoint();
      }
    } catch (error) {
      if (!signal.aborted || error instanceof NotStarted) throw error;
    } finally {
      signal.removeEventListener('abort', stopModel);
    }
    aborted = signal.aborted;
    await verifyUpTo(content.length);
    const bookName = (code: string) =>
      tools?.parser.catalogue.name(code, gathered.reader.language, gathered.reader.tradition) ?? code;
    const sources = [
      ...new Set(gathered.context.entries.map((e) => SOURCES_BY_COLLECTION[e.collection] ?? 'dictionary')),
    ];
    if (gathered.context.crossReferences.length) sources.push('cross-references');
    answer = {
      ...base(),
      status: aborted ? 'stopped' : 'done',
      content,
      citations,
      relatedBooks: relatedBooks(citations, gathered.context, bookName, input.language),
      relatedLiterature: relatedLiterature(gathered.context),
      images: referenceImages(citations, gathered.context, translation),
      followUps: aborted
        ? []
        : gathered.context.intent?.offTopic
          ? offTopicExamples(input.language)
          : gathered.context.intent?.care || !tools
            ? careFollowUps(input.language)
            : await followUps(
                gathered.context,
                gathered.reader,
                tools.parser,
                bookName,
                deps.corpus,
                stream.suggestions(),
              ),
      sources: input.mode === 'professional' ? sources : [],
      verification: verificationCounts(citations),
      error: null,
    };
  } catch (error) {
    const notStarted = error instanceof NotStarted;
    const name: ErrorName = isAppError(error) ? error.errorName : 'generation_failed';
    if (!isAppError(error) && !notStarted) {
      deps.log.error({ err: error, answerId: job.ids.answerId }, 'generation failed');
    }
    answer = {
      ...base(),
      status: notStarted ? 'stopped' : 'failed',
      content,
      citations,
      relatedBooks: [],
      relatedLiterature: [],
      images: [],
      followUps: [],
      sources: [],
      verification: verificationCounts(citations),
      error: notStarted
        ? null
        : { code: errorCode(name), msg: errorMessage(name, job.locale, isAppError(error) ? error.args : []) },
    };
  }
  await persistWithRetry(job.persist, answer, deps.log);
  if (answer.status === 'failed' && answer.error) {
    await hub.emit({ type: 'error', code: answer.error.code, msg: answer.error.msg, answer });
  } else if (hub.abortReason === 'shutdown') {
    // The server is stopping: the text so far is kept as stopped, and the client is told to ask again shortly.
    const code = errorCode('service_unavailable');
    await hub.emit({ type: 'error', code, msg: errorMessage('service_unavailable', job.locale), answer });
  } else {
    await hub.emit({ type: 'done', answer });
  }
}
