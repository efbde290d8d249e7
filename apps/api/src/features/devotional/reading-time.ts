/**
 * Silent reading rates of adults, from the International Reading Speed Texts (Trauzettel-Klosinski & Dietz,
 * "Standardized Assessment of Reading Performance: The New International Reading Speed Texts IReST", IOVS 2012):
 * English 228 words a minute, Spanish 218, French 195, Chinese 255 characters a minute. A text is counted as its
 * Han characters plus its other words, each at its own rate; the time is rounded up to whole minutes, at least 1.
 */
export const WORDS_PER_MINUTE: Record<string, number> = { en: 228, es: 218, fr: 195 };
export const HAN_CHARACTERS_PER_MINUTE = 255;
const DEFAULT_WORDS_PER_MINUTE = 200;

const HAN = /\p{Script=Han}/gu;
const WORD = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;

/** Reading time in minutes of a text in a language (BCP 47 or a UI locale: en, es-es, fr-fr, zh-Hans, zh-cn …). */
export function readingMinutes(text: string, language: string): number {
  const han = text.match(HAN)?.length ?? 0;
  const words = text.replace(HAN, ' ').match(WORD)?.length ?? 0;
  const wpm = WORDS_PER_MINUTE[language.slice(0, 2).toLowerCase()] ?? DEFAULT_WORDS_PER_MINUTE;
  const minutes = han / HAN_CHARACTERS_PER_MINUTE + words / wpm;
  return Math.max(1, Math.ceil(minutes));
}
