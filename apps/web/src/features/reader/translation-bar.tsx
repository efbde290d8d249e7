import type { TranslationChoice } from '@bible-qa/contract';
import { useTranslation } from 'react-i18next';
import { Chip, ChipRow } from '../../components/chips.tsx';
import { companionOf } from './companion.ts';

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
  const companion = companionOf(choices, current);
  const chip = (choice: TranslationChoice, active: boolean, testId: string, onClick: () => void) => (
    <Chip key={choice.id} active={active} title={choice.name} lang={choice.language} testId={testId} onClick={onClick}>
      {choice.abbr}
    </Chip>
  );
  return (
    <div className="reader-translations" data-testid="reader-translations">
      <ChipRow label={t('translations')}>
        {choices.map((c) => chip(c, c.id === current, `reader-translation-${c.id}`, () => onPick(c.id)))}
        {companion ? (
          <Chip
            active={parallel !== null}
            tone="soft"
            className="reader-parallel-toggle"
            testId="reader-parallel-toggle"
            onClick={() => onParallel(parallel ? null : companion.id)}
          >
            {t('parallel')}
          </Chip>
        ) : null}
      </ChipRow>
      {parallel ? (
        <ChipRow label={t('parallelWith')} caption={t('parallelWith')} testId="reader-parallel-choices">
          {others.map((c) => chip(c, c.id === parallel, `reader-parallel-${c.id}`, () => onParallel(c.id)))}
        </ChipRow>
      ) : null}
    </div>
  );
}
