import type { AdminFeedback } from '@bible-qa/contract';
import { Button, ErrorBlock, Tabs, Tag, TextArea } from 'antd-mobile';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../components/page.tsx';
import { PagedCardList } from '../../components/paged-card-list.tsx';
import { StoredImage } from '../../components/stored-image.tsx';
import { useLocale } from '../../lib/i18n.ts';
import { useServices } from '../../lib/services.tsx';
import { useVerifiedSession } from '../../lib/use-verified-session.ts';
import {
  adminFeedbackKeys,
  adminFeedbackQuery,
  replyToFeedback,
  type RepliedFilter,
} from './admin-feedback.queries.ts';
import './admin-feedback.css';
import { UserText } from '../../components/user-text.tsx';
import { Toast } from '../../lib/overlays.ts';

/** One feedback with its sender and the reply box; a second reply replaces the first. */
function AdminFeedbackItem({ item }: { item: AdminFeedback }) {
  const { t } = useTranslation('feedback');
  const { api } = useServices();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const [reply, setReply] = useState(item.reply ?? '');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState(false);

  async function send() {
    if (!reply.trim()) {
      setError(true);
      return;
    }
    setError(false);
    setSending(true);
    try {
      await replyToFeedback(api, item.id, reply.trim());
      Toast.show({ icon: 'success', content: t('admin.replied') });
      await queryClient.invalidateQueries({ queryKey: adminFeedbackKeys.all });
    } catch {
      // The API client has shown the message.
    } finally {
      setSending(false);
    }
  }

  return (
    <div
      className="admin-feedback-item"
      data-testid="admin-feedback-item"
      data-id={item.id}
      data-replied={item.replied}
    >
      <div className="admin-feedback-head">
        <strong>{item.userName || t('admin.unnamed')}</strong>
        <Tag color="primary" fill="outline">
          {t(`type.${item.type}`)}
        </Tag>
        <Tag color={item.replied ? 'success' : 'warning'}>
          {item.replied ? t('records.replied') : t('records.waiting')}
        </Tag>
        <time className="admin-feedback-time">{new Date(item.createdAt).toLocaleString(locale)}</time>
      </div>
      <div className="admin-feedback-receipt" data-testid="admin-feedback-receipt">
        {t('receipt.label')} {item.receiptNo}
      </div>
      <p className="admin-feedback-content" data-testid="admin-feedback-content">
        <UserText text={item.content} />
      </p>
      {item.contact ? (
        <div className="admin-feedback-contact">
          {t('admin.contact')}: <UserText text={item.contact} />
        </div>
      ) : null}
      {item.images.length > 0 ? (
        <div className="admin-feedback-images">
          {item.images.map((image) => (
            <StoredImage key={image.id} id={image.id} testId="admin-feedback-image" />
          ))}
        </div>
      ) : null}
      <div className="admin-feedback-reply">
        <TextArea
          data-testid="admin-feedback-reply-input"
          value={reply}
          onChange={setReply}
          placeholder={t('admin.replyPlaceholder')}
          rows={2}
          maxLength={2000}
        />
        {error ? (
          <div className="admin-feedback-error" role="alert">
            {t('admin.replyRequired')}
          </div>
        ) : null}
        <Button
          size="small"
          color="primary"
          loading={sending}
          data-testid="admin-feedback-reply-send"
          onClick={() => void send()}
        >
          {item.replied ? t('admin.updateReply') : t('admin.sendReply')}
        </Button>
      </div>
    </div>
  );
}

function AdminFeedbackList({ filter }: { filter: RepliedFilter }) {
  const { t } = useTranslation('feedback');
  const { api } = useServices();
  const query = useInfiniteQuery(adminFeedbackQuery(api, filter));
  return (
    <PagedCardList
      query={query}
      emptyTitle={t('admin.empty')}
      renderItem={(item) => <AdminFeedbackItem item={item} />}
    />
  );
}

/** /admin/feedback — every user's feedback with a reply box. Admins only; the API refuses anyone else too. */
export function AdminFeedbackPage() {
  const { t } = useTranslation('feedback');
  const { user } = useVerifiedSession();
  const [filter, setFilter] = useState<RepliedFilter>('false');
  if (user?.role !== 'admin') {
    return (
      <Page testId="page-admin-feedback">
        <ErrorBlock
          status="disconnected"
          title={t('admin.forbidden')}
          description={null}
          data-testid="admin-feedback-forbidden"
        />
      </Page>
    );
  }
  return (
    <Page testId="page-admin-feedback" tone="muted">
      <Tabs activeKey={filter} onChange={(key) => setFilter(key as RepliedFilter)}>
        <Tabs.Tab
          key="false"
          title={<span data-testid="admin-feedback-filter-false">{t('admin.filter.unreplied')}</span>}
        />
        <Tabs.Tab
          key="true"
          title={<span data-testid="admin-feedback-filter-true">{t('admin.filter.replied')}</span>}
        />
        <Tabs.Tab key="all" title={<span data-testid="admin-feedback-filter-all">{t('admin.filter.all')}</span>} />
      </Tabs>
      <AdminFeedbackList filter={filter} />
    </Page>
  );
}
