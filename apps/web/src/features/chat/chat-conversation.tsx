import { useEffect, useRef } from 'react';
import { ChatAnswer, type AnswerHandlers, type AnswerSelection } from './chat-answer.tsx';
import type { ChatTurn } from './conversation.ts';
import { QuestionBubble } from './question-bubble.tsx';

interface ChatConversationProps {
  turns: ChatTurn[];
  busy: boolean;
  handlers: AnswerHandlers;
  selection: AnswerSelection;
}

/** The questions and answers of the conversation, newest last; a new question scrolls into view. */
export function ChatConversation({ turns, busy, handlers, selection }: ChatConversationProps) {
  const newest = useRef<HTMLDivElement>(null);
  const lastKey = turns[turns.length - 1]?.key;
  useEffect(() => {
    newest.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  }, [lastKey]);

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
