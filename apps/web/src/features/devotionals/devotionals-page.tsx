import { Button, ErrorBlock, Selector } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { Page } from '../../components/page.tsx';

const RANGES = ['day', 'week', 'month'] as const;
type Range = (typeof RANGES)[number];

/**
 * /devotionals/:id? — the daily devotionals, filtered by day, week or month (spec §2). The devotional service is not
 * part of the API yet, so the list is empty and an id shows the not-found state.
 */
export function DevotionalsPage() {
  const { t } = useTranslation('devotionals');
  const navigate = useNavigate();
  const { id } = useParams();
  const [range, setRange] = useState<Range>('day');

  if (id) {
    return (
      <Page testId="page-devotionals">
        <ErrorBlock status="empty" title={t('notFound')} description={null} data-testid="devotionals-not-found">
          <Button color="primary" fill="outline" onClick={() => navigate('/devotionals', { replace: true })}>
            {t('backToList')}
          </Button>
        </ErrorBlock>
      </Page>
    );
  }

  return (
    <Page testId="page-devotionals">
      <Selector<Range>
        data-testid="devotionals-range"
        columns={3}
        showCheckMark={false}
        options={RANGES.map((value) => ({ value, label: t(`filter.${value}`) }))}
        value={[range]}
        onChange={(values) => values[0] && setRange(values[0])}
      />
      <ErrorBlock status="empty" title={t('empty')} description={t('emptyHint')} data-testid="devotionals-empty" />
    </Page>
  );
}
