import { forwardRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UserText } from '../../components/user-text.tsx';

/** A question this long (characters or lines) opens collapsed, so a pasted page does not bury its answer. */
const LONG_CHARS = 280;
const LONG_LINES = 8;

export function isLongQuestion(question: string): boolean {
  return question.length > LONG_CHARS || question.split('\n').length > LONG_LINES;
}

/** The asker's bubble; a long question shows its first lines with "show more". */
export const QuestionBubble = forwardRef<HTMLDivElement, { question: string }>(function QuestionBubble(
  { question },
  ref,
) {
  const { t } = useTranslation('chat');
  const long = isLongQuestion(question);
  const [open, setOpen] = useState(false);
  const collapsed = long && !open;
  return (
    <div ref={ref} className="chat-bubble chat-bubble-user" data-collapsed={collapsed}>
      <p className={`chat-question${collapsed ? ' is-collapsed' : ''}`} data-testid="chat-question">
        <UserText text={question} />
      </p>
      {long ? (
        <button
          type="button"
          className="chat-question-toggle"
          data-testid="chat-question-toggle"
          aria-expanded={open}
          onClick={() => setOpen(!open)}
        >
          {t(open ? 'question.less' : 'question.more')}
        </button>
      ) : null}
    </div>
  );
});
