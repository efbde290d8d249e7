import type { Locale } from '@bible-qa/contract';
import type { AnswerContext, AnswerModel, ContextEntry, ContextVerse } from './answer-model.ts';
import { joinList, phrase } from './composer-phrases.ts';
import { composeShaped, isShaped } from './kind-composer.ts';

const CHINESE = new Set<Locale>(['zh-cn', 'zh-tw']);
const LEXICONS = new Set(['strongs-greek', 'strongs-hebrew']);
const COMMENTARY = new Set(['matthew-henry-complete']);
/** Passages quoted in full at the top of an answer; the rest are listed more briefly. */
const KEY_VERSES = 5;

function quote(verse: ContextVerse, locale: Locale): string {
  const dash = CHINESE.has(locale) ? '——' : '—';
  return `> ${verse.text}\n> ${dash}${CHINESE.has(locale) ? '' : ' '}${verse.label}`;
}

/** A shorter citation: the verse in quotation marks of the reader's language, then its reference. */
function listed(verse: ContextVerse, locale: Locale): string {
  if (CHINESE.has(locale)) return `- 「${verse.text}」（${verse.label}）`;
  const [open, close] = locale === 'fr-fr' ? ['« ', ' »'] : locale === 'es-es' ? ['«', '»'] : ['“', '”'];
  return `- ${open}${verse.text}${close} (${verse.label})`;
}

function excerpt(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  return clean.length <= max ? clean : `${clean.slice(0, max).replace(/\s+\S*$/, '')}…`;
}

function entryLine(entry: ContextEntry, locale: Locale, max: number): string {
  const sep = CHINESE.has(locale) ? '：' : ': ';
  return `- **${entry.title}** (${entry.collectionName})${phrase('englishSource', locale)}${sep}${excerpt(entry.excerpt, max)}`;
}

function bookList(verses: ContextVerse[], locale: Locale): string {
  const names = [
    ...new Set(verses.map((v) => v.label.replace(/\s*\d+(?::\d+)?(?:[-–]\d+(?::\d+)?)?\s*[篇章]?$/u, ''))),
  ];
  return joinList(names.slice(0, 4), locale);
}

function answerText(c: AnswerContext): string {
  const L = c.language;
  const q = c.question.trim();
  if (c.verses.length === 0) return phrase('noVerses', L, { q });
  const out: string[] = [];
  if (c.mode === 'simple') {
    out.push(phrase('introSimple', L, { q }), '');
    for (const v of c.verses.slice(0, 2)) out.push(quote(v, L), '');
    out.push(phrase('reflect2', L));
    return out.join('\n');
  }
  out.push(phrase('intro', L, { q }), '', `### ${phrase('keyScriptures', L)}`, '');
  const key = c.verses.slice(0, KEY_VERSES);
  const more = c.verses.slice(KEY_VERSES);
  for (const v of key) out.push(quote(v, L), '');
  out.push(
    `### ${phrase('context', L)}`,
    '',
    phrase('contextLine', L, { books: bookList(c.verses, L), ref: c.verses[0]!.label }),
    '',
  );

  const lexicons = c.entries.filter((e) => LEXICONS.has(e.collection));
  const commentary = c.entries.filter((e) => COMMENTARY.has(e.collection));
  const others = c.entries.filter((e) => !LEXICONS.has(e.collection) && !COMMENTARY.has(e.collection));
  if (c.mode === 'professional') {
    if (lexicons.length)
      out.push(`### ${phrase('lexicon', L)}`, '', ...lexicons.slice(0, 3).map((e) => entryLine(e, L, 260)), '');
    if (commentary.length)
      out.push(`### ${phrase('commentary', L)}`, '', ...commentary.slice(0, 2).map((e) => entryLine(e, L, 420)), '');
    if (c.crossReferences.length) {
      out.push(`### ${phrase('crossRefs', L)}`, '');
      for (const v of c.crossReferences.slice(0, 4)) out.push(quote(v, L), '');
    }
  }
  const further = [...more, ...(c.mode === 'professional' ? [] : c.crossReferences.slice(0, 2))];
  if (further.length) out.push(`### ${phrase('further', L)}`, '', ...further.map((v) => listed(v, L)), '');
  if (others.length)
    out.push(`### ${phrase('references', L)}`, '', ...others.slice(0, 3).map((e) => entryLine(e, L, 300)), '');
  out.push(
    `### ${phrase('reflect', L)}`,
    '',
    `1. ${phrase('reflect1', L)}`,
    `2. ${phrase('reflect2', L)}`,
    `3. ${phrase('reflect3', L)}`,
  );
  if (c.mode === 'professional') {
    const used = [...new Set(c.entries.map((e) => e.collectionName))];
    if (c.crossReferences.length) used.push(phrase('crossRefs', L));
    if (used.length) out.push('', `*${phrase('sources', L)}${CHINESE.has(L) ? '：' : ': '}${joinList(used, L)}*`);
  }
  return out.join('\n');
}

/** Composes the whole answer from the retrieved passages; deterministic, offline. */
export function composeAnswer(context: AnswerContext): string {
  // Prayers, sermon outlines, poems and answers of care are shaped from the passages chosen for their theme.
  if (isShaped(context)) return composeShaped(context);
  return answerText(context);
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
