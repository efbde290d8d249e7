import type { Chapter, ChapterVerse } from '@bible-qa/contract';
import { useEffect, useRef } from 'react';
import { alignVerses } from './align.ts';

interface ChapterTextProps {
  chapter: Chapter;
  /** The same chapter in a second translation, read beside the first; null for one text. */
  parallel: Chapter | null;
  /** The cited verses (in the chapter's own numbering, `refVerse`), highlighted and scrolled into view. */
  range: { from: number; to: number } | null;
}

/**
 * A chapter's text: one text as a running paragraph with verse numbers, or two texts verse by verse (side by side on
 * a desktop, one under the other on a phone; the layout is CSS). Cited verses are marked and scrolled into view.
 */
export function ChapterText({ chapter, parallel, range }: ChapterTextProps) {
  const body = useRef<HTMLDivElement>(null);
  const cited = (v: ChapterVerse) => range !== null && v.refVerse >= range.from && v.refVerse <= range.to;
  const key = `${chapter.book}.${chapter.chapter}.${chapter.translation.id}.${parallel?.translation.id ?? ''}`;

  useEffect(() => {
    const first = body.current?.querySelector<HTMLElement>('[data-cited="true"]');
    if (first) first.scrollIntoView?.({ block: 'center' });
  }, [key, range?.from]);

  // A cited verse is a <mark>: highlighted for the eye and for assistive technology alike.
  const verse = (v: ChapterVerse, testId: string, text: Chapter = chapter) => {
    const Tag = cited(v) ? 'mark' : 'span';
    return (
      <Tag
        key={`${v.chapter}.${v.verse}`}
        className={cited(v) ? 'reader-verse is-cited' : 'reader-verse'}
        data-testid={testId}
        data-verse={v.verse}
        data-ref-verse={v.refVerse}
        data-cited={cited(v)}
      >
        {/* A verse the text numbers in another chapter (Malachi 4 is the Hebrew 3:19-24) says so. */}
        <sup>{v.chapter === text.verses[0]?.chapter ? v.verse : `${v.chapter}:${v.verse}`}</sup>
        {v.text}{' '}
      </Tag>
    );
  };

  if (!parallel) {
    return (
      <div ref={body} className="reader-body" data-testid="reader-text">
        <p className="reader-paragraph" lang={chapter.translation.language}>
          {chapter.verses.map((v) => verse(v, 'reader-verse'))}
        </p>
      </div>
    );
  }
  return (
    <div ref={body} className="reader-body reader-parallel" data-testid="reader-parallel">
      <div className="reader-row reader-row-head" aria-hidden="true">
        <span>{chapter.translation.name}</span>
        <span className="reader-cell-parallel">{parallel.translation.name}</span>
      </div>
      {alignVerses(chapter.verses, parallel.verses).map((row) => (
        <div key={row.refVerse} className="reader-row" data-testid="reader-row" data-ref-verse={row.refVerse}>
          <p className="reader-cell" lang={chapter.translation.language} data-testid="reader-cell">
            {row.left.map((v) => verse(v, 'reader-verse'))}
          </p>
          <p
            className="reader-cell reader-cell-parallel"
            lang={parallel.translation.language}
            data-testid="reader-cell-parallel"
          >
            {row.right.map((v) => verse(v, 'reader-parallel-verse', parallel))}
          </p>
        </div>
      ))}
    </div>
  );
}
