import { Dialog } from 'antd-mobile';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { SettingIcon } from '../../components/icons.tsx';
import { Page } from '../../components/page.tsx';
import { useSession } from '../../lib/session.ts';
import { ChatComposer } from './chat-composer.tsx';
import { ChatWelcome } from './chat-welcome.tsx';
import './chat.css';

/**
 * The conversation screen. The answering service is not connected yet: a question is kept on screen with a notice,
 * and the composer already enforces the spec's rules (no empty question; confirm before overwriting a draft).
 */
export function ChatPage() {
  const { t } = useTranslation('chat');
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const [draft, setDraft] = useState('');
  const [questions, setQuestions] = useState<string[]>([]);
  const latest = useRef<HTMLParagraphElement>(null);

  // Bring the newest question into view above the composer.
  useEffect(() => {
    latest.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [questions.length]);
  const { loggedIn } = useSession();

  async function pickSuggestion(question: string) {
    const current = draft.trim();
    if (current && current !== question) {
      const overwrite = await Dialog.confirm({ content: t('composer.overwrite') });
      if (!overwrite) return;
    }
    setDraft(question);
  }

  function ask(question: string) {
    setQuestions((previous) => [...previous, question]);
    setDraft('');
  }

  const settingLink = (
    <Link to="/setting" className="nav-icon-link" aria-label={tc('setting.title')} data-testid="chat-open-setting">
      <SettingIcon />
    </Link>
  );

  return (
    <Page
      testId="page-chat"
      back={false}
      right={settingLink}
      footer={
        <>
          <ChatComposer value={draft} onChange={setDraft} onSubmit={ask} />
          <p className="chat-ai-notice">{t('welcome.aiNotice')}</p>
        </>
      }
    >
      <ChatWelcome
        loggedIn={loggedIn}
        onPick={(question) => void pickSuggestion(question)}
        onLogin={() => navigate('/login')}
      />
      {questions.length > 0 ? (
        <section className="chat-pending" data-testid="chat-pending" aria-label={t('pending.title')}>
          {questions.map((question, index) => (
            <p
              key={index}
              ref={index === questions.length - 1 ? latest : undefined}
              className="chat-bubble chat-bubble-user"
              data-testid="chat-question"
            >
              {question}
            </p>
          ))}
          <p className="chat-pending-notice">{t('pending.notice')}</p>
        </section>
      ) : null}
    </Page>
  );
}
