import Button from 'antd-mobile/es/components/button';
import { Logo } from '../components/logo.tsx';
import { useTranslation } from 'react-i18next';
import { useServices } from '../lib/services.tsx';
import { ReleaseBootOverlay } from './boot-overlay.tsx';

/** Shown when a route fails to render or its chunk fails to load (typically after a release): a refresh fixes it. */
export function RouteError() {
  const { t } = useTranslation();
  const { reload } = useServices();
  return (
    <div className="route-error" data-testid="route-error">
      {/* Plain markup: the error screen is part of every first load, and ErrorBlock's artwork is heavy. */}
      <Logo className="route-error-logo" />
      <h1 className="route-error-title">{t('error.title')}</h1>
      <p className="route-error-hint">{t('error.hint')}</p>
      <Button color="primary" onClick={reload}>
        {t('common.refresh')}
      </Button>
      <ReleaseBootOverlay />
    </div>
  );
}
