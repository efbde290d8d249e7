/** Business constants and limits of spec §1 and §9. */
export const SYS_NAME = 'CHAT_ASSISTANT';
export const DEFAULT_PLATFORM = 'International';
export const API_BASE = '/webapi';
export const REQUEST_TIMEOUT_MS = 50_000;
export const VERSION_LABEL = '1.0 Beta';
/** The marker GET /webapi/version answers for the simplified-Chinese edition (spec §4 step 3). */
export const SIMPLIFIED_CHINESE_MARKER = 'zh-cn';
export const VERSION_POLL_MS = 60_000;
export const LANGUAGE_SWITCH_RELOAD_MS = 200;
export const LOGOUT_RELOAD_MS = 1_000;
export const ROOT_REDIRECT = '/chat?_n=1';
export const EXTERNAL_DEFAULT_TARGET = '/chat?_n=2';
export const VERIFICATION_CODE_LENGTH = 6;
/** The answer modes (spec §1): default deeper answers, concise general answers, professional reference answers. */
export const CHAT_MODES = ['advanced', 'simple', 'professional'] as const;
/** What is asked for: an answer, or a prayer, a sermon outline or a poem on a theme or verse. */
export const ANSWER_KINDS = ['answer', 'prayer', 'sermon', 'poem'] as const;
/** An answer's states (spec §4): being written, done, stopped by the reader, failed. Here, not in chat.ts: no zod. */
export const ANSWER_STATUSES = ['generating', 'done', 'stopped', 'failed'] as const;
export const ROLES = ['user', 'admin'] as const;
/** The wording traditions (expressions) of the first-visit tour and settings (spec §1). */
export const EXPRESSIONS = ['protestant', 'catholic', 'orthodox', 'none'] as const;
/** The interests of the first-visit tour (spec §1). */
export const INTERESTS = ['bible_qa', 'bible_study', 'spiritual_growth', 'professional_knowledge', 'other'] as const;
export const SEXES = ['male', 'female', 'unknown'] as const;
export const VERIFICATION_CODE_TTL_MS = 5 * 60_000;
export const PASSWORD_MIN_LENGTH = 8;
export const REMEMBER_ME_MS = 24 * 60 * 60_000;
export const VOICE_MAX_SECONDS = 60;
export const FEEDBACK_MAX_IMAGES = 6;
export const FEEDBACK_MAX_IMAGE_BYTES = 2 * 1024 * 1024;
export const ADULT_AGE = 18;
export const BREAKPOINTS = { XS: 480, SM: 576, MD: 768, LG: 1024, XL: 1200, XXL: 1600 } as const;
export const MOBILE_MAX_WIDTH = BREAKPOINTS.LG;
export const RESIZE_DEBOUNCE_MS = 80;
/** The shortest wait between two codes for one account, matching the UI's resend countdown (spec §2, §4). */
export const CODE_RESEND_INTERVAL_MS = 60_000;
/** A QR login ticket works once, for 2 minutes. */
export const QR_TICKET_TTL_MS = 2 * 60_000;
/** An external-access link is accepted within 5 minutes either side of its timestamp, once. */
export const EXTERNAL_ACCESS_WINDOW_MS = 5 * 60_000;
/** The version of the user agreement a login consents to; recorded with the time of consent. */
export const USER_AGREEMENT_VERSION = '1.0';
/** The longest question (characters); the composer counts toward it and keeps what fits of a longer paste. */
export const QUESTION_MAX_LENGTH = 2000;
/** Feedback types (spec §3), also the reasons a dislike can give. */
export const FEEDBACK_TYPES = [
  'wrong_answer',
  'misunderstanding',
  'format_error',
  'fabricated_facts',
  'badly_structured',
] as const;

/**
 * A guest's own key: made at random by the client, kept in its local storage and sent with every call in this
 * header (16 to 64 of A-Z a-z 0-9 _ -). A guest's answers belong to it: another guest who learns a request or answer
 * id cannot join, stop or resend them. A client that sends none is told apart by its address.
 */
export const GUEST_KEY_HEADER = 'Guest-Key';

/**
 * Business errors (10000–19999, the catalogue in errors.ts) are shown to the user as a toast (spec §8). Here, not in
 * errors.ts: a client that checks codes need not carry the catalogue's messages.
 */
export function isBusinessCode(code: number): boolean {
  return code >= 10000 && code < 20000;
}
