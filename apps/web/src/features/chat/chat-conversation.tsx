import { useEffect, useRef } from 'react';
import { ChatAnswer, type AnswerHandlers, type AnswerSelection } from './chat-answer.tsx';
import type { ChatTurn } from './conversation.ts';
import { UserText } from '../../components/user-text.tsx';

interface ChatConversationProps {
  turns: ChatTurn[];
  busy: boolean;
  handlers: AnswerHandlers;
  selection: AnswerSelection;
}

/** The questions and answers of the conversation, newest last; a new question scrolls into view. */
export function ChatConversation({ turns, busy, handlers, selection }: ChatConversationProps) {
  const newest = useRef<HTMLParagraphElement>(null);
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
            <p ref={latest ? newest : undefined} className="chat-bubble chat-bubble-user" data-testid="chat-question">
              <UserText text={turn.question} />
            </p>
            <ChatAnswer turn={turn} latest={latest} busy={busy} handlers={handlers} selection={selection} />
          </section>
        );
      })}
    </div>
  );
}
