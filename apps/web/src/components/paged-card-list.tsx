import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { ErrorBlock, InfiniteScroll, List } from 'antd-mobile';
import type { ReactNode } from 'react';

/**
 * A card list of what an infinite query has loaded, one page after another as the reader scrolls, or an empty
 * block (`emptyTitle`, test id `emptyTestId`) once the first load has found nothing. With `testId`, the list and
 * its loader are wrapped in an element of that test id.
 */
export function PagedCardList<T extends { id: string }>({
  query,
  testId,
  emptyTitle,
  emptyTestId,
  renderItem,
}: {
  query: UseInfiniteQueryResult<InfiniteData<{ items: T[] }>>;
  testId?: string;
  emptyTitle: string;
  emptyTestId?: string;
  renderItem: (item: T) => ReactNode;
}) {
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  if (query.isSuccess && items.length === 0) {
    return <ErrorBlock status="empty" title={emptyTitle} description={null} data-testid={emptyTestId} />;
  }
  const list = (
    <>
      <List mode="card">
        {items.map((item) => (
          <List.Item key={item.id}>{renderItem(item)}</List.Item>
        ))}
      </List>
      <InfiniteScroll
        hasMore={query.hasNextPage || query.isPending}
        loadMore={async () => {
          if (query.hasNextPage) await query.fetchNextPage();
        }}
        threshold={300}
      />
    </>
  );
  return testId ? <div data-testid={testId}>{list}</div> : list;
}
