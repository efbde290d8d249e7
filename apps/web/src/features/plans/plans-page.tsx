import type { PlanDayState, PlanProgress, PlanSummary } from '@bible-qa/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Checkbox, DotLoading, ErrorBlock, Input, ProgressBar } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { GuestPrompt } from '../../components/guest-prompt.tsx';
import { Page } from '../../components/page.tsx';
import { useLocale } from '../../lib/i18n.ts';
import { Dialog, Toast } from '../../lib/overlays.ts';
import { expressionParams } from '../../lib/preferences.ts';
import { chapterPath, readerPath } from '../../lib/reader-link.ts';
import { useServices } from '../../lib/services.tsx';
import { useSession } from '../../lib/session.ts';
import {
  localDate,
  planCalendarQuery,
  planDayQuery,
  plansQuery,
  useMarkPlan,
  useStartPlan,
  useStopPlan,
} from './plans.queries.ts';
import './plans.css';

/** /plans — the reading plans; /plans/:id — one plan: today's readings to mark read, progress, streak, calendar. */
export function PlansPage() {
  const { id } = useParams();
  return id ? <PlanView planId={id} /> : <PlanList />;
}

/** A plan's name and description from the catalogue; a plan the catalogue does not know goes by its id. */
function usePlanName() {
  const { t, i18n } = useTranslation('plans');
  return (id: string) => ({
    name: i18n.exists(`plans:names.${id}.name`) ? t(`names.${id}.name` as 'names.mcheyne.name') : id,
    description: i18n.exists(`plans:names.${id}.description`)
      ? t(`names.${id}.description` as 'names.mcheyne.description')
      : '',
  });
}

function GuestNotice() {
  const { t } = useTranslation('plans');
  const { loggedIn } = useSession();
  if (loggedIn) return null;
  const here = `${window.location.pathname}${window.location.search}`;
  return <GuestPrompt text={t('guestKept')} returnTo={here} testId="plans-guest" />;
}

function PlanList() {
  const { t } = useTranslation('plans');
  const { api } = useServices();
  const [today] = useState(localDate);
  const list = useQuery(plansQuery(api, today));
  return (
    <Page testId="page-plans" tone="muted">
      <GuestNotice />
      {list.isPending ? (
        <div className="plans-status">
          <DotLoading />
        </div>
      ) : list.isError ? (
        <ErrorBlock status="default" title={t('error')} description={null} data-testid="plans-error">
          <Button color="primary" onClick={() => void list.refetch()}>
            {t('retry')}
          </Button>
        </ErrorBlock>
      ) : list.data.length === 0 ? (
        <ErrorBlock status="empty" title={t('none')} description={null} data-testid="plans-none" />
      ) : (
        list.data.map((plan) => <PlanCard key={plan.id} plan={plan} today={today} />)
      )}
    </Page>
  );
}

function PlanCard({ plan, today }: { plan: PlanSummary; today: string }) {
  const { t } = useTranslation('plans');
  const navigate = useNavigate();
  const planName = usePlanName();
  const { name, description } = planName(plan.id);
  return (
    <section className="plans-card" data-testid={`plans-card-${plan.id}`}>
      <h2>{name}</h2>
      {description ? <p className="plans-description">{description}</p> : null}
      <p className="plans-meta">{t('shape', { days: plan.days, readings: plan.readingsPerDay })}</p>
      {plan.progress ? (
        <>
          <ProgressSummary progress={plan.progress} days={plan.days} />
          <Button
            color="primary"
            className="plans-continue"
            data-testid={`plans-open-${plan.id}`}
            onClick={() => navigate(`/plans/${plan.id}`)}
          >
            {t('continue')}
          </Button>
        </>
      ) : (
        <StartForm planId={plan.id} today={today} />
      )}
    </section>
  );
}

/** Day 1 on a chosen date (today unless changed). */
function StartForm({ planId, today, label }: { planId: string; today: string; label?: string }) {
  const { t } = useTranslation('plans');
  const start = useStartPlan();
  const navigate = useNavigate();
  const [startDate, setStartDate] = useState(today);
  async function submit() {
    try {
      await start.mutateAsync({ planId, startDate, date: today });
    } catch {
      return; // the API client has said why
    }
    Toast.show({ content: t('started') });
    navigate(`/plans/${planId}`);
  }
  return (
    <div className="plans-start">
      <label className="plans-start-date">
        <span>{t('startOn')}</span>
        <Input
          type="date"
          value={startDate}
          data-testid="plans-start-date"
          aria-label={t('startOn')}
          onChange={(value) => value && setStartDate(value)}
        />
      </label>
      <Button
        color={label ? 'default' : 'primary'}
        loading={start.isPending}
        data-testid="plans-start"
        onClick={() => void submit()}
      >
        {label ?? t('start')}
      </Button>
    </div>
  );
}

function ProgressSummary({ progress, days }: { progress: PlanProgress; days: number }) {
  const { t } = useTranslation('plans');
  return (
    <div className="plans-progress" data-testid="plans-progress">
      <ProgressBar percent={progress.percent} aria-label={t('percent', { percent: progress.percent })} />
      <p className="plans-progress-line">
        <span data-testid="plans-progress-percent">{t('percent', { percent: progress.percent })}</span>
        {' · '}
        <span data-testid="plans-progress-days">{t('completed', { count: progress.completedDays, days })}</span>
      </p>
      <p className="plans-progress-line">
        <span data-testid="plans-streak" data-streak={progress.streak}>
          {t('streak', { count: progress.streak })}
        </span>
        {progress.bestStreak > progress.streak ? <> · {t('bestStreak', { count: progress.bestStreak })}</> : null}
        {progress.behind > 0 && !progress.finished ? (
          <>
            {' · '}
            <span data-testid="plans-behind">{t('behind', { count: progress.behind })}</span>
          </>
        ) : null}
      </p>
      {progress.finished ? (
        <p className="plans-finished" data-testid="plans-finished">
          {t('finished')}
        </p>
      ) : null}
    </div>
  );
}

function PlanView({ planId }: { planId: string }) {
  const { t } = useTranslation('plans');
  const { api, storage } = useServices();
  const locale = useLocale();
  const navigate = useNavigate();
  const planName = usePlanName();
  const [params, setParams] = useSearchParams();
  const [today] = useState(localDate);
  const asked = Number(params.get('day'));
  const dayNumber = Number.isInteger(asked) && asked >= 1 ? asked : null;
  const day = useQuery(planDayQuery(api, { planId, day: dayNumber, date: today }, locale, expressionParams(storage)));
  const calendar = useQuery(planCalendarQuery(api, planId, today));
  const stop = useStopPlan();
  const progress = day.data?.progress ?? null;
  const go = (n: number) => setParams({ day: String(n) }, { replace: true });

  async function leave() {
    const confirmed = await Dialog.confirm({ content: t('leaveConfirm') });
    if (!confirmed) return;
    try {
      await stop.mutateAsync(planId);
    } catch {
      return;
    }
    Toast.show({ content: t('left') });
    navigate('/plans', { replace: true });
  }

  return (
    <Page testId="page-plan" title={planName(planId).name} tone="muted">
      <GuestNotice />
      {day.isPending ? (
        <div className="plans-status">
          <DotLoading />
        </div>
      ) : day.isError ? (
        <ErrorBlock status="empty" title={t('notFound')} description={null} data-testid="plan-not-found">
          <Button color="primary" fill="outline" onClick={() => navigate('/plans')}>
            {t('allPlans')}
          </Button>
        </ErrorBlock>
      ) : (
        <>
          <section className="plans-card">
            {progress ? (
              <ProgressSummary progress={progress} days={day.data.days} />
            ) : (
              <>
                <p className="plans-description">{planName(planId).description}</p>
                <StartForm planId={planId} today={today} />
              </>
            )}
          </section>
          <DayCard state={day.data} today={today} onGo={go} started={progress !== null} />
          {progress && calendar.data ? (
            <section className="plans-card" data-testid="plan-calendar">
              <h3>{t('calendar')}</h3>
              <div className="plans-calendar">
                {Array.from({ length: calendar.data.days }, (_, i) => i + 1).map((n) => {
                  const state = calendar.data.complete.includes(n)
                    ? 'complete'
                    : calendar.data.partial.includes(n)
                      ? 'partial'
                      : 'open';
                  return (
                    <button
                      key={n}
                      type="button"
                      className={`plans-cell is-${state}${n === progress.today ? ' is-today' : ''}${n === day.data.day ? ' is-shown' : ''}`}
                      data-testid={`plan-cell-${n}`}
                      data-state={state}
                      aria-label={t(`cell.${state}`, { day: n })}
                      onClick={() => go(n)}
                    />
                  );
                })}
              </div>
            </section>
          ) : null}
          {progress ? (
            <section className="plans-card plans-settings">
              <StartForm planId={planId} today={progress.startDate} label={t('moveStart')} />
              <Button size="small" color="danger" fill="outline" data-testid="plan-leave" onClick={() => void leave()}>
                {t('leave')}
              </Button>
            </section>
          ) : null}
        </>
      )}
    </Page>
  );
}

/** The chapter reader's address of a reading: the whole chapter for "Genesis 1", the verses for "Exodus 12:21-51". */
function readingLink(label: string, reference: string): string {
  const whole = !label.includes(':');
  const match = /^([1-4A-Z][A-Z0-9]{2})\.(\d+)/.exec(reference);
  if (whole && match) return chapterPath({ book: match[1]!, chapter: Number(match[2]) });
  return readerPath(reference) ?? '/read/GEN/1';
}

function DayCard({
  state,
  today,
  onGo,
  started,
}: {
  state: PlanDayState;
  today: string;
  onGo: (day: number) => void;
  started: boolean;
}) {
  const { t, i18n } = useTranslation('plans');
  const mark = useMarkPlan();
  const allRead = state.readings.every((r) => r.read);
  const date = state.date
    ? new Intl.DateTimeFormat(i18n.language, { month: 'long', day: 'numeric', weekday: 'short' }).format(
        new Date(`${state.date}T00:00:00`),
      )
    : null;

  async function set(read: boolean, reading?: number) {
    try {
      await mark.mutateAsync({
        planId: state.planId,
        day: state.day,
        read,
        date: today,
        ...(reading !== undefined ? { reading } : {}),
      });
    } catch {
      return; // the API client has said why
    }
    if (
      read &&
      (reading === undefined ||
        state.readings.filter((r, i) => r.read || i === reading).length === state.readings.length)
    ) {
      Toast.show({ content: t('dayDone') });
    }
  }

  return (
    <section className="plans-card" data-testid="plan-day" data-day={state.day}>
      <div className="plans-day-nav">
        <Button
          size="mini"
          disabled={state.day <= 1}
          aria-label={t('previousDay')}
          data-testid="plan-day-previous"
          onClick={() => onGo(state.day - 1)}
        >
          ‹
        </Button>
        <h3 data-testid="plan-day-title">
          {t('day', { day: state.day, days: state.days })}
          {date ? <small> · {date}</small> : null}
        </h3>
        <Button
          size="mini"
          disabled={state.day >= state.days}
          aria-label={t('nextDay')}
          data-testid="plan-day-next"
          onClick={() => onGo(state.day + 1)}
        >
          ›
        </Button>
      </div>
      <ul className="plans-readings">
        {state.readings.map((reading, i) => (
          <li key={`${state.day}-${i}`} data-testid={`plan-reading-${i + 1}`} data-read={reading.read}>
            <Checkbox
              checked={reading.read}
              disabled={!started || mark.isPending}
              data-testid={`plan-reading-check-${i + 1}`}
              onChange={(read) => void set(read, i)}
            >
              <span className={reading.read ? 'plans-reading-read' : undefined}>{reading.title}</span>
            </Checkbox>
            {reading.references.map((reference) => (
              <Link
                key={reference}
                to={readingLink(reading.label, reference)}
                className="plans-read-link"
                data-testid={`plan-reading-open-${i + 1}`}
              >
                {t('read')} ›
              </Link>
            ))}
          </li>
        ))}
      </ul>
      {started ? (
        <Button
          block
          color={allRead ? 'default' : 'primary'}
          data-testid="plan-day-mark"
          loading={mark.isPending}
          onClick={() => void set(!allRead)}
        >
          {allRead ? t('markUnread') : t('markRead')}
        </Button>
      ) : (
        <p className="plans-meta">{t('startToMark')}</p>
      )}
    </section>
  );
}
