/**
 * The next page number of a list paged by number while the pages so far hold fewer items than the total (and the
 * last page was not empty); undefined at the end. For TanStack's getNextPageParam.
 */
export function nextPageUntilTotal(
  last: { items: readonly unknown[]; total: number },
  pages: readonly { items: readonly unknown[] }[],
): number | undefined {
  return pages.reduce((count, page) => count + page.items.length, 0) < last.total && last.items.length > 0
    ? pages.length + 1
    : undefined;
}
