import { VERSION_LABEL } from '@bible-qa/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Logo } from '../../components/logo.tsx';
import { Page, TextSection } from '../../components/page.tsx';
import { useServices } from '../../lib/services.tsx';
import { useVoiceInput } from '../../lib/voice-config.ts';
import { aboutTranslationsQuery } from './about.queries.ts';
import { licenceKey, sourceLink, WORKS } from './sources.ts';
import './about.css';

const SECTIONS = ['team', 'materials', 'data'] as const;

/** A link that leaves the site: a new tab, without the opener. */
function SourceLink({ url, children, testId }: { url: string; children: string; testId?: string }) {
  return (
    <a className="about-source" href={url} target="_blank" rel="noopener noreferrer" data-testid={testId}>
      {children}
    </a>
  );
}

/** The Bible translations the answers quote, each with its licence and a link to where it was obtained. */
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
      {translations.data.map((translation) => {
        const licence = licenceKey(translation.license);
        const link = sourceLink(translation.source);
        return (
          <li key={translation.id} data-testid={`about-translation-${translation.id}`}>
            <strong>{translation.name}</strong>
            <span>{t('corpus.licence', { licence: licence ? t(`licences.${licence}`) : translation.license })}</span>
            {link ? <SourceLink url={link.url}>{link.label}</SourceLink> : null}
          </li>
        );
      })}
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
            <li key={work.key} data-testid={`about-work-${work.key}`}>
              <strong>{t(`works.${work.key}`)}</strong>
              <span>{t('corpus.licence', { licence: t(`licences.${work.licence}`) })}</span>
              <SourceLink url={work.url}>{t('corpus.link')}</SourceLink>
            </li>
          ))}
        </ul>
      </section>
    </Page>
  );
}
