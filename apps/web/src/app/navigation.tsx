import {
  Component,
  startTransition,
  Suspense,
  useLayoutEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import {
  matchRoutes,
  Router,
  UNSAFE_createBrowserHistory,
  useLocation,
  useRoutes,
  type RouteObject,
} from 'react-router';
import { metaOf, RouteMatchContext, type RouteMatch } from '../lib/route-meta.ts';

/**
 * The app's routing in React Router's declarative mode (decision 0029, third pass): the data router's code (loaders,
 * actions, fetchers, hydration) was a quarter of the first screen's JavaScript, and the app uses none of it. What it
 * did use is here: pages' chunks loaded on demand with a pending state for the progress bar, the matched route's
 * metadata, an error screen, and navigation from outside React (the services and the start-up sequence).
 */

/** How many pages' chunks are being fetched: the navigation progress bar shows while any is. */
let pendingPages = 0;
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

/**
 * Counts a page's chunk as pending until it settles. Loads start when a navigation does (before React renders the
 * next page); one started while React renders (a lazy page's loader) tells the bar after that render, not during it.
 */
export function trackPageLoad<T>(load: Promise<T>, { whileRendering = false } = {}): Promise<T> {
  pendingPages += 1;
  if (whileRendering) queueMicrotask(notify);
  else notify();
  const settle = () => {
    pendingPages -= 1;
    notify();
  };
  load.then(settle, settle);
  return load;
}

/** Whether a page's chunk is being fetched (a navigation waits for it, the page it leaves still showing). */
export function usePageLoading(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => pendingPages > 0,
  );
}

/** The router's history: the browser's in the app, one in memory in tests. */
export type AppHistory = ReturnType<typeof UNSAFE_createBrowserHistory>;

/** The browser's history as the router reads it (pushes and pops reach the router's listener). */
export function createAppHistory(): AppHistory {
  return UNSAFE_createBrowserHistory({ v5Compat: true });
}

/** Navigation for code outside the route tree (the services, the start-up sequence): through the router's history. */
export function navigationOf(history: AppHistory) {
  return {
    navigate(to: string | number, options: { replace?: boolean } = {}) {
      if (typeof to === 'number') history.go(to);
      else if (options.replace) history.replace(to);
      else history.push(to);
    },
    currentPath: () => `${history.location.pathname}${history.location.search}`,
  };
}

interface BoundaryProps {
  /** The location's key: a navigation clears the error, as the data router's did. */
  resetKey: string;
  fallback: ReactNode;
  children: ReactNode;
}

/** A page that fails to render or whose chunk fails to load shows `fallback` until the next navigation. */
class RouteErrorBoundary extends Component<BoundaryProps, { failedAt: string | null }> {
  override state = { failedAt: null as string | null };

  static getDerivedStateFromError(): { failedAt: string } {
    return { failedAt: '' };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { failedAt: string | null }) {
    if (state.failedAt === '') return { failedAt: props.resetKey };
    if (state.failedAt !== null && state.failedAt !== props.resetKey) return { failedAt: null };
    return null;
  }

  override render() {
    return this.state.failedAt === null ? this.props.children : this.props.fallback;
  }
}

interface AppRoutesProps {
  routes: RouteObject[];
  /** Fetches the code of the page at a location, or undefined when it is here (app/routes.tsx loadPageAt). */
  loadPageAt: (location: { pathname: string }) => Promise<unknown> | undefined;
  errorElement: ReactNode;
  loadingElement: ReactNode;
}

/**
 * The route table rendered at the router's location, with the leaf route's id and metadata for `useRouteMeta` and
 * the error screen. `loadingElement` shows while the first page's chunk loads; later navigations are transitions,
 * which keep the page they leave on screen meanwhile (and the progress bar shows).
 */
function AppRoutes({ routes, errorElement, loadingElement }: Omit<AppRoutesProps, 'loadPageAt'>) {
  const location = useLocation();
  const element = useRoutes(routes, location);
  const leaf = useMemo<RouteMatch>(() => {
    const route = matchRoutes(routes, location)?.at(-1)?.route;
    return { ...metaOf(route?.handle), id: route?.id };
  }, [routes, location]);
  return (
    <RouteMatchContext value={leaf}>
      <RouteErrorBoundary resetKey={location.key} fallback={errorElement}>
        <Suspense fallback={loadingElement}>{element}</Suspense>
      </RouteErrorBoundary>
    </RouteMatchContext>
  );
}

/**
 * The app's router on `history`, rendering the route table. A navigation is a transition: the page being left stays
 * until the next one is ready.
 */
export function AppRouter({ history, loadPageAt, ...props }: AppRoutesProps & { history: AppHistory }) {
  const [state, setState] = useState(() => ({ action: history.action, location: history.location }));
  useLayoutEffect(() => {
    let latest = 0;
    const unlisten = history.listen(({ action, location }) => {
      const show = () => startTransition(() => setState({ action, location }));
      // The next page's code first, the page being left still showing with the progress bar; a later navigation
      // overtakes this one.
      const loading = loadPageAt(location);
      const navigation = (latest += 1);
      if (!loading) return show();
      void loading
        .catch(() => undefined)
        .then(() => {
          if (navigation === latest) show();
        });
    });
    // A navigation between the first render and now (the start-up sequence's) is not missed.
    setState((shown) =>
      shown.location === history.location ? shown : { action: history.action, location: history.location },
    );
    return unlisten;
  }, [history, loadPageAt]);
  return (
    <Router location={state.location} navigationType={state.action} navigator={history}>
      <AppRoutes {...props} />
    </Router>
  );
}
