import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigation } from 'react-router';
import { composeDocumentTitle, useRouteTitle } from '../lib/route-meta.ts';
import { useResponsive } from '../lib/use-responsive.ts';
import { KeepAliveOutlet } from './keep-alive-outlet.tsx';

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
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return <div className="navigation-progress" role="progressbar" aria-label={t('app.progress')} />;
}

/** The shell every route renders in: mobile-first, a centred column on wide screens (spec §9). */
export function AppLayout() {
  useDocumentTitle();
  const { isMobile } = useResponsive();
  return (
    <div className={`app-shell ${isMobile ? 'is-mobile' : 'is-desktop'}`} data-testid="app-shell">
      <NavigationProgress />
      <main className="app-main">
        <KeepAliveOutlet />
      </main>
    </div>
  );
}
