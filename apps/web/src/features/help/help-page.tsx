import { useTranslation } from 'react-i18next';
import { Page, TextSection } from '../../components/page.tsx';

const SECTIONS = ['ask', 'modes', 'collect', 'devotionals', 'feedback', 'account'] as const;

export function HelpPage() {
  const { t } = useTranslation('help');
  return (
    <Page testId="page-help">
      <TextSection>{t('intro')}</TextSection>
      {SECTIONS.map((section) => (
        <TextSection key={section} title={t(`${section}.title`)}>
          {t(`${section}.body`)}
        </TextSection>
      ))}
    </Page>
  );
}
