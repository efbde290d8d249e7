import { FEEDBACK_TYPES, type FeedbackType } from '@bible-qa/contract';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';

// Loaded on the first dislike, not with the chat screen.
const ActionSheet = lazy(() => import('antd-mobile/es/components/action-sheet'));

interface DislikeReasonsProps {
  open: boolean;
  /** A reason picked; null when the sheet is closed without one (the dislike stays, without a reason). */
  onDone: (reason: FeedbackType | null) => void;
}

/** What was wrong with a disliked answer: the feedback types of spec §3, kept with the rating. */
export function DislikeReasons({ open, onDone }: DislikeReasonsProps) {
  const { t } = useTranslation('chat');
  const { t: tf } = useTranslation('feedback');
  return (
    <Suspense fallback={null}>
      <ActionSheet
        visible={open}
        onClose={() => onDone(null)}
        extra={t('answer.dislikeWhy')}
        cancelText={t('answer.dislikeSkip')}
        actions={FEEDBACK_TYPES.map((reason) => ({
          key: reason,
          text: <span data-testid={`chat-dislike-reason-${reason}`}>{tf(`type.${reason}`)}</span>,
        }))}
        onAction={(action) => onDone(action.key as FeedbackType)}
      />
    </Suspense>
  );
}
