import { HIGHLIGHT_COLORS, NOTE_MAX_LENGTH, type Annotation, type HighlightColor } from '@bible-qa/contract';
import Button from 'antd-mobile/es/components/button';
import Popup from 'antd-mobile/es/components/popup';
import TextArea from 'antd-mobile/es/components/text-area';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BookmarkIcon, NoteIcon } from '../../components/icons.tsx';
import { copyText } from '../../lib/clipboard.ts';
import { Toast } from '../../lib/overlays.ts';
import { markOf, useBookmark, useHighlight, useNote, type VerseMark } from '../../lib/verse-marks.ts';

export interface VerseSelection {
  book: string;
  chapter: number;
  from: number;
  to: number;
}

interface VerseActionsProps {
  selection: VerseSelection;
  /** "约翰福音 3:16-17": what the bar is about. */
  title: string;
  /** The picked verses' text, for copying. */
  text: string;
  marks: Map<string, VerseMark>;
  onDone: () => void;
  /** Opens the note of the picked span (a new one when there is none). */
  onNote: () => void;
}

/**
 * The bar under the picked verses: a highlight colour (or none), a bookmark, a note, a copy. Each change is kept at
 * once (for a guest under its browser's key) and shows wherever these verses appear again.
 */
export function VerseActions({ selection, title, text, marks, onDone, onNote }: VerseActionsProps) {
  const { t } = useTranslation('reader');
  const highlight = useHighlight();
  const bookmark = useBookmark();
  const span = selection;
  const verses: number[] = [];
  for (let v = span.from; v <= span.to; v += 1) verses.push(v);
  const marked = verses.map((v) => markOf(marks, span.book, span.chapter, v));
  const colour = marked.every((m) => m?.color && m.color === marked[0]?.color) ? marked[0]!.color : null;
  const anyColour = marked.some((m) => m?.color);
  const bookmarked = marked[0]?.bookmarks.some((b) => b.from === span.from && b.to === span.to) ?? false;

  async function paint(color: HighlightColor | null) {
    try {
      await highlight.mutateAsync({ span, color });
    } catch {
      return; // the API client has said why
    }
    onDone();
  }

  async function toggleBookmark() {
    try {
      await bookmark.mutateAsync({ span, on: !bookmarked });
    } catch {
      return;
    }
    Toast.show({ content: t(bookmarked ? 'marks.unbookmarked' : 'marks.bookmarked') });
    onDone();
  }

  async function copy() {
    const copied = await copyText(`${title}\n${text}`);
    Toast.show({ content: t(copied ? 'marks.copied' : 'marks.copyFailed') });
  }

  return (
    <div className="reader-verse-actions" data-testid="reader-verse-actions" role="toolbar" aria-label={title}>
      <div className="reader-verse-actions-head">
        <strong data-testid="reader-verse-actions-title">{title}</strong>
        <Button size="mini" fill="none" data-testid="reader-verse-actions-close" onClick={onDone}>
          {t('marks.done')}
        </Button>
      </div>
      <div className="reader-verse-actions-row">
        {HIGHLIGHT_COLORS.map((color) => (
          <button
            key={color}
            type="button"
            className={`verse-swatch verse-swatch-${color}`}
            data-testid={`reader-highlight-${color}`}
            aria-label={t(`marks.colors.${color}`)}
            aria-pressed={colour === color}
            disabled={highlight.isPending}
            onClick={() => void paint(color)}
          />
        ))}
        {anyColour ? (
          <Button size="mini" data-testid="reader-highlight-clear" onClick={() => void paint(null)}>
            {t('marks.clear')}
          </Button>
        ) : null}
      </div>
      <div className="reader-verse-actions-row">
        <Button
          size="small"
          data-testid="reader-bookmark"
          aria-pressed={bookmarked}
          onClick={() => void toggleBookmark()}
        >
          <BookmarkIcon /> {t(bookmarked ? 'marks.unbookmark' : 'marks.bookmark')}
        </Button>
        <Button size="small" data-testid="reader-note" onClick={onNote}>
          <NoteIcon /> {t('marks.note')}
        </Button>
        <Button size="small" data-testid="reader-copy" onClick={() => void copy()}>
          {t('marks.copy')}
        </Button>
      </div>
    </div>
  );
}

interface NoteEditorProps {
  /** The span whose note is written; null while closed. */
  span: VerseSelection | null;
  title: string;
  /** The note this span has, if any. */
  note: Annotation | undefined;
  onClose: () => void;
}

/** A note on a verse or a run of verses: written, changed or deleted (saving it empty deletes it too). */
export function NoteEditor({ span, title, note, onClose }: NoteEditorProps) {
  const { t } = useTranslation('reader');
  const save = useNote();
  const [text, setText] = useState('');
  useEffect(() => {
    if (span) setText(note?.text ?? '');
  }, [span, note]);

  async function submit(value: string) {
    if (!span) return;
    try {
      await save.mutateAsync({ span, text: value });
    } catch {
      return;
    }
    Toast.show({ content: t(value.trim() ? 'marks.noteSaved' : 'marks.noteDeleted') });
    onClose();
  }

  return (
    <Popup visible={span !== null} onMaskClick={onClose} onClose={onClose} bodyClassName="reader-note-popup">
      <section className="reader-note-editor" data-testid="reader-note-editor" aria-label={t('marks.noteTitle')}>
        <h2>{t('marks.noteTitle')}</h2>
        <p className="reader-note-reference">{title}</p>
        <TextArea
          data-testid="reader-note-text"
          aria-label={t('marks.notePlaceholder')}
          placeholder={t('marks.notePlaceholder')}
          value={text}
          onChange={setText}
          autoSize={{ minRows: 4, maxRows: 10 }}
          maxLength={NOTE_MAX_LENGTH}
          showCount
        />
        <div className="reader-note-buttons">
          {note ? (
            <Button color="danger" fill="outline" data-testid="reader-note-delete" onClick={() => void submit('')}>
              {t('marks.noteDelete')}
            </Button>
          ) : null}
          <Button onClick={onClose}>{t('marks.cancel')}</Button>
          <Button
            color="primary"
            data-testid="reader-note-save"
            loading={save.isPending}
            disabled={!text.trim() && !note}
            onClick={() => void submit(text)}
          >
            {t('marks.noteSave')}
          </Button>
        </div>
      </section>
    </Popup>
  );
}
