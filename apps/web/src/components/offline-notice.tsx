import { useTranslation } from 'react-i18next';
import { useOffline } from '../lib/connectivity.ts';

/** Says plainly, on every screen, that the app is offline: what still works and what needs the network. */
export function OfflineNotice() {
  const { t } = useTranslation();
  if (!useOffline()) return null;
  return (
    <p className="offline-notice" role="status" data-testid="offline-notice">
      {t('offline.banner')}
    </p>
  );
}
