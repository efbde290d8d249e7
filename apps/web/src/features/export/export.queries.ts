import { EXPORT_PATHS, type AccountExport, type Locale } from '@bible-qa/contract';
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../lib/api-client.ts';

/** The chat's own path for a conversation's turns (the server owns the history; this page only reads it). */
export const TURNS_PATH = '/portal/chat/messages';

const schemas = () => import('./export-schemas.ts');

/** A conversation's turns, as the chat shows them, for the print page and its Markdown. */
export function conversationTurnsQuery(api: ApiClient, conversationId: string, locale: Locale) {
  return queryOptions({
    queryKey: ['export', 'turns', conversationId, locale] as const,
    queryFn: ({ signal }) =>
      api.get(TURNS_PATH, {
        params: { conversationId },
        schema: () => schemas().then((m) => m.turnsSchema),
        signal,
      }),
  });
}

/** Everything the reader keeps, asked for when they tap download (never cached: it is a snapshot of now). */
export function fetchAccountExport(api: ApiClient): Promise<AccountExport> {
  return api.get(EXPORT_PATHS.account, { schema: () => schemas().then((m) => m.accountExportSchema) });
}
