import type { DevotionalToday } from '@bible-qa/contract';
import { Button, DotLoading, ErrorBlock, Input, List, PullToRefresh, Selector } from 'antd-mobile';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { LoadMore } from '../../components/load-more.tsx';
import { Page } from '../../components/page.tsx';
import { useLocale } from '../../lib/i18n.ts';
import { expressionParams } from '../../lib/preferences.ts';
import { useServices } from '../../lib/services.tsx';
import { PULL_REFRESH_HEAD_HEIGHT, PULL_REFRESH_SUCCESS_MS } from '../../lib/theme.ts';
import { DevotionalDetailView } from './devotional-detail.tsx';
import {
  DAY_CHOICES,
  FILTER_MODES,
  formatDate,
  listParams,
  localDate,
  readFilter,
  stepFilter,
  writeFilter,
  type DevotionalFilter,
  type FilterMode,
} from './devotional-filter.ts';
import { DevotionalItem, PlanDayView } from './devotional-parts.tsx';
import { listQuery, todayQuery } from './devotionals.queries.ts';
import './devotionals.css';

/** /devotionals/:id? — today's readings and plan day, the readings of a chosen span, or one reading (spec §2). */
export function DevotionalsPage() {
  const { id } = useParams();
  return id ? <DevotionalDetailView id={id} /> : <DevotionalsHome />;
}

function DevotionalsHome() {
  const { t } = useTranslation('devotionals');
  const { api, storage } = useServices();
  const locale = useLocale();
  const reader = expressionParams(storage);
  const navigate = useNavigate();
  // The reader's day; a pull-to-refresh after midnight moves it on.
  const [today, setToday] = useState(localDate);
  const [searchParams, setSearchParams] = useSearchParams();
  const filter = readFilter(searchParams, today);
  const setFilter = (next: DevotionalFilter) => setSearchParams(writeFilter(next), { replace: true });

  const todayResult = useQuery(todayQuery(api, today, locale, reader));
  const list = useInfiniteQuery(listQuery(api, listParams(filter), today, locale, reader));
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const first = list.data?.pages[0];
  const open = (id: string) => navigate(`/devotionals/${encodeURIComponent(id)}`);

  async function refresh() {
    const now = localDate();
    if (now !== today) setToday(now);
    else await Promise.all([todayResult.refetch(), list.refetch()]);
  }

  return (
    <Page testId="page-devotionals" tone="muted">
      <PullToRefresh
        onRefresh={refresh}
        headHeight={PULL_REFRESH_HEAD_HEIGHT}
        threshold={PULL_REFRESH_HEAD_HEIGHT}
        completeDelay={PULL_REFRESH_SUCCESS_MS}
        renderText={(status) => <span data-testid="devotionals-pull-status">{t(`pull.${status}`)}</span>}
      >
        <section className="devotionals-section" data-testid="devotionals-today">
          <h2 className="devotional-section-title">{t('today.title')}</h2>
          <div className="devotional-section-sub" data-testid="devotionals-today-date">
            {formatDate(locale, today, {
              year: 'numeric',
              month: 'long',
              day: 'numeric',
              weekday: 'long',
            })}
          </div>
          {todayResult.isPending ? (
            <div className="devotional-section-sub">
              <DotLoading />
            </div>
          ) : todayResult.isError ? (
            <LoadError onRetry={() => void todayResult.refetch()} testId="devotionals-today-error" />
          ) : (
            <>
              {/* Readings not yet in the reader's language: their Bible's plan readings for the day come first. */}
              {todayResult.data.plan && leadWithPlan(todayResult.data) ? (
                <PlanDayView plan={todayResult.data.plan} />
              ) : null}
              {todayResult.data.devotionals.length > 0 ? (
                <List>
                  {todayResult.data.devotionals.map((item) => (
                    <DevotionalItem key={item.id} item={item} onOpen={open} />
                  ))}
                </List>
              ) : (
                <ErrorBlock
                  status="empty"
                  title={t('today.empty')}
                  description={t('today.emptyHint')}
                  data-testid="devotionals-today-empty"
                />
              )}
              {todayResult.data.plan && !leadWithPlan(todayResult.data) ? (
                <PlanDayView plan={todayResult.data.plan} />
              ) : null}
            </>
          )}
        </section>

        <section className="devotionals-section" data-testid="devotionals-list">
          <h2 className="devotional-section-title">{t('filter.title')}</h2>
          <FilterBar filter={filter} onChange={setFilter} />
          {first ? (
            <div className="devotional-section-sub" data-testid="devotionals-range">
              {t('filter.rangeLabel', {
                start: formatDate(locale, first.startDate, { month: 'short', day: 'numeric', year: 'numeric' }),
                end: formatDate(locale, first.endDate, { month: 'short', day: 'numeric', year: 'numeric' }),
              })}{' '}
              · {t('list.total', { count: first.total })}
            </div>
          ) : null}
          {list.isError && items.length === 0 ? (
            <LoadError onRetry={() => void list.refetch()} testId="devotionals-error" />
          ) : first && items.length === 0 ? (
            <ErrorBlock
              status="empty"
              title={t('empty')}
              description={t('emptyHint')}
              data-testid="devotionals-empty"
            />
          ) : (
            <List>
              {items.map((item) => (
                <DevotionalItem key={`${item.date}-${item.id}`} item={item} onOpen={open} />
              ))}
            </List>
          )}
          <LoadMore list={list} ns="devotionals" testId="devotionals" hasItems={items.length > 0} />
        </section>
      </PullToRefresh>
    </Page>
  );
}

/** The day's readings lead when a devotional of the day is only in English for this reader. */
const leadWithPlan = (day: DevotionalToday) => day.devotionals.some((d) => d.presentation === 'related_literature');

function LoadError({ onRetry, testId }: { onRetry: () => void; testId: string }) {
  const { t } = useTranslation('devotionals');
  return (
    <ErrorBlock status="default" title={t('error')} description={t('errorHint')} data-testid={testId}>
      <Button color="primary" fill="outline" onClick={onRetry}>
        {t('retry')}
      </Button>
    </ErrorBlock>
  );
}

/** The §2 filters: a week or a month around a date, the N days ending on a date, or a start and end date. */
function FilterBar({ filter, onChange }: { filter: DevotionalFilter; onChange: (next: DevotionalFilter) => void }) {
  const { t } = useTranslation('devotionals');
  const dateInput = (key: 'date' | 'start' | 'end', label: string) => (
    <Input
      type="date"
      data-testid={`devotionals-filter-${key}`}
      aria-label={label}
      value={filter[key]}
      onChange={(value) => value && onChange({ ...filter, [key]: value })}
    />
  );
  return (
    <div className="devotional-filter">
      <Selector<FilterMode>
        columns={4}
        showCheckMark={false}
        data-testid="devotionals-filter-mode"
        options={FILTER_MODES.map((mode) => ({
          value: mode,
          label: <span data-testid={`devotionals-filter-${mode}`}>{t(`filter.${mode}`)}</span>,
        }))}
        value={[filter.mode]}
        onChange={(values) => values[0] && onChange({ ...filter, mode: values[0] })}
      />
      {filter.mode === 'range' ? (
        <div className="devotional-filter-row">
          {dateInput('start', t('filter.start'))}
          {dateInput('end', t('filter.end'))}
        </div>
      ) : (
        <>
          {filter.mode === 'days' ? (
            <Selector<number>
              columns={4}
              showCheckMark={false}
              options={DAY_CHOICES.map((n) => ({
                value: n,
                label: <span data-testid={`devotionals-days-${n}`}>{t('filter.daysOption', { count: n })}</span>,
              }))}
              value={[filter.days]}
              onChange={(values) => values[0] && onChange({ ...filter, days: values[0] })}
            />
          ) : null}
          <div className="devotional-filter-row">
            <Button size="small" onClick={() => onChange(stepFilter(filter, -1))} data-testid="devotionals-filter-prev">
              {t('filter.prev')}
            </Button>
            {dateInput('date', t(filter.mode === 'days' ? 'filter.end' : 'filter.date'))}
            <Button size="small" onClick={() => onChange(stepFilter(filter, 1))} data-testid="devotionals-filter-next">
              {t('filter.next')}
            </Button>
          </div>
        </>
      )}
    </div>
  );
}
