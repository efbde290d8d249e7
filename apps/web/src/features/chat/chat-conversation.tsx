import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { useServices } from '../../lib/services.tsx';
import { citedReferences, marksByVerse, VerseMarksContext, verseMarksQuery } from '../../lib/verse-marks.ts';
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
 * The questions and answers of the conversation, newest last; a new question scrolls into view. The verses the
 * settled answers cite are looked up once among the reader's highlights and notes, which their citations show.
 */
export function ChatConversation({ turns, busy, handlers, selection }: ChatConversationProps) {
  const { api } = useServices();
  const newest = useRef<HTMLDivElement>(null);
  const cited = citedReferences(
    turns.flatMap((turn) => (turn.answer.status === 'generating' ? [] : turn.answer.citations)),
  );
  const marksQuery = useQuery(verseMarksQuery(api, cited));
  const marks = useMemo(() => marksByVerse(marksQuery.data ?? []), [marksQuery.data]);
  const lastKey = turns[turns.length - 1]?.key;
  useEffect(() => {
    newest.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  }, [lastKey]);

  return (
    <VerseMarksContext.Provider value={marks}>
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
    </VerseMarksContext.Provider>
  );
}
