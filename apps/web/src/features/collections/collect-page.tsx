import { useQuery } from '@tanstack/react-query';
import { Button, DotLoading, ErrorBlock } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { GuestPrompt } from '../../components/guest-prompt.tsx';
import { Markdown } from '../../components/markdown.tsx';
import { Page } from '../../components/page.tsx';
import { useLocale } from '../../lib/i18n.ts';
import { useServices } from '../../lib/services.tsx';
import { useVerifiedSession } from '../../lib/use-verified-session.ts';
import { AnswerParts } from '../../components/answer-parts.tsx';
import { collectionQuery, conversationLink, useUncollect } from './collections.queries.ts';
import './collections.css';
import { Toast } from '../../lib/overlays.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What the chat screen does with a question a link brings: it waits in the composer (see features/chat). */
interface ChatDraft {
  draft: string;
}

/**
 * /collect?id=<answer> — one saved answer (spec §2) with what it came with: related books and literature, images and
 * follow-up questions; uncollect, and the way back to its conversation while that exists (a collection outlives it).
 * Kept alive like the route table says. Links made before carry `&conversation=…`, which is not needed.
 */
export function CollectPage() {
  const { loggedIn } = useVerifiedSession();
  const [params] = useSearchParams();
  const { t } = useTranslation('collections');
  const id = params.get('id') ?? '';
  const here = `/collect?${params.toString()}`;

  return (
    <Page testId="page-collect">
      {loggedIn ? null : <GuestPrompt text={t('guestKept')} returnTo={here} testId="collections-guest" />}
      {UUID.test(id) ? <SavedAnswer key={id} id={id} /> : <Missing />}
    </Page>
  );
}

function Missing() {
  const { t } = useTranslation('collections');
  const navigate = useNavigate();
  return (
    <ErrorBlock
      status="empty"
      title={t('detail.missing')}
      description={t('detail.missingHint')}
      data-testid="collect-missing"
    >
      <Button color="primary" fill="outline" onClick={() => navigate('/collections')}>
        {t('detail.backToList')}
      </Button>
    </ErrorBlock>
  );
}

function SavedAnswer({ id }: { id: string }) {
  const { t } = useTranslation('collections');
  const { api } = useServices();
  const locale = useLocale();
  const navigate = useNavigate();
  const saved = useQuery(collectionQuery(api, id));
  const uncollect = useUncollect();

  if (saved.isPending) {
    return (
      <div className="collections-loading" data-testid="collect-loading">
        <DotLoading />
      </div>
    );
  }
  const answer = saved.data;
  if (!answer || !answer.collected) return <Missing />;
  const conversationId = answer.conversationId;
  // A follow-up is asked in the chat: in the answer's conversation while it exists, else in a new one.
  const followUp = (question: string) =>
    navigate(conversationLink(conversationId), { state: { draft: question } satisfies ChatDraft });

  return (
    <article className="collect-detail" data-testid="collect-detail" data-answer-id={answer.id}>
      <h2 data-testid="collect-question">{answer.question}</h2>
      <div className="collect-ai-label">
        {new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
          new Date(answer.createdAt),
        )}{' '}
        · {t('detail.aiGenerated')}
      </div>
      <Markdown source={answer.content} testId="collect-answer" />
      <AnswerParts answer={answer} showFollowUps onFollowUp={followUp} />
      {conversationId ? null : (
        <p className="collect-note" data-testid="collect-conversation-deleted">
          {t('detail.conversationDeleted')}
        </p>
      )}
      <div className="collect-detail-actions">
        {conversationId ? (
          <Button
            color="primary"
            fill="outline"
            data-testid="collect-open-conversation"
            onClick={() => navigate(conversationLink(conversationId))}
          >
            {t('openConversation')}
          </Button>
        ) : null}
        <Button
          color="danger"
          fill="outline"
          loading={uncollect.isPending}
          data-testid="collect-uncollect"
          onClick={() =>
            uncollect.mutate(answer.id, {
              onSuccess: () => {
                Toast.show({ content: t('uncollected') });
                navigate('/collections', { replace: true });
              },
            })
          }
        >
          {t('uncollect')}
        </Button>
      </div>
    </article>
  );
}
