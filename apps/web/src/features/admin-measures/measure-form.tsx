import { MEASURE_KINDS, type MeasureKind } from '@bible-qa/contract';
import { Button, Selector, TextArea } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog, Toast } from '../../lib/overlays.ts';
import { useMeasureMutations } from './admin-measures.queries.ts';

const REASON_MAX = 500;
const DAY_MS = 24 * 3_600_000;
/** How long a measure lasts: until lifted, or a number of days. */
const DURATIONS = ['none', '1', '7', '30'] as const;
type Duration = (typeof DURATIONS)[number];
/** Measures that end the account's sessions or the account itself: asked twice. */
const GRAVE: readonly MeasureKind[] = ['suspension', 'lock', 'deletion'];

/** Applies a measure to the account, with its reason and how long it lasts. */
export function MeasureForm({ userId }: { userId: string }) {
  const { t } = useTranslation('setting');
  const { apply } = useMeasureMutations();
  const [kind, setKind] = useState<MeasureKind>('warning');
  const [duration, setDuration] = useState<Duration>('none');
  const [reason, setReason] = useState('');
  const [error, setError] = useState(false);

  async function submit() {
    const why = reason.trim();
    if (!why) return setError(true);
    setError(false);
    if (GRAVE.includes(kind)) {
      const sure = await Dialog.confirm({
        title: t(`measures.kind.${kind}`),
        content: t(`measures.confirm.${kind as 'suspension' | 'lock' | 'deletion'}`),
      });
      if (!sure) return;
    }
    const expiresAt =
      duration === 'none' || kind === 'deletion'
        ? null
        : new Date(Date.now() + Number(duration) * DAY_MS).toISOString();
    apply.mutate(
      { userId, kind, reason: why, expiresAt },
      {
        onSuccess: () => {
          setReason('');
          Toast.show({ icon: 'success', content: t('measures.applied') });
        },
      },
    );
  }

  return (
    <section className="admin-measures-card" data-testid="admin-measures-form">
      <h2>{t('measures.apply')}</h2>
      <Selector
        columns={3}
        value={[kind]}
        onChange={(value) => value[0] && setKind(value[0])}
        options={MEASURE_KINDS.map((value) => ({
          value,
          label: <span data-testid={`admin-measures-kind-${value}`}>{t(`measures.kind.${value}`)}</span>,
        }))}
      />
      <p className="admin-measures-note">{t(`measures.effect.${kind}`)}</p>
      {kind === 'deletion' ? null : (
        <>
          <h3>{t('measures.duration')}</h3>
          <Selector
            value={[duration]}
            onChange={(value) => value[0] && setDuration(value[0])}
            options={DURATIONS.map((value) => ({
              value,
              label: (
                <span data-testid={`admin-measures-duration-${value}`}>
                  {value === 'none' ? t('measures.untilLifted') : t('measures.days', { count: Number(value) })}
                </span>
              ),
            }))}
          />
        </>
      )}
      <TextArea
        className="admin-measures-reason"
        data-testid="admin-measures-reason"
        placeholder={t('measures.reasonPlaceholder')}
        value={reason}
        onChange={(value) => {
          setReason(value);
          setError(false);
        }}
        rows={2}
        maxLength={REASON_MAX}
        showCount
      />
      {error ? (
        <p className="admin-measures-error" role="alert" data-testid="admin-measures-reason-required">
          {t('measures.reasonRequired')}
        </p>
      ) : null}
      <Button
        block
        color={GRAVE.includes(kind) ? 'danger' : 'primary'}
        loading={apply.isPending}
        data-testid="admin-measures-apply"
        onClick={() => void submit()}
      >
        {t('measures.applyKind', { kind: t(`measures.kind.${kind}`) })}
      </Button>
    </section>
  );
}
