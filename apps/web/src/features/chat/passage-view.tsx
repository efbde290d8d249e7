import type { Citation, Passage, Translation } from '@bible-qa/contract';
import { useQuery } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import Popup from 'antd-mobile/es/components/popup';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Chip, ChipRow } from '../../components/chips.tsx';
import { expressionParams } from '../../lib/preferences.ts';
import { readerPath } from '../../lib/reader-link.ts';
import { useServices } from '../../lib/services.tsx';
import { parallelQuery, translationsQuery } from './chat.queries.ts';

/** The server reads at most six translations side by side. */
const MAX_PARALLEL = 6;

/**
 * The translations shown first: the one the answer quoted, another in the same language, and one in English (or,
 * for an English reader, in Chinese).
 */
export function defaultTranslations(quoted: string | null, all: Translation[]): string[] {
  const first = all.find((t) => t.id === quoted) ?? all[0];
  if (!first) return [];
  const others = all.filter((t) => t.id !== first.id);
  const sameLanguage = others.find((t) => t.language === first.language);
  const companion = others.find((t) =>
    first.language === 'en' ? t.language.startsWith('zh') : t.language === 'en' && t.id !== sameLanguage?.id,
  );
  return [first.id, sameLanguage?.id, companion?.id].filter((id): id is string => Boolean(id));
}

interface PassageViewProps {
  /** The citation whose passage shows; null hides the view. */
  citation: Citation | null;
  onClose: () => void;
}

export function PassageView({ citation, onClose }: PassageViewProps) {
  return (
    <Popup
      visible={citation !== null}
      onMaskClick={onClose}
      onClose={onClose}
      position="bottom"
      bodyClassName="chat-passage-popup"
      destroyOnClose
    >
      {citation?.reference ? (
        <PassageBody key={citation.id} citation={citation} reference={citation.reference} onClose={onClose} />
      ) : null}
    </Popup>
  );
}

/**
 * The passage sheet: the quoted text first (above the fold on a phone), the way into its whole chapter, then short
 * chips of the translations that hold the passage to read others beside it.
 */
function PassageBody({ citation, reference, onClose }: { citation: Citation; reference: string; onClose: () => void }) {
  const { t } = useTranslation('chat');
  const { api, storage } = useServices();
  const reader = expressionParams(storage);
  const translations = useQuery(translationsQuery(api, reference, reader));
  const [chosen, setChosen] = useState<string[] | null>(null);
  const selected = chosen ?? defaultTranslations(citation.translation, translations.data ?? []);
  const parallel = useQuery(parallelQuery(api, reference, selected, reader));
  const failed = translations.isError || parallel.isError;
  const loading = !failed && (translations.isPending || (selected.length > 0 && parallel.isPending));
  const [first, ...others] = parallel.data?.passages ?? [];
  const chapter = readerPath(reference, first?.translation.id ?? citation.translation);
  const toggle = (id: string) => {
    const next = selected.includes(id) ? selected.filter((x) => x !== id) : [...selected, id];
    if (next.length > 0 && next.length <= MAX_PARALLEL) setChosen(next);
  };

  return (
    <section className="chat-passage" data-testid="chat-passage" aria-label={t('passage.title')}>
      <header className="chat-passage-header">
        <h2>{first?.title ?? citation.label ?? citation.text}</h2>
        <Button size="small" fill="none" data-testid="chat-passage-close" onClick={onClose}>
          {t('passage.close')}
        </Button>
      </header>
      {first ? <PassageText passage={first} /> : null}
      {loading ? (
        <div className="chat-passage-status">
          {t('passage.loading')} <DotLoading />
        </div>
      ) : null}
      {failed ? (
        <p className="chat-passage-status" data-testid="chat-passage-error">
          {t('passage.failed')}{' '}
          <Button
            size="mini"
            onClick={() => {
              if (translations.isError) void translations.refetch();
              if (parallel.isError) void parallel.refetch();
            }}
          >
            {t('passage.retry')}
          </Button>
        </p>
      ) : null}
      {chapter ? (
        <Link to={chapter} className="chat-passage-read" data-testid="chat-passage-read" onClick={onClose}>
          {t('passage.readChapter')} ›
        </Link>
      ) : null}
      {translations.data && translations.data.length > 1 ? (
        <div className="chat-passage-translations" data-testid="chat-passage-translations">
          <span className="chat-passage-caption">{t('passage.translations')}</span>
          <ChipRow label={t('passage.translations')}>
            {translations.data.map((translation) => {
              const on = selected.includes(translation.id);
              return (
                <Chip
                  key={translation.id}
                  active={on}
                  tone="soft"
                  title={translation.name}
                  lang={translation.language}
                  disabled={!on && selected.length >= MAX_PARALLEL}
                  testId={`chat-passage-chip-${translation.id}`}
                  onClick={() => toggle(translation.id)}
                >
                  {translation.abbr}
                </Chip>
              );
            })}
          </ChipRow>
        </div>
      ) : null}
      {others.map((passage) => (
        <PassageText key={passage.translation.id} passage={passage} />
      ))}
    </section>
  );
}

function PassageText({ passage }: { passage: Passage }) {
  return (
    <article
      className="chat-passage-text"
      data-testid={`chat-passage-${passage.translation.id}`}
      lang={passage.translation.language}
    >
      <h3>{passage.translation.name}</h3>
      <p>
        {passage.verses.map((verse) => (
          <span key={`${verse.chapter}:${verse.verse}`}>
            <sup>{verse.verse}</sup>
            {verse.text}{' '}
          </span>
        ))}
      </p>
    </article>
  );
}
