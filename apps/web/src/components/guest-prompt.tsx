import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { REDIRECT_PARAM } from '../lib/safe-path.ts';
import './guest-prompt.css';

/**
 * The line atop a page whose records a guest keeps in this browser until a login: `text` says so, and the login
 * button comes back to `returnTo` once logged in.
 */
export function GuestPrompt({ text, returnTo, testId }: { text: string; returnTo: string; testId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="guest-prompt" data-testid={testId}>
      <span>{text}</span>
      <Button
        size="mini"
        color="primary"
        fill="outline"
        onClick={() => navigate(`/login?${REDIRECT_PARAM}=${encodeURIComponent(returnTo)}`)}
      >
        {t('common.loginNow')}
      </Button>
    </div>
  );
}
