import type { ReactNode } from 'react';
import './chips.css';

/**
 * A row of short chips that scrolls sideways on a narrow phone instead of clipping or wrapping onto the text below
 * (the translation switches of the passage sheet and the chapter reader).
 */
export function ChipRow({
  label,
  caption,
  testId,
  children,
}: {
  label: string;
  caption?: ReactNode;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <div className="chip-row" role="group" aria-label={label} data-testid={testId}>
      {caption ? <span className="chip-row-caption">{caption}</span> : null}
      {children}
    </div>
  );
}

interface ChipProps {
  active: boolean;
  onClick: () => void;
  /** The full name, shown on hover. */
  title?: string;
  lang?: string;
  disabled?: boolean;
  testId?: string;
  /** `solid` for one choice among several, `soft` for one of several chosen together. */
  tone?: 'solid' | 'soft';
  className?: string;
  children: ReactNode;
}

export function Chip({
  active,
  onClick,
  title,
  lang,
  disabled,
  testId,
  tone = 'solid',
  className,
  children,
}: ChipProps) {
  const classes = ['chip', `chip-${tone}`, active ? 'is-active' : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <button
      type="button"
      className={classes}
      aria-pressed={active}
      title={title}
      lang={lang}
      disabled={disabled}
      data-testid={testId}
      onClick={onClick}
    >
      {children}
    </button>
  );
}
