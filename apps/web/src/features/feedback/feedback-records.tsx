import type { Feedback } from '@bible-qa/contract';
import { Tag } from 'antd-mobile';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PagedCardList } from '../../components/paged-card-list.tsx';
import { StoredImage } from '../../components/stored-image.tsx';
import { useLocale } from '../../lib/i18n.ts';
import { useServices } from '../../lib/services.tsx';
import { recordsQuery } from './feedback.queries.ts';
import { UserText } from '../../components/user-text.tsx';

/** One feedback as its sender sees it: type, text, screenshots, and the reply once there is one. */
export function FeedbackRecord({ item }: { item: Feedback }) {
  const { t } = useTranslation('feedback');
  const locale = useLocale();
  return (
    <div className="feedback-record" data-testid="feedback-record" data-id={item.id} data-replied={item.replied}>
      <div className="feedback-record-head">
        <Tag color="primary" fill="outline">
          {t(`type.${item.type}`)}
        </Tag>
        <Tag color={item.replied ? 'success' : 'default'} data-testid="feedback-record-status">
          {item.replied ? t('records.replied') : t('records.waiting')}
        </Tag>
        <time className="feedback-record-time">{new Date(item.createdAt).toLocaleString(locale)}</time>
      </div>
      <p className="feedback-record-receipt" data-testid="feedback-record-receipt">
        {t('receipt.label')} {item.receiptNo}
      </p>
      <p className="feedback-record-content" data-testid="feedback-record-content">
        <UserText text={item.content} />
      </p>
      {item.images.length > 0 ? (
        <div className="feedback-record-images">
          {item.images.map((image) => (
            <StoredImage key={image.id} id={image.id} testId="feedback-record-image" />
          ))}
        </div>
      ) : null}
      {item.reply ? (
        <div className="feedback-record-reply" data-testid="feedback-record-reply">
          <strong>{t('records.replyLabel')}</strong>
          <p>{item.reply}</p>
        </div>
      ) : null}
    </div>
  );
}

/** The records tab: the user's feedback, newest first, loaded page by page. */
export function FeedbackRecords() {
  const { t } = useTranslation('feedback');
  const { api } = useServices();
  const query = useInfiniteQuery(recordsQuery(api));
  return (
    <PagedCardList
      query={query}
      testId="feedback-records"
      emptyTitle={t('records.empty')}
      emptyTestId="feedback-empty"
      renderItem={(item) => <FeedbackRecord item={item} />}
    />
  );
}
