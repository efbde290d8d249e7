import type { Locale } from '@bible-qa/contract';
import type { AnswerContext, AnswerModel, ContextVerse } from './answer-model.ts';
import { phrase } from './composer-phrases.ts';
import { composeAnswerFirst } from './answer-first.ts';

const CHINESE = new Set<Locale>(['zh-cn', 'zh-tw']);

function quote(verse: ContextVerse, locale: Locale): string {
  const dash = CHINESE.has(locale) ? '——' : '—';
  return `> ${verse.text}\n> ${dash}${CHINESE.has(locale) ? '' : ' '}${verse.label}`;
}

function prayerText(c: AnswerContext): string {
  const L = c.language;
  const out = [`### ${phrase('prayerTitle', L)}`, '', phrase('prayerOpen', L, { q: c.question.trim() }), ''];
  for (const v of c.verses.slice(0, 2)) out.push(phrase('prayerWord', L), '', quote(v, L), '');
  out.push(phrase('prayerAsk', L), '', phrase('prayerClose', L));
  return out.join('\n');
}

function sermonText(c: AnswerContext): string {
  const L = c.language;
  const out = [`### ${phrase('sermonTitle', L)}`, '', `**${phrase('sermonTheme', L, { q: c.question.trim() })}**`, ''];
  c.verses.slice(0, 3).forEach((v, i) => {
    out.push(`#### ${phrase('sermonPoint', L, { n: i + 1 })}`, '', quote(v, L), '');
  });
  out.push(phrase('sermonApply', L));
  return out.join('\n');
}

function poemText(c: AnswerContext): string {
  const L = c.language;
  const out = [`### ${phrase('poemTitle', L)}`, ''];
  for (const v of c.verses.slice(0, 3)) out.push(quote(v, L), '', `*${phrase('poemRefrain', L)}*`, '');
  return out.join('\n').trim();
}

/** Composes the whole answer from the retrieved passages; deterministic, offline. */
export function composeAnswer(context: AnswerContext): string {
  if (context.verses.length === 0) return composeAnswerFirst(context);
  switch (context.kind) {
    case 'prayer':
      return prayerText(context);
    case 'sermon':
      return sermonText(context);
    case 'poem':
      return poemText(context);
    default:
      return composeAnswerFirst(context);
  }
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
