import type { Citation } from '@bible-qa/contract';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Markdown, type TextRenderer } from '../../components/markdown.tsx';
import { WarningIcon } from './chat-icons.tsx';
import { CitationMark } from './citation.tsx';

export interface PlacedCitation {
  citation: Citation;
  from: number;
  to: number;
}

/**
 * Where each citation sits in the content. The server's UTF-16 offsets are used when they hold the citation's text;
 * otherwise the nearest occurrence of the text is taken. A citation past the text streamed so far waits; overlapping
 * ones keep the first.
 */
export function placeCitations(content: string, citations: Citation[]): PlacedCitation[] {
  const placed: PlacedCitation[] = [];
  for (const citation of citations) {
    if (!citation.text) continue;
    let from = -1;
    if (content.slice(citation.start, citation.end) === citation.text) from = citation.start;
    else {
      const after = content.indexOf(citation.text, Math.max(0, citation.start - citation.text.length));
      from = after >= 0 ? after : content.lastIndexOf(citation.text);
    }
    if (from >= 0) placed.push({ citation, from, to: from + citation.text.length });
  }
  placed.sort((a, b) => a.from - b.from);
  return placed.filter((item, index) => index === 0 || item.from >= placed[index - 1]!.to);
}

/** A quotation the server found wrong: a misquoted one is shown as the verse's text, an invalid one removed. */
export interface PlacedQuote {
  citation: Citation;
  from: number;
  to: number;
}

/**
 * The quotations to replace or remove: those of misquoted and invalid citations that sit where the server said
 * (a citation found elsewhere in the text may not vouch for the same words), within the text streamed so far. A
 * quotation of a book outside the reader's canon stays: the server found it faithful to the library's text.
 */
export function placeQuotes(content: string, placed: PlacedCitation[]): PlacedQuote[] {
  return placed.flatMap(({ citation, from }) => {
    const quote = citation.quote;
    if (citation.status === 'linked' || citation.status === 'outside-canon') return [];
    if (!quote || from !== citation.start) return [];
    if (quote.start < 0 || quote.end > content.length || quote.end <= quote.start) return [];
    return [{ citation, from: quote.start, to: quote.end }];
  });
}

/** The verse's text in place of a misquotation, or nothing in place of a quotation of no verse, with a mark. */
function QuoteReplacement({ citation }: { citation: Citation }) {
  const { t } = useTranslation('chat');
  if (citation.status === 'misquoted' && citation.verseText) {
    return (
      <span className="chat-quote-corrected" data-testid={`chat-quote-${citation.id}`}>
        {citation.verseText}
        <span className="chat-quote-mark">
          <WarningIcon /> {t('citation.quoteCorrected')}
        </span>
      </span>
    );
  }
  // A misquoted verse without a text to show: a book outside the reader's canon with none in their language.
  const why = citation.status === 'misquoted' ? 'citation.quoteUnmatched' : 'citation.quoteRemoved';
  return (
    <span className="chat-quote-removed chat-quote-mark" data-testid={`chat-quote-${citation.id}`}>
      <WarningIcon /> {t(why)}
    </span>
  );
}

interface AnswerContentProps {
  content: string;
  citations: Citation[];
  onOpenPassage: (citation: Citation) => void;
}

/**
 * The answer's markdown with its scripture citations laid over the text they cover; a misquotation is shown as the
 * verse's text from the corpus and a quotation of no verse is removed, each with a visible mark.
 */
export function AnswerContent({ content, citations, onOpenPassage }: AnswerContentProps) {
  const overlays = useMemo(() => {
    const placed = placeCitations(content, citations);
    const marks = placed.map((item) => ({ ...item, quote: false }));
    const quotes = placeQuotes(content, placed).map((item) => ({ ...item, quote: true }));
    const all = [...marks, ...quotes].sort((a, b) => a.from - b.from);
    return all.filter((item, index) => index === 0 || item.from >= all[index - 1]!.to);
  }, [content, citations]);

  const renderText: TextRenderer = (start, end, key) => {
    const pieces: ReactNode[] = [];
    let at = start;
    for (const { citation, from, to, quote } of overlays) {
      if (to <= start || from >= end) continue;
      const pieceFrom = Math.max(from, start);
      const pieceTo = Math.min(to, end);
      if (pieceFrom > at) pieces.push(content.slice(at, pieceFrom));
      if (quote) {
        // A quotation may run over several pieces of markup: its replacement stands in the first, the rest go.
        if (pieceFrom === from)
          pieces.push(<QuoteReplacement key={`${key}-${citation.id}-quote`} citation={citation} />);
      } else {
        pieces.push(
          <CitationMark
            key={`${key}-${citation.id}`}
            citation={citation}
            primary={pieceFrom === from}
            onOpenPassage={onOpenPassage}
          >
            {content.slice(pieceFrom, pieceTo)}
          </CitationMark>,
        );
      }
      at = pieceTo;
    }
    if (at < end) pieces.push(content.slice(at, end));
    return pieces;
  };

  return (
    <Markdown source={content} className="chat-answer-content" testId="chat-answer-content" renderText={renderText} />
  );
}
