import { Button, ErrorBlock, Tabs } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Page } from '../../components/page.tsx';
import { useVerifiedSession } from '../../lib/use-verified-session.ts';
import { REDIRECT_PARAM } from '../../lib/use-auth.ts';
import { feedbackKeys } from './feedback.queries.ts';
import { FeedbackForm } from './feedback-form.tsx';
import { FeedbackRecords } from './feedback-records.tsx';
import './feedback.css';

type Tab = 'submit' | 'records';

/** /feedback — the submit form and the records tab with replies (spec §2). Logged-in users only. */
export function FeedbackPage() {
  const { t } = useTranslation('feedback');
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { loggedIn } = useVerifiedSession();
  const [tab, setTab] = useState<Tab>('submit');

  if (!loggedIn) {
    return (
      <Page testId="page-feedback">
        <ErrorBlock status="empty" title={t('guestHint')} description={null} data-testid="feedback-guest">
          <Button
            color="primary"
            onClick={() => navigate(`/login?${REDIRECT_PARAM}=${encodeURIComponent('/feedback')}`)}
          >
            {tc('common.loginNow')}
          </Button>
        </ErrorBlock>
      </Page>
    );
  }
  return (
    <Page testId="page-feedback" tone="muted">
      <Tabs activeKey={tab} onChange={(key) => setTab(key as Tab)} className="feedback-tabs">
        <Tabs.Tab key="submit" title={<span data-testid="feedback-tab-submit">{t('tab.submit')}</span>}>
          <FeedbackForm
            onSent={() => {
              void queryClient.invalidateQueries({ queryKey: feedbackKeys.all });
              setTab('records');
            }}
          />
        </Tabs.Tab>
        <Tabs.Tab key="records" title={<span data-testid="feedback-tab-records">{t('tab.records')}</span>}>
          {tab === 'records' ? <FeedbackRecords /> : null}
        </Tabs.Tab>
      </Tabs>
    </Page>
  );
}
