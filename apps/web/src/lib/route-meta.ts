import type { ParseKeys } from 'i18next';
import { createContext, useContext } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';

/** Route titles live in the common catalogue as `<page>.title` (spec §2: login uses login.title). */
export type RouteTitleKey = Extract<ParseKeys<'common'>, `${string}.title`>;

/** What the route table says about a route: its title key, and whether it stays mounted when left. */
export interface RouteMeta {
  titleKey?: RouteTitleKey;
  keepAlive?: boolean;
}

export const TITLE_SEPARATOR = ' - ';
/** A `pageTitle` query parameter replaces the route's title (spec §2). */
export const PAGE_TITLE_PARAM = 'pageTitle';

/** A route's `handle` read as its metadata. */
export function metaOf(handle: unknown): RouteMeta {
  return handle && typeof handle === 'object' ? (handle as RouteMeta) : {};
}

/** The deepest matched route: its id and metadata (provided by the app's route table, app/navigation.tsx). */
export type RouteMatch = RouteMeta & { id: string | undefined };
export const RouteMatchContext = createContext<RouteMatch>({ id: undefined });

/** The metadata of the deepest matched route. */
export function useRouteMeta(): RouteMatch {
  return useContext(RouteMatchContext);
}

export function composeDocumentTitle(appTitle: string, routeTitle: string | undefined): string {
  return routeTitle ? `${appTitle}${TITLE_SEPARATOR}${routeTitle}` : appTitle;
}

/** The current route's title: the pageTitle parameter when given, else the route's catalogue title, if any. */
export function useRouteTitle(): string | undefined {
  const { t } = useTranslation();
  const { titleKey } = useRouteMeta();
  const [searchParams] = useSearchParams();
  const override = searchParams.get(PAGE_TITLE_PARAM)?.trim();
  if (override) return override;
  return titleKey ? t(titleKey) : undefined;
}
