import type { DevotionalSummary, Passage, PlanDay } from '@bible-qa/contract';
import { Collapse, List, Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { readerPath } from '../../lib/reader-link.ts';
import { formatDate } from './devotional-filter.ts';

/** "约 2 分钟" — the reading time the server computed from the text's length and language. */
export function ReadingTime({ minutes, testId = 'devotional-reading-time' }: { minutes: number; testId?: string }) {
  const { t } = useTranslation('devotionals');
  return (
    <span className="devotional-reading-time" data-testid={testId}>
      {t('readingTime', { count: minutes })}
    </span>
  );
}

/** The day and period of a reading: the listed date when there is one, else its month and day. */
export function useDevotionalHeading(): (d: Pick<DevotionalSummary, 'date' | 'month' | 'day' | 'period'>) => string {
  const { t, i18n } = useTranslation('devotionals');
  return (d) => `${formatDate(i18n.language, d.date ?? { month: d.month, day: d.day })} · ${t(`period.${d.period}`)}`;
}

/**
 * One reading in a list: its day and period, its verse, reading time and, for other languages, whether it is
 * translated by AI or offered in English.
 */
export function DevotionalItem({ item, onOpen }: { item: DevotionalSummary; onOpen: (id: string) => void }) {
  const { t } = useTranslation('devotionals');
  const heading = useDevotionalHeading();
  return (
    <List.Item
      data-testid="devotional-item"
      data-id={item.id}
      data-date={item.date ?? ''}
      data-period={item.period}
      onClick={() => onOpen(item.id)}
      description={
        <span className="devotional-item-meta">
          <ReadingTime minutes={item.readingMinutes} />
          {item.presentation === 'related_literature' ? (
            <Tag color="default" fill="outline" data-testid="devotional-related-tag">
              {t('related')}
            </Tag>
          ) : item.presentation === 'machine_translated' ? (
            <Tag color="warning" fill="outline" data-testid="devotional-translated-tag">
              {t('machineTranslated')}
            </Tag>
          ) : null}
        </span>
      }
    >
      <div className="devotional-item-title">{heading(item)}</div>
      <div className="devotional-item-scripture">{item.referenceTitle ?? item.scripture}</div>
    </List.Item>
  );
}

/** A reading's text in the reader's translation, with the way into its whole chapter in the chapter reader. */
export function PassageText({ passage, testId }: { passage: Passage; testId?: string }) {
  const { t } = useTranslation('devotionals');
  const chapter = readerPath(passage.reference, passage.translation.id);
  return (
    <div className="devotional-passage" data-testid={testId} lang={passage.translation.language}>
      <div className="devotional-passage-title">
        {passage.title} · {passage.translation.name}
        {chapter ? (
          <>
            {' '}
            <Link
              to={chapter}
              className="devotional-read"
              data-testid={testId ? `${testId}-read` : undefined}
              onClick={(event) => event.stopPropagation()}
            >
              {t('readChapter')} ›
            </Link>
          </>
        ) : null}
      </div>
      <p>
        {passage.verses.map((v) => (
          <span key={`${v.chapter}.${v.verse}`}>
            <sup>{v.verse}</sup>
            {v.text}{' '}
          </span>
        ))}
      </p>
    </div>
  );
}

/**
 * The M'Cheyne day: two family and two secret readings, each opening to its text in the reader's translation (all
 * open when `open`: the day's readings leading a reflection not yet in the reader's language).
 */
export function PlanDayView({ plan, open = false }: { plan: PlanDay; open?: boolean }) {
  const { t } = useTranslation('devotionals');
  return (
    <section className="devotional-plan" data-testid="devotionals-plan" data-day={plan.day}>
      <h3 className="devotional-section-title">{t('plan.title', { day: plan.day })}</h3>
      <Link to={`/plans/${plan.planId}`} className="devotional-read" data-testid="devotionals-plan-open">
        {t('plan.open')} ›
      </Link>
      <Collapse defaultActiveKey={open ? plan.readings.map((_, i) => String(i)) : []}>
        {plan.readings.map((reading, i) => (
          <Collapse.Panel
            key={String(i)}
            title={
              <span data-testid={`devotionals-plan-reading-${i + 1}`}>
                <Tag color={i < 2 ? 'primary' : 'success'} fill="outline">
                  {t(i < 2 ? 'plan.family' : 'plan.secret')}
                </Tag>{' '}
                {reading.title}
              </span>
            }
          >
            {reading.passages.length > 0 ? (
              reading.passages.map((passage) => (
                <PassageText key={passage.reference} passage={passage} testId={`devotionals-plan-passage-${i + 1}`} />
              ))
            ) : (
              <p className="devotional-muted" data-testid={`devotionals-plan-missing-${i + 1}`}>
                {t('plan.missing')}
              </p>
            )}
          </Collapse.Panel>
        ))}
      </Collapse>
    </section>
  );
}
