import Button from 'antd-mobile/es/components/button';
import { useEffect } from 'react';
import { Logo } from '../components/logo.tsx';
import { useTranslation } from 'react-i18next';
import { useServices } from '../lib/services.tsx';
import { probeServer, useOffline } from '../lib/connectivity.ts';
import { ReleaseBootOverlay } from './boot-overlay.tsx';

/**
 * Shown when a route fails to render or its chunk fails to load (typically after a release: a refresh fixes it; or
 * offline, a page not kept on this device: it says so).
 */
export function RouteError() {
  const { t } = useTranslation();
  const { reload } = useServices();
  // Offline, a page whose code was never kept cannot open: say that, not "something went wrong".
  const online = !useOffline();
  useEffect(() => {
    void probeServer();
  }, []);
  return (
    <div className="route-error" data-testid="route-error">
      {/* Plain markup: the error screen is part of every first load, and ErrorBlock's artwork is heavy. */}
      <Logo className="route-error-logo" />
      <h1 className="route-error-title">{online ? t('error.title') : t('offline.title')}</h1>
      <p className="route-error-hint">{online ? t('error.hint') : t('offline.page')}</p>
      <Button color="primary" onClick={reload}>
        {t('common.refresh')}
      </Button>
      <ReleaseBootOverlay />
    </div>
  );
}
