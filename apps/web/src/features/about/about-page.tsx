import { VERSION_LABEL } from '@bible-qa/contract';
import { useTranslation } from 'react-i18next';
import { Logo } from '../../components/logo.tsx';
import { Page, TextSection } from '../../components/page.tsx';

const SECTIONS = ['team', 'materials', 'data'] as const;

export function AboutPage() {
  const { t } = useTranslation('about');
  return (
    <Page testId="page-about">
      <div className="about-hero">
        <Logo variant="wordmark" className="about-logo" />
        <p className="about-version" data-testid="about-version">
          {t('version', { version: VERSION_LABEL })}
        </p>
      </div>
      <TextSection>{t('intro')}</TextSection>
      {SECTIONS.map((section) => (
        <TextSection key={section} title={t(`${section}.title`)}>
          {t(`${section}.body`)}
        </TextSection>
      ))}
      <TextSection>{t('free')}</TextSection>
    </Page>
  );
}
