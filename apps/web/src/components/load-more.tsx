import { Button, DotLoading, InfiniteScroll } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { LIST_LOAD_OFFSET } from '../lib/theme.ts';

/** What the foot needs of a TanStack infinite query. */
interface PagedList {
  hasNextPage: boolean;
  isPending: boolean;
  fetchNextPage(options: { throwOnError: boolean }): Promise<unknown>;
}

/**
 * The foot of a paged list: loads the next page as the reader nears it and says so, offers a retry when a page
 * fails, and says when there is no more (only when `hasItems`). Its labels are `loadMore.*` of the namespace `ns`;
 * its test ids are `<testId>-loading`, `-load-retry` and `-no-more`.
 */
export function LoadMore({
  list,
  ns,
  testId,
  hasItems = true,
}: {
  list: PagedList;
  ns: 'collections' | 'devotionals' | 'search' | 'notes';
  testId: string;
  hasItems?: boolean;
}) {
  const { t } = useTranslation(ns);
  return (
    <InfiniteScroll
      threshold={LIST_LOAD_OFFSET}
      hasMore={Boolean(list.hasNextPage)}
      loadMore={async () => {
        await list.fetchNextPage({ throwOnError: true });
      }}
    >
      {(hasMore, failed, retry) =>
        failed ? (
          <Button size="small" fill="none" onClick={retry} data-testid={`${testId}-load-retry`}>
            {t('loadMore.failed')} {t('loadMore.retry')}
          </Button>
        ) : hasMore || list.isPending ? (
          <span data-testid={`${testId}-loading`}>
            {t('loadMore.loading')}
            <DotLoading />
          </span>
        ) : hasItems ? (
          <span data-testid={`${testId}-no-more`}>{t('loadMore.noMore')}</span>
        ) : null
      }
    </InfiniteScroll>
  );
}
