import { CHAT_MODES, type ChatMode } from '@bible-qa/contract';
import Button from 'antd-mobile/es/components/button';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BookIcon, HelpIcon, StarIcon } from '../../components/icons.tsx';
import { Logo } from '../../components/logo.tsx';
import { Toast } from '../../lib/overlays.ts';
import { useVoiceInput } from '../../lib/voice-config.ts';
const SUGGESTIONS = ['q1', 'q2', 'q3'] as const;

interface ChatWelcomeProps {
  loggedIn: boolean;
  /** The answer mode in use; a tap on a mode row switches to it, confirmed as the mode switch does. */
  mode: ChatMode;
  onMode: (mode: ChatMode) => void;
  onPick: (question: string) => void;
  onLogin: () => void;
}

/** The welcome panel of a new conversation: what the assistant is, its modes, and questions to start with. */
export function ChatWelcome({ loggedIn, mode, onMode, onPick, onLogin }: ChatWelcomeProps) {
  const { t } = useTranslation('chat');
  const { t: tc } = useTranslation();
  // Hold-to-speak is promised only where the server transcribes (the composer offers it only then).
  const voice = useVoiceInput();

  function pickMode(next: ChatMode) {
    if (next === mode) return;
    onMode(next);
    Toast.show({ content: t('mode.switched', { mode: t(`modes.${next}.name`) }) });
  }
  return (
    <div className="chat-welcome" data-testid="chat-welcome">
      <div className="chat-welcome-hero">
        <Logo className="chat-welcome-logo" />
        <h1 className="chat-welcome-greeting">{t('welcome.greeting')}</h1>
        <p className="chat-welcome-intro" data-testid="chat-welcome-intro">
          {t(voice ? 'welcome.introVoice' : 'welcome.intro')}
        </p>
      </div>

      {loggedIn ? null : (
        <div className="chat-guest" data-testid="chat-guest-notice">
          <span>{t('welcome.guestNotice')}</span>
          <Button size="mini" color="primary" fill="outline" data-testid="chat-login" onClick={onLogin}>
            {tc('common.loginNow')}
          </Button>
        </div>
      )}

      <nav className="chat-shortcuts">
        <Link to="/devotionals" data-testid="chat-shortcut-devotionals">
          <BookIcon />
          <span>{tc('devotionals.title')}</span>
        </Link>
        <Link to="/collections" data-testid="chat-shortcut-collections">
          <StarIcon />
          <span>{tc('collections.title')}</span>
        </Link>
        <Link to="/help" data-testid="chat-shortcut-help">
          <HelpIcon />
          <span>{tc('help.title')}</span>
        </Link>
      </nav>

      <section className="chat-modes">
        <h2 className="chat-section-title">{t('modes.title')}</h2>
        <ul>
          {CHAT_MODES.map((option) => (
            <li key={option}>
              <button
                type="button"
                className="chat-mode"
                data-testid={`chat-mode-${option}`}
                aria-pressed={option === mode}
                onClick={() => pickMode(option)}
              >
                <strong>{t(`modes.${option}.name`)}</strong>
                <span>{t(`modes.${option}.description`)}</span>
                {option === mode ? (
                  <em className="chat-mode-current" data-testid="chat-mode-current">
                    {t('modes.current')}
                  </em>
                ) : null}
              </button>
            </li>
          ))}
        </ul>
      </section>

      <section className="chat-suggestions">
        <h2 className="chat-section-title">{t('suggestions.title')}</h2>
        {SUGGESTIONS.map((key, index) => (
          <button
            key={key}
            type="button"
            className="chat-suggestion"
            data-testid={`chat-suggestion-${index + 1}`}
            onClick={() => onPick(t(`suggestions.${key}`))}
          >
            {t(`suggestions.${key}`)}
          </button>
        ))}
      </section>
    </div>
  );
}
