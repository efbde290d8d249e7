import { useQuery } from '@tanstack/react-query';
import { Button, DotLoading, ErrorBlock, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { AnswerParts } from '../../components/answer-parts.tsx';
import { Markdown } from '../../components/markdown.tsx';
import { Page } from '../../components/page.tsx';
import { useLocale } from '../../lib/i18n.ts';
import { useServices } from '../../lib/services.tsx';
import { useVerifiedSession } from '../../lib/use-verified-session.ts';
import { REDIRECT_PARAM } from '../../lib/use-auth.ts';
import { conversationLink, conversationQuery, useUncollect } from './collections.queries.ts';
import './collections.css';

/** The router state key the chat screen reads a carried draft from (features/chat/use-carried-draft.ts). */
const DRAFT_STATE = 'draft';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * /collect?id=<answer>&conversation=<conversation> — one saved answer (spec §2), read from its conversation's stored
 * turns: the question, the answer, uncollect and the way back to the conversation. Kept alive like the route table says.
 */
export function CollectPage() {
  const { loggedIn } = useVerifiedSession();
  const [params] = useSearchParams();
  const { t } = useTranslation('collections');
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const id = params.get('id') ?? '';
  const conversationId = params.get('conversation') ?? '';
  const here = `/collect?${params.toString()}`;

  if (!loggedIn) {
    return (
      <Page testId="page-collect">
        <ErrorBlock status="empty" title={t('guestHint')} description={null} data-testid="collections-guest">
          <Button color="primary" onClick={() => navigate(`/login?${REDIRECT_PARAM}=${encodeURIComponent(here)}`)}>
            {tc('common.loginNow')}
          </Button>
        </ErrorBlock>
      </Page>
    );
  }
  return (
    <Page testId="page-collect">
      {UUID.test(id) && UUID.test(conversationId) ? (
        <SavedAnswer key={`${conversationId}/${id}`} id={id} conversationId={conversationId} />
      ) : (
        <Missing />
      )}
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

function SavedAnswer({ id, conversationId }: { id: string; conversationId: string }) {
  const { t } = useTranslation('collections');
  const { api } = useServices();
  const locale = useLocale();
  const navigate = useNavigate();
  const turns = useQuery(conversationQuery(api, conversationId));
  const uncollect = useUncollect();

  if (turns.isPending) {
    return (
      <div className="collections-loading" data-testid="collect-loading">
        <DotLoading />
      </div>
    );
  }
  const turn = turns.data?.find((candidate) => candidate.answer?.id === id);
  const answer = turn?.answer;
  if (!turn || !answer || !answer.collected) return <Missing />;

  return (
    <article className="collect-detail" data-testid="collect-detail" data-answer-id={answer.id}>
      <h2 data-testid="collect-question">{turn.question.text}</h2>
      <div className="collect-ai-label">
        {new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
          new Date(answer.createdAt),
        )}{' '}
        · {t('detail.aiGenerated')}
      </div>
      <Markdown source={answer.content} testId="collect-answer" />
      {/* Saved whole: the related books, literature, images and follow-ups come with it (rough edge 15). A
          follow-up opens the conversation with the question in the composer, to send from there. */}
      <AnswerParts
        answer={answer}
        showFollowUps
        onFollowUp={(question) => navigate(conversationLink(conversationId), { state: { [DRAFT_STATE]: question } })}
      />
      <div className="collect-detail-actions">
        <Button
          color="primary"
          fill="outline"
          data-testid="collect-open-conversation"
          onClick={() => navigate(conversationLink(conversationId))}
        >
          {t('openConversation')}
        </Button>
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
