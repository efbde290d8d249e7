import { useTranslation } from 'react-i18next';
import { Page, TextSection } from '../../components/page.tsx';

const SECTIONS = ['collect', 'use', 'cookies', 'storage', 'retention', 'minors', 'rights', 'contact'] as const;

/** A summary of the privacy policy (spec §1 terms). */
export function PolicyPage() {
  const { t } = useTranslation('policy');
  return (
    <Page testId="page-policy">
      <TextSection>{t('intro')}</TextSection>
      {SECTIONS.map((section) => (
        <TextSection key={section} title={t(`${section}.title`)}>
          {t(`${section}.body`)}
        </TextSection>
      ))}
    </Page>
  );
}
