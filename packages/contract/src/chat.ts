import { z } from 'zod';
import { ANSWER_KINDS, ANSWER_STATUSES, CHAT_MODES, FEEDBACK_TYPES, QUESTION_MAX_LENGTH } from './constants.ts';
import { feedbackTypeSchema } from './feedback.ts';
import { expressionSchema } from './member.ts';
import { localeSchema } from './locale-schema.ts';
import { stripBidiControls } from './plain-text.ts';

/**
 * Chat (spec §1, §2 Chat, §3 Conversation, §4 Answer). Paths under /webapi/portal/chat. An ask answers with a
 * server-sent event stream: `meta` first, then `delta`s (and `citation`s as references appear), then exactly one
 * terminal event, `done` (the whole stored answer) or `error`.
 */
export const chatModeSchema = z.enum(CHAT_MODES);
export type ChatMode = z.infer<typeof chatModeSchema>;

export const answerKindSchema = z.enum(ANSWER_KINDS);
export type AnswerKind = z.infer<typeof answerKindSchema>;

export const answerStatusSchema = z.enum(ANSWER_STATUSES);
export type AnswerStatus = z.infer<typeof answerStatusSchema>;

/**
 * A guest key as the server issues it (POST /portal/chat/guest-key): 128 random bits and their HMAC, `<id>.<mac>`
 * in base64url. Sent back as the GUEST_KEY_HEADER (constants.ts); a key the server did not issue counts for nothing.
 */
export const guestKeySchema = z.string().regex(/^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/);
/** What the header may hold: an issued key, or an older client's own (16–64 of the same characters), else refused. */
export const guestKeyHeaderSchema = z
  .string()
  .min(16)
  .max(100)
  .regex(/^[A-Za-z0-9_.-]+$/);
/**
 * POST /portal/chat/guest-key answers the key the request carried when the server issued it, else a new one (a few
 * an hour per address; past that, the high-traffic message).
 */
export const guestKeyResultSchema = z.object({ guestKey: guestKeySchema });
export type GuestKeyResult = z.infer<typeof guestKeyResultSchema>;

/**
 * Where a reconnecting client's stream resumes: the id of the last event it received (`<text>.<citations>`), as the
 * Last-Event-ID header or this field. The events it missed follow, then the live ones; the terminal event always
 * comes, and holds the whole answer.
 */
const lastEventIdSchema = z
  .string()
  .max(32)
  .regex(/^\d+\.\d+$/)
  .optional();

const requestIdSchema = z
  .string()
  .min(8)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/);

export const askRequestSchema = z.object({
  /** Continue this conversation; absent starts a new one. */
  conversationId: z.string().uuid().optional(),
  question: z.string().max(QUESTION_MAX_LENGTH),
  mode: chatModeSchema.default('advanced'),
  kind: answerKindSchema.default('answer'),
  /** The client's idempotency key: a retried ask with the same id joins the first (on any server), never a second turn. */
  requestId: requestIdSchema,
  lastEventId: lastEventIdSchema,
  /** Wording tradition; a logged-in user's stored setting is used when absent. */
  expression: expressionSchema.optional(),
  /** Answer language; defaults to the Locale header, or the question's language where that clearly differs. */
  language: localeSchema.optional(),
});
export type AskRequest = z.infer<typeof askRequestSchema>;

export const resendRequestSchema = z.object({
  answerId: z.string().uuid(),
  requestId: requestIdSchema,
  lastEventId: lastEventIdSchema,
});

export const citationSchema = z.object({
  /** Server-assigned, stable across streaming, reload and resend of the same text: c1, c2, … in order of appearance. */
  id: z.string(),
  /** As written in the answer. */
  text: z.string(),
  /** UTF-16 offsets of `text` in the answer's content. */
  start: z.number().int(),
  end: z.number().int(),
  /** linked: a real passage, shown in the reader's translation; invalid: no such verse; misquoted: the quotation
   * beside it does not match the verse. */
  status: z.enum(['linked', 'invalid', 'misquoted']),
  reference: z.string().nullable(),
  label: z.string().nullable(),
  translation: z.string().nullable(),
  verseText: z.string().nullable(),
  /** UTF-16 offsets of the quotation this reference vouches for, if any: a misquoted one is shown as the corpus
   * text (`verseText`) instead, an invalid one is removed, each with a mark. Absent in answers stored before it. */
  quote: z.object({ start: z.number().int(), end: z.number().int() }).nullable().optional(),
});
export type Citation = z.infer<typeof citationSchema>;

export const relatedBookSchema = z.object({ code: z.string(), name: z.string(), why: z.string() });
export const relatedLiteratureSchema = z.object({
  id: z.string(),
  collection: z.string(),
  collectionName: z.string(),
  title: z.string(),
  excerpt: z.string(),
});
export const referenceImageSchema = z.object({
  kind: z.enum(['verse-card', 'map']),
  url: z.string(),
  alt: z.string(),
  reference: z.string().nullable(),
});
export const verificationSchema = z.object({
  checked: z.number().int(),
  linked: z.number().int(),
  marked: z.number().int(),
});

export const answerSchema = z.object({
  id: z.string(),
  conversationId: z.string().nullable(),
  questionId: z.string().nullable(),
  question: z.string(),
  status: answerStatusSchema,
  mode: chatModeSchema,
  kind: answerKindSchema,
  language: localeSchema,
  translation: z.string(),
  content: z.string(),
  citations: z.array(citationSchema),
  relatedBooks: z.array(relatedBookSchema),
  relatedLiterature: z.array(relatedLiteratureSchema),
  images: z.array(referenceImageSchema),
  followUps: z.array(z.string()),
  /** What professional mode drew on (lexicons, commentary, dictionaries, cross-references). */
  sources: z.array(z.string()),
  verification: verificationSchema,
  rating: z.enum(['like', 'dislike']).nullable(),
  /** Why a dislike: one of the feedback types (spec §3), or null. */
  ratingReason: feedbackTypeSchema.nullable().default(null),
  collected: z.boolean(),
  /** Set when the answer failed: the message to show. */
  error: z.object({ code: z.number(), msg: z.string() }).nullable(),
  /** AI-generated content must say so when published (spec §1). */
  aiGenerated: z.literal(true),
  createdAt: z.string(),
});
export type Answer = z.infer<typeof answerSchema>;

/**
 * The server-sent events of an ask or resend, each one JSON object on one `data:` line; all but the terminal event
 * carry an `id:` to resume from (see lastEventId).
 */
export const chatEventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('meta'),
    answerId: z.string(),
    questionId: z.string().nullable(),
    conversationId: z.string().nullable(),
    mode: chatModeSchema,
    kind: answerKindSchema,
    language: localeSchema,
    translation: z.string(),
    /** Guests get answers without stored history; logging in keeps it. */
    guest: z.boolean(),
  }),
  z.object({ type: z.literal('delta'), text: z.string() }),
  z.object({ type: z.literal('citation'), citation: citationSchema }),
  z.object({ type: z.literal('done'), answer: answerSchema }),
  z.object({ type: z.literal('error'), code: z.number(), msg: z.string(), answer: answerSchema.nullable() }),
]);
export type ChatEvent = z.infer<typeof chatEventSchema>;

export const idBodySchema = z.object({ id: z.string().uuid() });
export const renameSessionSchema = z.object({
  id: z.string().uuid(),
  title: z.string().overwrite(stripBidiControls).trim().min(1).max(100),
});
/** POST /portal/chat/rate: a dislike may carry its reason (a feedback type); a like or a taken-back rating clears it. */
export const rateSchema = z.object({
  id: z.string().uuid(),
  rating: z.enum(['like', 'dislike']).nullable(),
  reason: z.enum(FEEDBACK_TYPES).nullable().optional(),
});
export const batchSchema = z.object({
  ids: z.array(z.string().uuid()).min(1).max(100),
  action: z.enum(['collect', 'uncollect']),
});
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
});
export const messagesQuerySchema = z.object({ conversationId: z.string().uuid() });

export const sessionSchema = z.object({
  id: z.string(),
  title: z.string(),
  lastQuestion: z.string(),
  messageCount: z.number().int(),
  updatedAt: z.string(),
});
export const sessionPageSchema = z.object({ items: z.array(sessionSchema), total: z.number().int() });
export const chatTurnSchema = z.object({
  question: z.object({ id: z.string(), text: z.string(), createdAt: z.string() }),
  answer: answerSchema.nullable(),
});
export const collectionPageSchema = z.object({ items: z.array(answerSchema), total: z.number().int() });
export const recentSchema = z.array(
  z.object({ question: z.string(), conversationId: z.string(), askedAt: z.string() }),
);
