import { useTranslation } from 'react-i18next';
import { Page, TextSection } from '../../components/page.tsx';

const SECTIONS = ['fee', 'audience', 'ai', 'review', 'account', 'law', 'complaint'] as const;

/** A summary of the user service agreement (spec §1 terms). */
export function ServicePage() {
  const { t } = useTranslation('service');
  return (
    <Page testId="page-service">
      <TextSection>{t('intro')}</TextSection>
      {SECTIONS.map((section) => (
        <TextSection key={section} title={t(`${section}.title`)}>
          {t(`${section}.body`)}
        </TextSection>
      ))}
    </Page>
  );
}
