import type { TranslationChoice } from '@bible-qa/contract';
import { useTranslation } from 'react-i18next';

interface TranslationBarProps {
  /** The translations that hold the chapter, the reader's own first. */
  choices: readonly TranslationChoice[];
  current: string;
  /** The translation read beside the current one; null when reading one text. */
  parallel: string | null;
  onPick: (id: string) => void;
  onParallel: (id: string | null) => void;
}

/**
 * The translation switch: short chips in one row that scrolls sideways on a phone (nothing is clipped), only
 * translations that hold the chapter; the parallel toggle opens a second row to choose the text read beside it.
 */
export function TranslationBar({ choices, current, parallel, onPick, onParallel }: TranslationBarProps) {
  const { t } = useTranslation('reader');
  const others = choices.filter((c) => c.id !== current);
  const companion = others.find((c) => c.language !== choices.find((x) => x.id === current)?.language) ?? others[0];
  const chip = (choice: TranslationChoice, active: boolean, testId: string, onClick: () => void) => (
    <button
      key={choice.id}
      type="button"
      className={active ? 'reader-chip is-active' : 'reader-chip'}
      aria-pressed={active}
      title={choice.name}
      lang={choice.language}
      data-testid={testId}
      onClick={onClick}
    >
      {choice.abbr}
    </button>
  );
  return (
    <div className="reader-translations" data-testid="reader-translations">
      <div className="reader-chips" role="group" aria-label={t('translations')}>
        {choices.map((c) => chip(c, c.id === current, `reader-translation-${c.id}`, () => onPick(c.id)))}
        {companion ? (
          <button
            type="button"
            className={parallel ? 'reader-chip reader-chip-toggle is-active' : 'reader-chip reader-chip-toggle'}
            aria-pressed={parallel !== null}
            data-testid="reader-parallel-toggle"
            onClick={() => onParallel(parallel ? null : companion.id)}
          >
            {t('parallel')}
          </button>
        ) : null}
      </div>
      {parallel ? (
        <div className="reader-chips" role="group" aria-label={t('parallelWith')} data-testid="reader-parallel-choices">
          <span className="reader-chips-caption">{t('parallelWith')}</span>
          {others.map((c) => chip(c, c.id === parallel, `reader-parallel-${c.id}`, () => onParallel(c.id)))}
        </div>
      ) : null}
    </div>
  );
}
