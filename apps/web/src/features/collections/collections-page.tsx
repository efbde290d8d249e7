import { Button, ErrorBlock } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Page } from '../../components/page.tsx';
import { useSession } from '../../lib/session.ts';
import { REDIRECT_PARAM } from '../../lib/use-auth.ts';

/**
 * /collections — the saved answers (spec §2). Guests are asked to log in; the collection service is not part of the
 * API yet, so a logged-in user sees the empty state that invites them to save answers from a conversation.
 */
export function CollectionsPage() {
  const { t } = useTranslation('collections');
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const { loggedIn } = useSession();
  return (
    <Page testId="page-collections">
      {loggedIn ? (
        <ErrorBlock status="empty" title={t('empty')} description={t('emptyHint')} data-testid="collections-empty">
          <Button color="primary" fill="outline" onClick={() => navigate('/chat')}>
            {tc('common.goChat')}
          </Button>
        </ErrorBlock>
      ) : (
        <ErrorBlock status="empty" title={t('guestHint')} description={null} data-testid="collections-guest">
          <Button
            color="primary"
            onClick={() => navigate(`/login?${REDIRECT_PARAM}=${encodeURIComponent('/collections')}`)}
          >
            {tc('common.loginNow')}
          </Button>
        </ErrorBlock>
      )}
    </Page>
  );
}
