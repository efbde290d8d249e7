import type { Citation, Translation } from '@bible-qa/contract';
import { useQuery } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import Popup from 'antd-mobile/es/components/popup';
import Selector from 'antd-mobile/es/components/selector';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { expressionParams } from '../../lib/preferences.ts';
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

function PassageBody({ citation, reference, onClose }: { citation: Citation; reference: string; onClose: () => void }) {
  const { t } = useTranslation('chat');
  const { api, storage } = useServices();
  const translations = useQuery(translationsQuery(api));
  const [chosen, setChosen] = useState<string[] | null>(null);
  const selected = chosen ?? defaultTranslations(citation.translation, translations.data ?? []);
  const parallel = useQuery(parallelQuery(api, reference, selected, expressionParams(storage)));
  const failed = translations.isError || parallel.isError;
  const loading = !failed && (translations.isPending || (selected.length > 0 && parallel.isPending));

  return (
    <section className="chat-passage" data-testid="chat-passage" aria-label={t('passage.title')}>
      <header className="chat-passage-header">
        <h2>{parallel.data?.passages[0]?.title ?? citation.label ?? citation.text}</h2>
        <Button size="small" fill="none" data-testid="chat-passage-close" onClick={onClose}>
          {t('passage.close')}
        </Button>
      </header>
      {translations.data ? (
        <div className="chat-passage-translations" data-testid="chat-passage-translations">
          <span className="chat-passage-caption">{t('passage.translations')}</span>
          <Selector
            multiple
            options={translations.data.map((translation) => ({
              label: translation.name,
              value: translation.id,
              disabled: !selected.includes(translation.id) && selected.length >= MAX_PARALLEL,
            }))}
            value={selected}
            onChange={(value) => value.length > 0 && setChosen(value)}
          />
        </div>
      ) : null}
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
      <div className="chat-passage-columns">
        {parallel.data?.passages.map((passage) => (
          <article
            key={passage.translation.id}
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
        ))}
      </div>
    </section>
  );
}
