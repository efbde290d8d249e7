import { useEffect } from 'react';
import { useSearchParams } from 'react-router';

/** /chat?conversation=<id> — a link from a saved answer — opens that stored conversation. */
export const CONVERSATION_PARAM = 'conversation';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Opens the conversation named in the URL once (for a logged-in user), then takes the parameter off the URL. */
export function useLinkedConversation(open: (conversationId: string) => Promise<void>, loggedIn: boolean): void {
  const [params, setParams] = useSearchParams();
  const id = params.get(CONVERSATION_PARAM);
  useEffect(() => {
    if (!id || !loggedIn) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(CONVERSATION_PARAM);
        return next;
      },
      { replace: true },
    );
    // A failed load has already been shown by the API client; the screen stays as it was.
    if (UUID.test(id)) void open(id).catch(() => undefined);
  }, [id, loggedIn, open, setParams]);
}
