import { Button, DotLoading, ErrorBlock, Tag } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Page } from '../../components/page.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useLocale } from '../../lib/i18n.ts';
import { expressionParams } from '../../lib/preferences.ts';
import { useServices } from '../../lib/services.tsx';
import { PassageText, PlanDayView, ReadingTime, useDevotionalHeading } from './devotional-parts.tsx';
import { infoQuery, translationQuery } from './devotionals.queries.ts';

const NOT_FOUND_CODE = 10006;

/**
 * One reading: the day's verse in the reader's translation, the reading itself (original; translated by AI into the
 * reader's language, labelled, with the English a tap away; or, with no translation yet, the English reflection after
 * the day's plan readings in the reader's Bible, which then lead), its reading time and the plan's day.
 */
export function DevotionalDetailView({ id }: { id: string }) {
  const { t } = useTranslation('devotionals');
  const { api, storage } = useServices();
  const locale = useLocale();
  const navigate = useNavigate();
  const heading = useDevotionalHeading();
  const info = useQuery(infoQuery(api, id, locale, expressionParams(storage)));
  // A stored translation comes with the reading; else, with a model, it is asked for (and stored for the next reader).
  const translation = useQuery(
    translationQuery(api, id, locale, info.data?.machineTranslation === true && !info.data.translated),
  );
  const [showOriginal, setShowOriginal] = useState(false);
  const backToList = () => navigate('/devotionals', { replace: true });

  if (info.isPending) {
    return (
      <Page testId="page-devotionals">
        <div className="devotional-detail" data-testid="devotional-loading">
          <DotLoading />
        </div>
      </Page>
    );
  }
  if (info.isError) {
    const missing = info.error instanceof ApiError && info.error.code === NOT_FOUND_CODE;
    return (
      <Page testId="page-devotionals">
        <ErrorBlock
          status={missing ? 'empty' : 'default'}
          title={missing ? t('notFound') : t('error')}
          description={missing ? null : t('errorHint')}
          data-testid={missing ? 'devotionals-not-found' : 'devotional-error'}
        >
          {missing ? null : (
            <Button color="primary" onClick={() => void info.refetch()}>
              {t('retry')}
            </Button>
          )}{' '}
          <Button color="primary" fill="outline" onClick={backToList}>
            {t('backToList')}
          </Button>
        </ErrorBlock>
      </Page>
    );
  }

  const detail = info.data;
  const available = detail.translated ?? translation.data ?? null;
  const translated = available && !showOriginal ? available : null;
  const presentation = translated ? 'machine_translated' : available ? 'related_literature' : detail.presentation;
  // No translation in the reader's language (none stored, no model): their Bible's readings for the day lead.
  const untranslated = detail.presentation !== 'original' && !available && !translation.isFetching;
  const text = translated?.text ?? detail.text;
  const paragraphs = text.split(/\n\s*\n|\n/).filter((p) => p.trim());

  return (
    <Page testId="page-devotionals">
      <article className="devotional-detail" data-testid="devotional-detail" data-id={detail.id}>
        <h2 data-testid="devotional-detail-title">{heading(detail)}</h2>
        <div className="devotional-detail-meta">
          <ReadingTime minutes={translated?.readingMinutes ?? detail.readingMinutes} />
          {presentation !== 'original' ? (
            <Tag
              color={presentation === 'machine_translated' ? 'warning' : 'default'}
              fill="outline"
              data-testid="devotional-presentation"
              data-presentation={presentation}
            >
              {t(presentation === 'machine_translated' ? 'machineTranslated' : 'related')}
            </Tag>
          ) : null}
        </div>

        {untranslated && detail.plan ? (
          <div className="devotional-lead" data-testid="devotional-plan-lead">
            <PlanDayView plan={detail.plan} open />
          </div>
        ) : null}

        <section className="devotional-scripture" data-testid="devotional-scripture">
          {detail.passages.length > 0
            ? detail.passages.map((passage) => (
                <PassageText key={passage.reference} passage={passage} testId="devotional-passage" />
              ))
            : null}
          {detail.passages.length === 0 || detail.presentation === 'original' ? (
            <p lang={detail.lang}>{detail.scripture}</p>
          ) : null}
        </section>

        {presentation === 'related_literature' ? (
          <p className="devotional-notice" data-testid="devotional-related-notice">
            {translation.isFetching ? t('translating') : available ? t('originalHint') : t('relatedHint')}
          </p>
        ) : null}
        {presentation === 'machine_translated' ? (
          <p className="devotional-notice" data-testid="devotional-machine-notice">
            {t('machineTranslatedHint')}
          </p>
        ) : null}
        {available ? (
          <Button size="mini" fill="outline" onClick={() => setShowOriginal((v) => !v)} data-testid="devotional-toggle">
            {showOriginal ? t('showTranslation') : t('showOriginal')}
          </Button>
        ) : null}

        <h3 lang={translated ? locale : detail.lang}>{translated?.title ?? detail.title}</h3>
        <div className="devotional-text" data-testid="devotional-text" lang={translated ? locale : detail.lang}>
          {paragraphs.map((p, i) => (
            <p key={i}>{p}</p>
          ))}
        </div>
      </article>
      {detail.plan && !(untranslated && detail.plan) ? (
        <div className="devotionals-section">
          <PlanDayView plan={detail.plan} />
        </div>
      ) : null}
    </Page>
  );
}
