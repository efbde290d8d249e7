import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OfflineNotice } from '../components/offline-notice.tsx';
import { isTourDone, syncTourAnswers } from '../lib/preferences.ts';
import { composeDocumentTitle, useRouteMeta, useRouteTitle } from '../lib/route-meta.ts';
import { useServices } from '../lib/services.tsx';
import { useSession } from '../lib/session.ts';
import { useResponsive } from '../lib/use-responsive.ts';
import { ReleaseBootOverlay } from './boot-overlay.tsx';
import { KeepAliveOutlet } from './keep-alive-outlet.tsx';
import { usePageLoading } from './navigation.tsx';
import { useStartupPending } from './startup-state.ts';
import { WelcomeOverlay } from './welcome-overlay.tsx';

const CodeRequestsNotice = lazy(() =>
  import('../features/setting/code-requests-notice.tsx').then((m) => ({ default: m.CodeRequestsNotice })),
);

/** After login: codes asked for the account from elsewhere (loaded only for a reader who is logged in). */
function AccountNotices() {
  const { loggedIn } = useSession();
  if (!loggedIn) return null;
  return (
    <Suspense fallback={null}>
      <CodeRequestsNotice />
    </Suspense>
  );
}

type TourModule = typeof import('../features/tour/first-visit-tour.tsx');
let tourModule: TourModule | null = null;
const loadFirstVisitTour = () =>
  import('../features/tour/first-visit-tour.tsx').then((module) => (tourModule = module));

/**
 * The first-visit tour's code (index.html's boot script began its download): shown as soon as it is there. Not
 * through Suspense: React reveals suspended content no sooner than 300 ms after the fallback it replaced, which on a
 * first visit held the tour back by that much.
 */
function useFirstVisitTour(wanted: boolean): TourModule | null {
  const [loaded, setLoaded] = useState(tourModule);
  useEffect(() => {
    if (wanted && !loaded) void loadFirstVisitTour().then(setLoaded);
  }, [wanted, loaded]);
  return loaded;
}

/** document.title = app title, plus the route's title (or the pageTitle parameter) when there is one (spec §2). */
function useDocumentTitle() {
  const { t } = useTranslation();
  const appTitle = t('app.title');
  const routeTitle = useRouteTitle();
  useEffect(() => {
    document.title = composeDocumentTitle(appTitle, routeTitle);
  }, [appTitle, routeTitle]);
}

/** A thin bar at the top while a navigation is pending, e.g. while a page's chunk loads (spec §2). */
function NavigationProgress() {
  const { t } = useTranslation();
  if (!usePageLoading()) return null;
  return <div className="navigation-progress" role="progressbar" aria-label={t('app.progress')} />;
}

/** A guest's tour answers reach the account once someone is logged in (spec §1 tour, §7 member calls). */
function useTourAnswersSync() {
  const { api, storage } = useServices();
  const { loggedIn } = useSession();
  useEffect(() => {
    if (loggedIn) void syncTourAnswers(api, storage).catch(() => undefined);
  }, [api, storage, loggedIn]);
}

/**
 * The welcome overlays (spec §2): the first shows until the start-up sequence (and its login) finishes; on the chat
 * screen the second, the first-visit tour, stays until its own flag is set.
 */
function WelcomeOverlays() {
  const { storage } = useServices();
  const startupPending = useStartupPending();
  const { id } = useRouteMeta();
  const [tourDone, setTourDone] = useState(() => isTourDone(storage));
  const tour = useFirstVisitTour(id === 'chat' && !tourDone);
  // index.html's overlay, painted before any script, stays up until one of the app's own screens replaces it.
  if (startupPending) return <WelcomeOverlay />;
  if (id !== 'chat' || tourDone) return <ReleaseBootOverlay />;
  if (!tour) return <WelcomeOverlay />;
  return (
    <>
      <tour.FirstVisitTour onDone={() => setTourDone(true)} />
      <ReleaseBootOverlay />
    </>
  );
}

/** The shell every route renders in: mobile-first, a centred column on wide screens (spec §9). */
export function AppLayout() {
  useDocumentTitle();
  useTourAnswersSync();
  const { isMobile } = useResponsive();
  return (
    <div className={`app-shell ${isMobile ? 'is-mobile' : 'is-desktop'}`} data-testid="app-shell">
      <NavigationProgress />
      <OfflineNotice />
      <main className="app-main">
        <KeepAliveOutlet />
      </main>
      <WelcomeOverlays />
      <AccountNotices />
    </div>
  );
}
