import type { Answer } from '@bible-qa/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Button, DotLoading, ErrorBlock, List, PullToRefresh } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { GuestPrompt } from '../../components/guest-prompt.tsx';
import { LoadMore } from '../../components/load-more.tsx';
import { Page } from '../../components/page.tsx';
import { useLocale } from '../../lib/i18n.ts';
import { useServices } from '../../lib/services.tsx';
import { useVerifiedSession } from '../../lib/use-verified-session.ts';
import { PULL_REFRESH_HEAD_HEIGHT, PULL_REFRESH_SUCCESS_MS } from '../../lib/theme.ts';
import { collectionsQuery, conversationLink, detailLink, excerptOf, useUncollect } from './collections.queries.ts';
import './collections.css';
import { UserText } from '../../components/user-text.tsx';
import { Toast } from '../../lib/overlays.ts';

/**
 * /collections — the reader's saved answers (spec §2): open one, uncollect it, or go back to its conversation. A
 * guest's are kept under its key, and a login makes them the account's; the guest is told so.
 */
export function CollectionsPage() {
  const { t } = useTranslation('collections');
  const { loggedIn } = useVerifiedSession();
  return (
    <Page testId="page-collections" tone="muted">
      {loggedIn ? null : <GuestPrompt text={t('guestKept')} returnTo="/collections" testId="collections-guest" />}
      <CollectionList />
    </Page>
  );
}

function CollectionList() {
  const { t } = useTranslation('collections');
  const { t: tc } = useTranslation();
  const { api } = useServices();
  const navigate = useNavigate();
  const list = useInfiniteQuery(collectionsQuery(api));
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <PullToRefresh
      onRefresh={async () => {
        await list.refetch();
      }}
      headHeight={PULL_REFRESH_HEAD_HEIGHT}
      threshold={PULL_REFRESH_HEAD_HEIGHT}
      completeDelay={PULL_REFRESH_SUCCESS_MS}
      renderText={(status) => t(`pull.${status}`)}
    >
      {list.isPending ? (
        <div className="collections-loading" data-testid="collections-loading">
          <DotLoading />
        </div>
      ) : list.isError && items.length === 0 ? (
        <ErrorBlock status="default" title={t('error')} description={t('errorHint')} data-testid="collections-error">
          <Button color="primary" fill="outline" onClick={() => void list.refetch()}>
            {t('retry')}
          </Button>
        </ErrorBlock>
      ) : items.length === 0 ? (
        <ErrorBlock status="empty" title={t('empty')} description={t('emptyHint')} data-testid="collections-empty">
          <Button color="primary" fill="outline" onClick={() => navigate('/chat')}>
            {tc('common.goChat')}
          </Button>
        </ErrorBlock>
      ) : (
        <>
          <div className="collections-total" data-testid="collections-total">
            {t('total', { count: list.data?.pages[0]?.total ?? items.length })}
          </div>
          <List className="collections-list" data-testid="collections-list">
            {items.map((answer) => (
              <CollectionItem key={answer.id} answer={answer} />
            ))}
          </List>
          <LoadMore list={list} ns="collections" testId="collections" />
        </>
      )}
    </PullToRefresh>
  );
}

/** One saved answer: its question, the start of the answer and when it was given, with its two actions. */
function CollectionItem({ answer }: { answer: Answer }) {
  const { t } = useTranslation('collections');
  const locale = useLocale();
  const navigate = useNavigate();
  const uncollect = useUncollect();
  const when = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(answer.createdAt));
  return (
    <List.Item
      data-testid="collection-item"
      data-answer-id={answer.id}
      arrowIcon={false}
      description={
        <>
          <span className="collections-excerpt">{excerptOf(answer.content)}</span>
          <span className="collections-actions">
            <span className="collections-date">{when}</span>
            {answer.conversationId ? (
              <Button
                size="mini"
                fill="outline"
                data-testid={`collection-open-${answer.id}`}
                onClick={(event) => {
                  event.stopPropagation();
                  navigate(conversationLink(answer.conversationId!));
                }}
              >
                {t('openConversation')}
              </Button>
            ) : null}
            <Button
              size="mini"
              fill="outline"
              color="danger"
              loading={uncollect.isPending}
              data-testid={`collection-uncollect-${answer.id}`}
              onClick={(event) => {
                event.stopPropagation();
                uncollect.mutate(answer.id, { onSuccess: () => Toast.show({ content: t('uncollected') }) });
              }}
            >
              {t('uncollect')}
            </Button>
          </span>
        </>
      }
      onClick={() => navigate(detailLink(answer.id))}
    >
      <span className="collections-question">
        <UserText text={answer.question} />
      </span>
    </List.Item>
  );
}
