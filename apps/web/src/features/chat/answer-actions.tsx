import type { AnswerKind, FeedbackType } from '@bible-qa/contract';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { StarIcon } from '../../components/icons.tsx';
import { copyText } from '../../lib/clipboard.ts';
import { markdownToText } from '../../lib/markdown.ts';
import { useSession } from '../../lib/session.ts';
import { REDIRECT_PARAM } from '../../lib/safe-path.ts';
import { CopyIcon, DislikeIcon, LikeIcon, RefreshIcon, ShareIcon } from './chat-icons.tsx';
import { useCollectAnswer, useRateAnswer, type Rating } from './chat.queries.ts';
import type { AnswerView } from './conversation.ts';
import { DislikeReasons } from './dislike-reasons.tsx';
import { ReadAloudButton } from './read-aloud.tsx';
import { Dialog, Toast } from '../../lib/overlays.ts';

// The share sheet (and the card it shows) loads on first use, not with the chat screen.
const ShareSheet = lazy(() => import('./share-sheet.tsx').then((m) => ({ default: m.ShareSheet })));

export type AnswerPatch = Partial<Pick<AnswerView, 'rating' | 'collected'>>;

interface AnswerActionsProps {
  answer: AnswerView;
  /** What was asked for: a prayer, sermon outline or poem is written again as another version. */
  kind?: AnswerKind;
  /** Another answer is streaming: no resend now. */
  busy: boolean;
  onPatch: (answerId: string, patch: AnswerPatch) => void;
  onResend: () => void;
}

/**
 * Copy, like, dislike, collect, share and resend under a settled answer. Rating and collecting are for kept answers
 * (an account's or a guest's); sharing makes a public link, which needs an account.
 */
export function AnswerActions({ answer, kind = 'answer', busy, onPatch, onResend }: AnswerActionsProps) {
  const { t } = useTranslation('chat');
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const { loggedIn } = useSession();
  const rate = useRateAnswer();
  const collect = useCollectAnswer();
  const [sharing, setSharing] = useState<string[]>([]);
  // The answer just disliked, asking why (the sheet is mounted on the first dislike).
  const [asking, setAsking] = useState<string | null>(null);
  const askingRef = useRef<string | null>(null);
  const [asked, setAsked] = useState(false);

  /** The kept answer's id (a guest's too, but sharing needs an account); otherwise the login is offered. */
  async function storedId(
    reason: 'answer.loginToSave' | 'answer.loginToShare' = 'answer.loginToSave',
  ): Promise<string | null> {
    const kept = answer.id && !answer.guest;
    if (kept && (loggedIn || reason === 'answer.loginToSave')) return answer.id;
    const login = await Dialog.confirm({ content: t(reason), confirmText: tc('common.loginNow') });
    if (login) navigate(`/login?${REDIRECT_PARAM}=${encodeURIComponent('/chat')}`);
    return null;
  }

  async function onRate(choice: 'like' | 'dislike') {
    const id = await storedId();
    if (!id) return;
    // Tapping the chosen rating again takes it back.
    const rating: Rating = answer.rating === choice ? null : choice;
    const previous = answer.rating;
    onPatch(id, { rating });
    try {
      await rate.mutateAsync({ id, rating });
    } catch {
      onPatch(id, { rating: previous });
      return;
    }
    if (rating === 'dislike') {
      // The dislike counts at once; why is asked next, and skipping leaves it without a reason.
      setAsked(true);
      askingRef.current = id;
      setAsking(id);
    } else if (rating) Toast.show({ content: t('answer.rated') });
  }

  async function onReason(reason: FeedbackType | null) {
    // The sheet may report a pick and then its closing: only the first counts.
    const id = askingRef.current;
    askingRef.current = null;
    setAsking(null);
    if (!id) return;
    if (reason) {
      try {
        await rate.mutateAsync({ id, rating: 'dislike', reason });
      } catch {
        return; // the API client has shown the message; the dislike stays
      }
    }
    Toast.show({ content: t('answer.rated') });
  }

  async function onCollect() {
    const id = await storedId();
    if (!id) return;
    const collected = !answer.collected;
    onPatch(id, { collected });
    try {
      await collect.mutateAsync({ id, collect: collected });
      Toast.show({ content: t(collected ? 'answer.collected' : 'answer.uncollected') });
    } catch {
      onPatch(id, { collected: !collected });
    }
  }

  async function onShare() {
    const id = await storedId('answer.loginToShare');
    if (id) setSharing([id]);
  }

  async function onCopy() {
    const copied = await copyText(markdownToText(answer.content));
    Toast.show({ content: t(copied ? 'answer.copied' : 'answer.copyFailed') });
  }

  return (
    <div className="chat-answer-actions">
      <button
        type="button"
        className="chat-action"
        data-testid="chat-copy"
        aria-label={t('answer.copy')}
        onClick={() => void onCopy()}
      >
        <CopyIcon />
      </button>
      <ReadAloudButton content={answer.content} />
      <button
        type="button"
        className="chat-action"
        data-testid="chat-like"
        aria-label={t('answer.like')}
        aria-pressed={answer.rating === 'like'}
        onClick={() => void onRate('like')}
      >
        <LikeIcon />
      </button>
      <button
        type="button"
        className="chat-action"
        data-testid="chat-dislike"
        aria-label={t('answer.dislike')}
        aria-pressed={answer.rating === 'dislike'}
        onClick={() => void onRate('dislike')}
      >
        <DislikeIcon />
      </button>
      <button
        type="button"
        className="chat-action"
        data-testid="chat-collect"
        aria-label={t(answer.collected ? 'answer.uncollect' : 'answer.collect')}
        aria-pressed={answer.collected}
        onClick={() => void onCollect()}
      >
        <StarIcon fill={answer.collected ? 'currentColor' : 'none'} />
      </button>
      <button
        type="button"
        className="chat-action"
        data-testid="chat-share"
        aria-label={t('answer.share')}
        onClick={() => void onShare()}
      >
        <ShareIcon />
      </button>
      <button
        type="button"
        className="chat-action"
        data-testid="chat-answer-resend"
        aria-label={t(kind === 'answer' ? 'answer.resend' : 'answer.anotherVersion')}
        disabled={busy}
        onClick={onResend}
      >
        <RefreshIcon />
      </button>
      {asked ? <DislikeReasons open={asking !== null} onDone={(reason) => void onReason(reason)} /> : null}
      {sharing.length ? (
        <Suspense fallback={null}>
          <ShareSheet ids={sharing} onClose={() => setSharing([])} />
        </Suspense>
      ) : null}
    </div>
  );
}
