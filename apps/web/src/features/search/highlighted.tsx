import { Fragment } from 'react';

const ENTITIES: Readonly<Record<string, string>> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};

/**
 * The pieces of a server highlight (HTML-escaped text with <mark> around matches): nothing of it is ever inserted as
 * HTML. Only the <mark> markers are read as markup; any other tag stays text, so a highlight cannot inject markup.
 */
export function highlightPieces(html: string): { text: string; marked: boolean }[] {
  const pieces: { text: string; marked: boolean }[] = [];
  let marked = false;
  for (const part of html.split(/(<mark>|<\/mark>)/)) {
    if (part === '<mark>' || part === '</mark>') {
      marked = part === '<mark>';
      continue;
    }
    if (part) pieces.push({ text: part.replace(/&(?:amp|lt|gt|quot|#39);/g, (e) => ENTITIES[e] ?? e), marked });
  }
  return pieces;
}

/** A highlight rendered as text nodes with <mark> elements. */
export function Highlighted({ html }: { html: string }) {
  return (
    <>
      {highlightPieces(html).map((piece, i) =>
        piece.marked ? <mark key={i}>{piece.text}</mark> : <Fragment key={i}>{piece.text}</Fragment>,
      )}
    </>
  );
}
