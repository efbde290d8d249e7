import type { Measure } from '@bible-qa/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Dialog, DotLoading, Tag, TextArea } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../lib/i18n.ts';
import { Toast } from '../../lib/overlays.ts';
import { useMeasureMutations } from './admin-measures.queries.ts';

function status(measure: Measure): 'active' | 'lifted' | 'expired' {
  if (measure.active) return 'active';
  return measure.liftedAt ? 'lifted' : 'expired';
}

/** The account's measures, newest first: what, why, from when until when, and a lift (with its reason) for those in force. */
export function MeasureList({ query }: { query: UseQueryResult<Measure[]> }) {
  const { t } = useTranslation('setting');
  const { t: tc } = useTranslation();
  const locale = useLocale();
  const { lift } = useMeasureMutations();
  const [lifting, setLifting] = useState<Measure | null>(null);
  const [reason, setReason] = useState('');
  const when = (iso: string) => new Date(iso).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });

  function confirmLift() {
    const measure = lifting;
    const why = reason.trim();
    if (!measure || !why) return;
    lift.mutate(
      { measureId: measure.id, reason: why },
      {
        onSuccess: () => {
          setLifting(null);
          setReason('');
          Toast.show({ icon: 'success', content: t('measures.lifted') });
        },
      },
    );
  }

  return (
    <section className="admin-measures-card" data-testid="admin-measures-list">
      <h2>{t('measures.history')}</h2>
      {query.isPending ? <DotLoading /> : null}
      {query.data?.length === 0 ? <p className="admin-measures-note">{t('measures.none')}</p> : null}
      <ul>
        {query.data?.map((measure) => (
          <li key={measure.id} data-testid="admin-measure" data-kind={measure.kind} data-status={status(measure)}>
            <div className="admin-measures-head">
              <strong>{t(`measures.kind.${measure.kind}`)}</strong>
              <Tag color={measure.active ? 'danger' : 'default'}>{t(`measures.status.${status(measure)}`)}</Tag>
            </div>
            <p data-testid="admin-measure-reason">{t('measures.reasonIs', { reason: measure.reason })}</p>
            <p className="admin-measures-note">
              {t('measures.period', {
                start: when(measure.startsAt),
                end: measure.expiresAt ? when(measure.expiresAt) : t('measures.untilLifted'),
              })}
            </p>
            {measure.liftedAt ? (
              <p className="admin-measures-note" data-testid="admin-measure-lift-reason">
                {t('measures.liftedAt', { when: when(measure.liftedAt), reason: measure.liftReason ?? '—' })}
              </p>
            ) : null}
            {measure.active && measure.kind !== 'deletion' ? (
              <Button
                size="small"
                color="primary"
                fill="outline"
                data-testid="admin-measure-lift"
                onClick={() => setLifting(measure)}
              >
                {t('measures.lift')}
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
      <Dialog
        visible={lifting !== null}
        title={lifting ? t('measures.liftTitle', { kind: t(`measures.kind.${lifting.kind}`) }) : ''}
        content={
          <TextArea
            data-testid="admin-measure-lift-reason-input"
            placeholder={t('measures.liftReasonPlaceholder')}
            value={reason}
            onChange={setReason}
            rows={3}
            maxLength={500}
          />
        }
        onClose={() => setLifting(null)}
        actions={[
          [
            { key: 'cancel', text: tc('common.cancel'), onClick: () => setLifting(null) },
            {
              key: 'lift',
              text: <span data-testid="admin-measure-lift-confirm">{t('measures.lift')}</span>,
              bold: true,
              disabled: !reason.trim(),
              onClick: confirmLift,
            },
          ],
        ]}
      />
    </section>
  );
}
