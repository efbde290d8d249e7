import { useTranslation } from 'react-i18next';
import { Page, TextSection } from '../../components/page.tsx';
import { useVoiceInput } from '../../lib/voice-config.ts';

const SECTIONS = ['ask', 'modes', 'collect', 'devotionals', 'feedback', 'account'] as const;

/** /help — short answers; what they promise follows what works here (voice only when the server transcribes). */
export function HelpPage() {
  const { t } = useTranslation('help');
  const { t: tChat } = useTranslation('chat');
  const voice = useVoiceInput();
  // The confirmation the mode switch shows, word for word.
  const switched = tChat('mode.switched', { mode: tChat('modes.simple.name') });
  const body = (section: (typeof SECTIONS)[number]) => {
    if (section === 'ask') return t(voice ? 'ask.bodyVoice' : 'ask.body');
    if (section === 'modes') return t('modes.body', { switched });
    return t(`${section}.body`);
  };
  return (
    <Page testId="page-help">
      <TextSection>{t('intro')}</TextSection>
      {SECTIONS.map((section) => (
        <TextSection key={section} title={t(`${section}.title`)}>
          <span data-testid={`help-${section}`}>{body(section)}</span>
        </TextSection>
      ))}
    </Page>
  );
}
