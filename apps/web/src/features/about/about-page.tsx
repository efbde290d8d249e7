import { VERSION_LABEL } from '@bible-qa/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Logo } from '../../components/logo.tsx';
import { Page, TextSection } from '../../components/page.tsx';
import { useServices } from '../../lib/services.tsx';
import { useVoiceInput } from '../../lib/voice-config.ts';
import { aboutTranslationsQuery } from './about.queries.ts';
import './about.css';

const SECTIONS = ['team', 'materials', 'data'] as const;
const WORKS = ['dictionaries', 'naves', 'strongs', 'henry', 'creeds', 'crossrefs', 'devotionals', 'plans'] as const;

/** The Bible translations the answers quote, each with its licence and where it was obtained. */
function Translations() {
  const { t } = useTranslation('about');
  const { api } = useServices();
  const translations = useQuery(aboutTranslationsQuery(api));
  if (translations.isPending) return <p className="about-note">{t('corpus.loading')}</p>;
  if (translations.isError || translations.data.length === 0) {
    return <p className="about-note">{t('corpus.unavailable')}</p>;
  }
  return (
    <ul className="about-licences" data-testid="about-translations">
      {translations.data.map((translation) => (
        <li key={translation.id} data-testid={`about-translation-${translation.id}`}>
          <strong>{translation.name}</strong>
          <span>{t('corpus.licence', { licence: translation.license })}</span>
          <span className="about-source">{t('corpus.source', { source: translation.source })}</span>
        </li>
      ))}
    </ul>
  );
}

export function AboutPage() {
  const { t } = useTranslation('about');
  const voice = useVoiceInput();
  return (
    <Page testId="page-about">
      <div className="about-hero">
        <Logo variant="wordmark" className="about-logo" />
        <p className="about-version" data-testid="about-version">
          {t('version', { version: VERSION_LABEL })}
        </p>
      </div>
      <TextSection>{t(voice ? 'introVoice' : 'intro')}</TextSection>
      {SECTIONS.map((section) => (
        <TextSection key={section} title={t(`${section}.title`)}>
          {t(`${section}.body`)}
        </TextSection>
      ))}
      <TextSection>{t('free')}</TextSection>
      <section className="text-section" data-testid="about-licences">
        <h2 className="text-section-title">{t('corpus.title')}</h2>
        <p className="text-section-body">{t('corpus.intro')}</p>
        <h3 className="about-subtitle">{t('corpus.bibles')}</h3>
        <Translations />
        <h3 className="about-subtitle">{t('corpus.works')}</h3>
        <ul className="about-licences" data-testid="about-works">
          {WORKS.map((work) => (
            <li key={work}>{t(`works.${work}`)}</li>
          ))}
        </ul>
      </section>
    </Page>
  );
}
