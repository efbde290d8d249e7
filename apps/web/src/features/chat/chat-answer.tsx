import { ERROR_CODES, type Citation } from '@bible-qa/contract';
import Button from 'antd-mobile/es/components/button';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import { useTranslation } from 'react-i18next';
import { AnswerActions, type AnswerPatch } from './answer-actions.tsx';
import { AnswerContent } from './answer-content.tsx';
import { AnswerParts } from '../../components/answer-parts.tsx';
import { StopIcon } from './chat-icons.tsx';
import { isSelectable, type ChatTurn } from './conversation.ts';
import './chat-answer.css';

/** What the conversation does for its answers; the page wires these to the conversation and the screen. */
export interface AnswerHandlers {
  stop: (key: string) => void;
  resend: (key: string) => void;
  retry: (key: string) => void;
  followUp: (question: string) => void;
  openPassage: (citation: Citation) => void;
  patch: (answerId: string, patch: AnswerPatch) => void;
  /** To login and back to this conversation (a guest past its hourly questions). */
  login: () => void;
}

export interface AnswerSelection {
  active: boolean;
  selected: ReadonlySet<string>;
  toggle: (answerId: string) => void;
}

interface ChatAnswerProps {
  turn: ChatTurn;
  latest: boolean;
  /** An answer is streaming somewhere in the conversation. */
  busy: boolean;
  handlers: AnswerHandlers;
  selection: AnswerSelection;
}

/** One answer: streaming text with a stop button, the settled answer with its parts and actions, or the failure. */
export function ChatAnswer({ turn, latest, busy, handlers, selection }: ChatAnswerProps) {
  const { t } = useTranslation('chat');
  const { t: tc } = useTranslation();
  const { answer } = turn;
  const generating = answer.status === 'generating';
  const settled = answer.status === 'done' || answer.status === 'stopped';
  const selectable = selection.active && isSelectable(turn);

  return (
    <article
      className={`chat-answer chat-answer-${answer.status}`}
      data-testid="chat-answer"
      data-status={answer.status}
      data-answer-id={answer.id ?? undefined}
      aria-label={t('answer.label')}
      aria-busy={generating}
    >
      {selectable && answer.id ? (
        <input
          type="checkbox"
          className="chat-answer-select"
          data-testid={`chat-select-${answer.id}`}
          aria-label={t('select.item')}
          checked={selection.selected.has(answer.id)}
          onChange={() => answer.id && selection.toggle(answer.id)}
        />
      ) : null}

      {turn.kind !== 'answer' ? (
        <span className="chat-answer-kind" data-testid="chat-answer-kind">
          {t(`kinds.${turn.kind}.name`)}
        </span>
      ) : null}

      {answer.content ? (
        <AnswerContent content={answer.content} citations={answer.citations} onOpenPassage={handlers.openPassage} />
      ) : null}

      {generating ? (
        <div className="chat-answer-status">
          {answer.content ? null : (
            <div data-testid="chat-answer-thinking">
              {t('answer.thinking')} <DotLoading />
            </div>
          )}
          <Button size="mini" shape="rounded" data-testid="chat-answer-stop" onClick={() => handlers.stop(turn.key)}>
            <StopIcon /> {t('answer.stop')}
          </Button>
        </div>
      ) : null}

      {answer.status === 'stopped' ? (
        <p className="chat-answer-note" data-testid="chat-answer-stopped">
          {t('answer.stopped')}
        </p>
      ) : null}

      {answer.status === 'failed' ? (
        <div className="chat-answer-failed" role="alert">
          <p data-testid="chat-answer-error">{answer.error?.msg ?? t('answer.failed')}</p>
          {answer.error?.code === ERROR_CODES.guest_quota_exceeded ? (
            <Button size="mini" color="primary" data-testid="chat-answer-login" onClick={handlers.login}>
              {tc('common.loginNow')}
            </Button>
          ) : null}
          <Button
            size="mini"
            color="primary"
            fill="outline"
            data-testid="chat-answer-retry"
            disabled={busy}
            onClick={() => handlers.retry(turn.key)}
          >
            {t('answer.retry')}
          </Button>
        </div>
      ) : null}

      {settled ? (
        <>
          <AnswerParts answer={answer} showFollowUps={latest && !busy} onFollowUp={handlers.followUp} />
          <div className="chat-answer-footer">
            <span className="chat-answer-ai">{t('answer.aiGenerated')}</span>
            <AnswerActions
              answer={answer}
              kind={turn.kind}
              busy={busy}
              onPatch={handlers.patch}
              onResend={() => handlers.resend(turn.key)}
            />
          </div>
        </>
      ) : null}
    </article>
  );
}
