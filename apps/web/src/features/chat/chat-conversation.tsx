import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { ChatAnswer, type AnswerHandlers, type AnswerSelection } from './chat-answer.tsx';
import type { ChatTurn } from './conversation.ts';
import { QuestionBubble } from './question-bubble.tsx';

interface ChatConversationProps {
  turns: ChatTurn[];
  busy: boolean;
  handlers: AnswerHandlers;
  selection: AnswerSelection;
}

/**
 * The questions and answers of the conversation, newest last. A new question scrolls into view; the screen shown
 * again (back, forward, a link) or another conversation opened starts at the newest turn, whatever scroll position
 * was kept for the chat screen.
 */
export function ChatConversation({ turns, busy, handlers, selection }: ChatConversationProps) {
  const newest = useRef<HTMLDivElement>(null);
  const firstKey = turns[0]?.key;
  const lastKey = turns[turns.length - 1]?.key;
  const { key: locationKey } = useLocation();
  const seen = useRef<{ first?: string; last?: string; location?: string }>({});
  // A passive effect: it runs after the kept-alive screen's scroll restore (KeepAliveOutlet's layout effect), and
  // again each time the screen is shown.
  useEffect(() => {
    const before = seen.current;
    seen.current = { first: firstKey, last: lastKey, location: locationKey };
    const asked = before.first === firstKey && before.last !== lastKey && before.location === locationKey;
    if (asked) {
      newest.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
      return;
    }
    // At once, after this frame's layout (the answers' parts are in place).
    const frame = requestAnimationFrame(() => newest.current?.scrollIntoView?.({ block: 'start' }));
    return () => cancelAnimationFrame(frame);
  }, [firstKey, lastKey, locationKey]);

  return (
    <div className="chat-conversation" data-testid="chat-conversation">
      {turns.map((turn, index) => {
        const latest = index === turns.length - 1;
        return (
          <section key={turn.key} className="chat-turn">
            <QuestionBubble ref={latest ? newest : undefined} question={turn.question} />
            <ChatAnswer turn={turn} latest={latest} busy={busy} handlers={handlers} selection={selection} />
          </section>
        );
      })}
    </div>
  );
}
