import { useTranslation } from 'react-i18next';
import { Logo } from '../components/logo.tsx';

/** The full-screen welcome shown while the app loads its first screen (spec §2). */
export function WelcomeOverlay() {
  const { t } = useTranslation();
  return (
    <div className="welcome-overlay" data-testid="welcome-overlay" role="status" aria-label={t('app.loading')}>
      <Logo className="welcome-overlay-logo" />
      <p className="welcome-overlay-title">{t('app.title')}</p>
      <p className="welcome-overlay-text">{t('app.welcome')}</p>
    </div>
  );
}
