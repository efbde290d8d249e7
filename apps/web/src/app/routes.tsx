import { ROOT_REDIRECT } from '@bible-qa/contract';
import { lazy, useState, type ComponentType } from 'react';
import { matchRoutes, Navigate, type RouteObject } from 'react-router';
import { loadMoreCatalogues } from '../lib/i18n.ts';
import type { RouteMeta } from '../lib/route-meta.ts';
import { AppLayout } from './app-layout.tsx';
import { AppRouter, trackPageLoad, type AppHistory } from './navigation.tsx';
import { RouteError } from './route-error.tsx';
import { WelcomeOverlay } from './welcome-overlay.tsx';

/**
 * A page in its own chunk, fetched on first visit while the navigation progress bar shows, with the pages'
 * catalogues (the first screen's come at start-up: lib/i18n.ts). The chat is the first screen: it waits for no more.
 */
function route(id: string, path: string, meta: RouteMeta, load: () => Promise<ComponentType>): RouteObject {
  const catalogues = id === 'chat' ? () => Promise.resolve() : loadMoreCatalogues;
  let loaded: ComponentType | undefined;
  let loading: Promise<ComponentType> | undefined;
  const loadPage = (whileRendering = false) =>
    (loading ??= trackPageLoad(
      Promise.all([load(), catalogues()]).then(([Component]) => (loaded = Component)),
      { whileRendering },
    ));
  const Lazy = lazy(() => loadPage(true).then((Component) => ({ default: Component })));
  /** The page itself once its code is here (no suspending), else the lazy one; chosen once per mount. */
  function Page() {
    const [Component] = useState(() => loaded ?? Lazy);
    return <Component />;
  }
  pageLoaders.set(id, () => (loaded ? undefined : loadPage()));
  return { id, path, handle: meta, element: <Page /> };
}

/** Per page: its code's load, or undefined once it is here. */
const pageLoaders = new Map<string, () => Promise<unknown> | undefined>();

/**
 * Fetches the code of the page at `location`, or undefined when it is here already. The router shows a page only
 * once its code is here (before the first render too): a page that suspends is revealed no sooner than 300 ms after
 * its fallback (React's throttle), and one suspended in a kept page's Activity could be woken after it is gone.
 */
export function loadPageAt(location: { pathname: string }): Promise<void> | undefined {
  const loads = (matchRoutes(routes, location) ?? []).flatMap(({ route }) => {
    const load = route.id ? pageLoaders.get(route.id)?.() : undefined;
    return load ? [load] : [];
  });
  return loads.length > 0 ? Promise.all(loads).then(() => undefined) : undefined;
}

/**
 * The route table of spec §2, rendered by app/navigation.tsx's AppRoutes. `keepAlive` routes stay mounted when left
 * (see KeepAliveOutlet).
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <AppLayout />,
    children: [
      { index: true, element: <Navigate to={ROOT_REDIRECT} replace /> },
      route('login', 'login/:mode?/:pwd?', { titleKey: 'login.title', keepAlive: true }, () =>
        import('../features/login/login-page.tsx').then((m) => m.LoginPage),
      ),
      route('verify', 'verify/:mode/:value', { titleKey: 'verify.title' }, () =>
        import('../features/verify/verify-page.tsx').then((m) => m.VerifyPage),
      ),
      route('reset-pwd', 'reset-pwd/:mode/:value?', { titleKey: 'resetPwd.title' }, () =>
        import('../features/reset-pwd/reset-pwd-page.tsx').then((m) => m.ResetPwdPage),
      ),
      route('set-pwd', 'set-pwd/:mode', { titleKey: 'setPwd.title' }, () =>
        import('../features/set-pwd/set-pwd-page.tsx').then((m) => m.SetPwdPage),
      ),
      route('redirect', 'redirect/*', {}, () =>
        import('../features/redirect/redirect-page.tsx').then((m) => m.RedirectPage),
      ),
      route('chat', 'chat', { keepAlive: true }, () =>
        import('../features/chat/chat-page.tsx').then((m) => m.ChatPage),
      ),
      route('devotionals', 'devotionals/:id?', { titleKey: 'devotionals.title' }, () =>
        import('../features/devotionals/devotionals-page.tsx').then((m) => m.DevotionalsPage),
      ),
      route('collections', 'collections', { titleKey: 'collections.title' }, () =>
        import('../features/collections/collections-page.tsx').then((m) => m.CollectionsPage),
      ),
      route('collect', 'collect', { titleKey: 'collect.title', keepAlive: true }, () =>
        import('../features/collections/collect-page.tsx').then((m) => m.CollectPage),
      ),
      route('setting', 'setting', { titleKey: 'setting.title', keepAlive: true }, () =>
        import('../features/setting/setting-page.tsx').then((m) => m.SettingPage),
      ),
      route('about', 'about', { titleKey: 'about.title', keepAlive: true }, () =>
        import('../features/about/about-page.tsx').then((m) => m.AboutPage),
      ),
      route('service', 'service', { titleKey: 'service.title', keepAlive: true }, () =>
        import('../features/service/service-page.tsx').then((m) => m.ServicePage),
      ),
      route('policy', 'policy', { titleKey: 'policy.title', keepAlive: true }, () =>
        import('../features/policy/policy-page.tsx').then((m) => m.PolicyPage),
      ),
      route('help', 'help', { titleKey: 'help.title', keepAlive: true }, () =>
        import('../features/help/help-page.tsx').then((m) => m.HelpPage),
      ),
      route('feedback', 'feedback', { titleKey: 'feedback.title' }, () =>
        import('../features/feedback/feedback-page.tsx').then((m) => m.FeedbackPage),
      ),
      // Admins only: the page shows nothing to others and the API refuses them.
      route('admin-feedback', 'admin/feedback', { titleKey: 'adminFeedback.title' }, () =>
        import('../features/admin-feedback/admin-feedback-page.tsx').then((m) => m.AdminFeedbackPage),
      ),
      // Admins only: find an account, see its state, apply and lift measures with their reasons.
      route('admin-measures', 'admin/measures', { titleKey: 'adminMeasures.title' }, () =>
        import('../features/admin-measures/admin-measures-page.tsx').then((m) => m.AdminMeasuresPage),
      ),
      // The chapter reader: citations, the passage sheet, devotionals and search open a chapter here.
      route('read', 'read/:book/:chapter', { titleKey: 'read.title' }, () =>
        import('../features/reader/reader-page.tsx').then((m) => m.ReaderPage),
      ),
      // Reading plans with progress: the plans, and one plan's days to mark read.
      route('plans', 'plans/:id?', { titleKey: 'plans.title' }, () =>
        import('../features/plans/plans-page.tsx').then((m) => m.PlansPage),
      ),
      // The reader's highlights, bookmarks and notes, listed and searched.
      route('notes', 'notes', { titleKey: 'notes.title' }, () =>
        import('../features/notes/notes-page.tsx').then((m) => m.NotesPage),
      ),
      // A conversation as a print-friendly page and Markdown (/export/:id); the reader's data as one download (/export).
      route('export', 'export/:id?', { titleKey: 'export.title' }, () =>
        import('../features/export/export-page.tsx').then((m) => m.ExportPage),
      ),
      route('search', 'search', { titleKey: 'search.title' }, () =>
        import('../features/search/search-page.tsx').then((m) => m.SearchPage),
      ),
      // A shared page: read-only, open to anyone with the link, no login.
      route('share', 'share/:token', { titleKey: 'share.title' }, () =>
        import('../features/share/share-page.tsx').then((m) => m.SharePage),
      ),
      { path: '*', element: <Navigate to={ROOT_REDIRECT} replace /> },
    ],
  },
];

/** The app's pages on `history`: the browser's in the app, one in memory in tests. */
export function AppPages({ history }: { history: AppHistory }) {
  return (
    <AppRouter
      history={history}
      routes={routes}
      loadPageAt={loadPageAt}
      errorElement={<RouteError />}
      loadingElement={<WelcomeOverlay />}
    />
  );
}
