import Button from 'antd-mobile/es/components/button';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BookIcon, HelpIcon, StarIcon } from '../../components/icons.tsx';
import { Logo } from '../../components/logo.tsx';

const MODES = ['advanced', 'simple', 'professional'] as const;
const SUGGESTIONS = ['q1', 'q2', 'q3'] as const;

interface ChatWelcomeProps {
  loggedIn: boolean;
  onPick: (question: string) => void;
  onLogin: () => void;
}

/** The welcome panel of a new conversation: what the assistant is, its modes, and questions to start with. */
export function ChatWelcome({ loggedIn, onPick, onLogin }: ChatWelcomeProps) {
  const { t } = useTranslation('chat');
  const { t: tc } = useTranslation();
  return (
    <div className="chat-welcome" data-testid="chat-welcome">
      <div className="chat-welcome-hero">
        <Logo className="chat-welcome-logo" />
        <h1 className="chat-welcome-greeting">{t('welcome.greeting')}</h1>
        <p className="chat-welcome-intro">{t('welcome.intro')}</p>
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
          {MODES.map((mode) => (
            <li key={mode} className="chat-mode" data-testid={`chat-mode-${mode}`}>
              <strong>{t(`modes.${mode}.name`)}</strong>
              <span>{t(`modes.${mode}.description`)}</span>
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
