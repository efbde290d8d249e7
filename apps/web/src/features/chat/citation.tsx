import type { Citation } from '@bible-qa/contract';
import { lazy, Suspense, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { markOfReference, VerseMarksContext } from '../../lib/verse-marks.ts';
import { WarningIcon } from './chat-icons.tsx';
import '../../components/verse-marks.css';

interface CitationMarkProps {
  citation: Citation;
  /** The first piece of the citation's text carries its test id (markup may split the text into pieces). */
  primary: boolean;
  onOpenPassage: (citation: Citation) => void;
  children: ReactNode;
}

const HOVER_CLOSE_MS = 250;

/** Why a reference is marked: no such verse, a quotation that is not the verse, a book outside the reader's canon. */
const NOTES = {
  invalid: 'citation.invalid',
  misquoted: 'citation.misquoted',
  'outside-canon': 'citation.outsideCanon',
  /** Outside the canon, and no text of it in the reader's language. */
  none: 'citation.outsideCanonNoText',
} as const;

// The preview's popover (and its positioning library) loads once an answer with a reference is on screen, not with
// the page.
const loadPopover = () => import('antd-mobile/es/components/popover');
const Popover = lazy(loadPopover);

/**
 * A scripture reference in an answer. A linked one is a link that previews the verse on tap, or on hover with a
 * mouse, and opens the passage with parallel translations; an invalid one is struck through and a misquoted one
 * underlined with a wave, both with a warning icon and a note saying why (title on hover, the same note on tap). A
 * book outside the reader's canon is marked the same way, with its text when the library has it in their language.
 */
export function CitationMark({ citation, primary, onOpenPassage, children }: CitationMarkProps) {
  const { t } = useTranslation('chat');
  const [visible, setVisible] = useState(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const label = citation.label ?? citation.text;
  const linked = citation.status === 'linked';
  const note =
    citation.status === 'linked'
      ? null
      : t(NOTES[citation.status === 'outside-canon' && !citation.verseText ? 'none' : citation.status]);
  // The reader's own highlight of the cited verses colours the reference; their notes show in the preview.
  const marks = useContext(VerseMarksContext);
  const mark = linked && citation.reference ? markOfReference(marks, citation.reference) : null;

  // A mouse hovering previews the verse; a click pins the preview until a click elsewhere. A tap toggles it.
  const hoverOpened = useRef(false);
  const mousePressed = useRef(false);
  const keepOpen = () => {
    if (closeTimer.current) clearTimeout(closeTimer.current);
    closeTimer.current = null;
  };
  const hover = (event: React.PointerEvent) => {
    if (event.pointerType !== 'mouse') return;
    keepOpen();
    if (!visible) hoverOpened.current = true;
    setVisible(true);
  };
  const leave = (event: React.PointerEvent) => {
    if (event.pointerType !== 'mouse' || !hoverOpened.current) return;
    keepOpen();
    closeTimer.current = setTimeout(() => {
      hoverOpened.current = false;
      setVisible(false);
    }, HOVER_CLOSE_MS);
  };
  const changeVisible = (next: boolean) => {
    // The click that follows a hover would toggle the preview shut: it pins it instead.
    if (!next && mousePressed.current && hoverOpened.current) {
      hoverOpened.current = false;
      return;
    }
    hoverOpened.current = false;
    setVisible(next);
  };
  useEffect(() => keepOpen, []);
  useEffect(() => void loadPopover(), []);
  // Until the first preview the trigger stands alone; a tap or hover then mounts the popover, already open.
  const [armed, setArmed] = useState(false);
  useEffect(() => {
    if (visible) setArmed(true);
  }, [visible]);

  const preview = (
    <div className="chat-verse-preview" data-testid="chat-verse-preview" onPointerEnter={hover} onPointerLeave={leave}>
      <strong className="chat-verse-preview-label">{label}</strong>
      {note ? (
        <p className="chat-citation-note" data-testid="chat-citation-note">
          <WarningIcon /> {note}
        </p>
      ) : null}
      {citation.verseText ? (
        <blockquote className="chat-verse-preview-text">
          {citation.status === 'misquoted' ? (
            <span className="chat-verse-preview-caption">{t('citation.actual')}</span>
          ) : null}
          {citation.verseText}
        </blockquote>
      ) : null}
      {mark?.notes.length ? (
        <div className="chat-verse-preview-notes" data-testid="chat-verse-preview-note">
          <span className="chat-verse-preview-caption">{t('citation.yourNote')}</span>
          {mark.notes.map((n) => (
            <p key={n.id}>{n.text}</p>
          ))}
        </div>
      ) : null}
      {/* A book outside the reader's canon opens only where the library has it in their language. */}
      {citation.reference && (citation.status !== 'outside-canon' || citation.verseText) ? (
        <button
          type="button"
          className="chat-link-button"
          data-testid="chat-passage-open"
          onClick={() => {
            setVisible(false);
            onOpenPassage(citation);
          }}
        >
          {t('citation.open')}
        </button>
      ) : null}
    </div>
  );

  const common = {
    'data-testid': primary ? `chat-citation-${citation.id}` : undefined,
    'data-status': citation.status,
    onPointerEnter: hover,
    onPointerLeave: leave,
    onPointerDown: (event: React.PointerEvent) => {
      mousePressed.current = event.pointerType === 'mouse';
    },
    onClick: () => {
      mousePressed.current = false;
      if (!armed) setVisible(true);
    },
  };
  const trigger = linked ? (
    <button
      type="button"
      className={`chat-citation chat-citation-linked${mark?.color ? ` verse-mark verse-mark-${mark.color}` : ''}`}
      data-highlight={mark?.color ?? undefined}
      data-note={mark?.notes.length ? 'true' : undefined}
      aria-label={t('citation.linked', { label })}
      aria-expanded={visible}
      {...common}
    >
      {children}
    </button>
  ) : (
    <span
      role="button"
      tabIndex={0}
      className={`chat-citation chat-citation-${citation.status}`}
      title={note ?? undefined}
      aria-label={t('citation.marked', { text: citation.text, note })}
      aria-expanded={visible}
      onKeyDown={(event) => {
        if (event.key === 'Enter' || event.key === ' ') setVisible((v) => !v);
      }}
      {...common}
    >
      <span className="chat-citation-text">{children}</span>
      {primary ? <WarningIcon className="chat-citation-warning" /> : null}
    </span>
  );

  if (!armed && !visible) return trigger;
  return (
    <Suspense fallback={trigger}>
      <Popover
        content={preview}
        visible={visible}
        onVisibleChange={changeVisible}
        trigger="click"
        placement="top"
        destroyOnHide
      >
        {trigger}
      </Popover>
    </Suspense>
  );
}
