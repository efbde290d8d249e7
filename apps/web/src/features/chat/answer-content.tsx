import type { Citation } from '@bible-qa/contract';
import { useMemo, type ReactNode } from 'react';
import { Markdown, type TextRenderer } from '../../components/markdown.tsx';
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

interface AnswerContentProps {
  content: string;
  citations: Citation[];
  onOpenPassage: (citation: Citation) => void;
}

/** The answer's markdown with its scripture citations laid over the text they cover. */
export function AnswerContent({ content, citations, onOpenPassage }: AnswerContentProps) {
  const placed = useMemo(() => placeCitations(content, citations), [content, citations]);

  const renderText: TextRenderer = (start, end, key) => {
    const pieces: ReactNode[] = [];
    let at = start;
    for (const { citation, from, to } of placed) {
      if (to <= start || from >= end) continue;
      const pieceFrom = Math.max(from, start);
      const pieceTo = Math.min(to, end);
      if (pieceFrom > at) pieces.push(content.slice(at, pieceFrom));
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
      at = pieceTo;
    }
    if (at < end) pieces.push(content.slice(at, end));
    return pieces;
  };

  return (
    <Markdown source={content} className="chat-answer-content" testId="chat-answer-content" renderText={renderText} />
  );
}
