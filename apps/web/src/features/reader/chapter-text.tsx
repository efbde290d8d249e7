import type { Annotation, Chapter, ChapterVerse } from '@bible-qa/contract';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { BookmarkIcon, NoteIcon } from '../../components/icons.tsx';
import { markOf, type VerseMark } from '../../lib/verse-marks.ts';
import { alignVerses } from './align.ts';
import '../../components/verse-marks.css';

interface ChapterTextProps {
  chapter: Chapter;
  /** The same chapter in a second translation, read beside the first; null for one text. */
  parallel: Chapter | null;
  /** The cited verses (in the chapter's own numbering, `refVerse`), highlighted and scrolled into view. */
  range: { from: number; to: number } | null;
  /** The reader's highlights, bookmarks and notes, by verse (KJV numbering, as `refVerse`). */
  marks?: Map<string, VerseMark>;
  /** The verses the reader picked to mark (by `refVerse`); null when none. */
  selected?: { from: number; to: number } | null;
  /** A tap on a verse of the main text (by `refVerse`): picks it, or extends the pick to it. */
  onVerse?: (refVerse: number) => void;
  /** A tap on a verse's note mark: the note to read and edit. */
  onNote?: (note: Annotation) => void;
}

/**
 * A chapter's text: one text as a running paragraph with verse numbers, or two texts verse by verse (side by side on
 * a desktop, one under the other on a phone; the layout is CSS). Cited verses are marked and scrolled into view.
 */
export function ChapterText({ chapter, parallel, range, marks, selected = null, onVerse, onNote }: ChapterTextProps) {
  const { t } = useTranslation('reader');
  const body = useRef<HTMLDivElement>(null);
  const cited = (v: ChapterVerse) => range !== null && v.refVerse >= range.from && v.refVerse <= range.to;
  const picked = (v: ChapterVerse) => selected !== null && v.refVerse >= selected.from && v.refVerse <= selected.to;
  const markAt = (v: ChapterVerse) => (marks ? markOf(marks, chapter.book, chapter.chapter, v.refVerse) : undefined);
  const key = `${chapter.book}.${chapter.chapter}.${chapter.translation.id}.${parallel?.translation.id ?? ''}`;

  useEffect(() => {
    const first = body.current?.querySelector<HTMLElement>('[data-cited="true"]');
    if (first) first.scrollIntoView?.({ block: 'center' });
  }, [key, range?.from]);

  // A cited verse is a <mark>: highlighted for the eye and for assistive technology alike. The reader's own marks
  // (a highlight's colour, a bookmark, a note) show on the verse in every text; the main text's verses are picked by
  // a tap to mark them.
  const verse = (v: ChapterVerse, testId: string, text: Chapter = chapter) => {
    const Tag = cited(v) ? 'mark' : 'span';
    const mark = markAt(v);
    const main = text === chapter && onVerse !== undefined;
    const classes = ['reader-verse'];
    if (cited(v)) classes.push('is-cited');
    if (mark?.color) classes.push('verse-mark', `verse-mark-${mark.color}`);
    if (main && picked(v)) classes.push('is-picked');
    return (
      <Tag
        key={`${v.chapter}.${v.verse}`}
        className={classes.join(' ')}
        data-testid={testId}
        data-verse={v.verse}
        data-ref-verse={v.refVerse}
        data-cited={cited(v)}
        data-highlight={mark?.color ?? undefined}
        data-picked={main ? picked(v) : undefined}
        {...(main
          ? {
              role: 'button',
              tabIndex: 0,
              'aria-pressed': picked(v),
              onClick: () => onVerse(v.refVerse),
              onKeyDown: (event: React.KeyboardEvent) => {
                if (event.key !== 'Enter' && event.key !== ' ') return;
                event.preventDefault();
                onVerse(v.refVerse);
              },
            }
          : {})}
      >
        {mark?.bookmarks.length ? (
          <BookmarkIcon className="reader-verse-bookmark" data-testid="reader-verse-bookmark" />
        ) : null}
        {/* A verse the text numbers in another chapter (Malachi 4 is the Hebrew 3:19-24) says so. */}
        <sup>{v.chapter === text.verses[0]?.chapter ? v.verse : `${v.chapter}:${v.verse}`}</sup>
        {v.text}
        {/* A note shows once, after the last verse it covers. */}
        {mark?.notes
          .filter((note) => note.to === v.refVerse)
          .map((note) => (
            <button
              key={note.id}
              type="button"
              className="reader-verse-note"
              data-testid="reader-verse-note"
              aria-label={t('marks.openNote')}
              onClick={(event) => {
                event.stopPropagation();
                onNote?.(note);
              }}
            >
              <NoteIcon />
            </button>
          ))}{' '}
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
