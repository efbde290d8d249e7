import { Button, ErrorBlock } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useServices } from '../lib/services.tsx';

/** Shown when a route fails to render or its chunk fails to load (typically after a release): a refresh fixes it. */
export function RouteError() {
  const { t } = useTranslation();
  const { reload } = useServices();
  return (
    <div className="route-error" data-testid="route-error">
      <ErrorBlock status="default" title={t('error.title')} description={t('error.hint')} />
      <Button color="primary" onClick={reload}>
        {t('common.refresh')}
      </Button>
    </div>
  );
}
