import { ROOT_REDIRECT } from '@bible-qa/contract';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../lib/api-client.ts';
import { Toast } from '../../lib/overlays.ts';
import { REDIRECT_PARAM } from '../../lib/safe-path.ts';
import { addressOf } from './conversation.ts';
import { isLocalId } from './guest-conversations.ts';
import type { Conversation } from './use-conversation.ts';

/** /chat?id=<conversation> — a stored conversation's id, or the local id of one kept in this browser. */
export const CONVERSATION_PARAM = 'id';
/** Spec §2, §9: /chat?_n=1 (the home route) and /chat?_n=2 (after an external login) open a new conversation. */
const NEW_PARAM = '_n';
/** The parameter of links made before conversations had addresses (/chat?conversation=<id>). */
const LEGACY_PARAM = 'conversation';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Where a link asks the chat screen to put a question in the composer (e.g. a saved answer's follow-up). */
export interface ChatLinkState {
  draft?: string;
}

/** The link to a conversation, optionally with a question for the composer. */
export function conversationPath(id: string | null): string {
  return id ? `/chat?${CONVERSATION_PARAM}=${encodeURIComponent(id)}` : ROOT_REDIRECT;
}

/**
 * The address bar and the conversation on screen follow each other, so a reload, back and forward keep the open
 * conversation. On each navigation to the chat screen, /chat?id=… shows that conversation (loaded from the server, or
 * from this browser for a guest), /chat?_n=… (the spec's home and external-login targets) a new one, and a plain
 * /chat whatever is open. A guest's conversations are kept by the server under its key too; one that is not the
 * guest's sends it to log in and back. When the screen gets a conversation of its own (a first question, the server's id for it),
 * the address is replaced to name it.
 */
export function useConversationAddress(
  conversation: Conversation,
  { loggedIn, onDraft }: { loggedIn: boolean; onDraft: (question: string) => void },
): void {
  const { t } = useTranslation('chat');
  const location = useLocation();
  const navigate = useNavigate();
  const openFailed = t('history.openFailed');
  const params = new URLSearchParams(location.search);
  const wanted = params.get(CONVERSATION_PARAM) ?? params.get(LEGACY_PARAM);
  const current = addressOf(conversation.state);
  const latest = useRef({ conversation, current, loggedIn, onDraft, wanted, location, openFailed });
  latest.current = { conversation, current, loggedIn, onDraft, wanted, location, openFailed };
  const drafted = useRef(new Set<string>());

  // The address → the screen, once per navigation (and again when the kept-alive screen shows).
  useEffect(() => {
    const { conversation, current, onDraft, wanted, location } = latest.current;
    const draft = (location.state as ChatLinkState | null)?.draft;
    const offerDraft = () => {
      if (typeof draft !== 'string' || drafted.current.has(location.key)) return;
      drafted.current.add(location.key);
      onDraft(draft);
    };
    const startOver = () => void navigate(ROOT_REDIRECT, { replace: true });
    if (wanted === current) return offerDraft();
    if (!wanted && !new URLSearchParams(location.search).has(NEW_PARAM)) {
      // A plain /chat link (not a new conversation): the screen stays as it was, and the address names it.
      if (current) void navigate(conversationPath(current), { replace: true, state: location.state });
      else offerDraft();
      return;
    }
    if (!wanted) {
      if (current || conversation.state.turns.length > 0) conversation.reset();
      return offerDraft();
    }
    if (isLocalId(wanted)) {
      if (conversation.restore(wanted)) offerDraft();
      else startOver();
      return;
    }
    if (!UUID.test(wanted)) return startOver();
    conversation.open(wanted).then(offerDraft, (error: unknown) => {
      // The API client has said why for a refusal (not found, …) and sends a 401 to login itself.
      const kind = error instanceof ApiError ? error.kind : null;
      if (kind === 'unauthorized' || kind === 'home') return;
      if (kind === 'business' && !latest.current.loggedIn) {
        // Not this guest's: it may be an account's. Log in, then come back to it.
        const back = `${location.pathname}${location.search}`;
        void navigate(`/login?${REDIRECT_PARAM}=${encodeURIComponent(back)}`, { replace: true });
        return;
      }
      if (kind !== 'business') Toast.show({ content: latest.current.openFailed });
      if (latest.current.wanted === wanted) startOver();
    });
  }, [location.key, navigate]);

  // The screen → the address: a conversation that got its own id (or a new local one) is named in the address. Only
  // a change counts: showing the kept-alive screen again must not write its old conversation over a new address.
  const named = useRef(current);
  useEffect(() => {
    const { location } = latest.current;
    if (named.current === current) return;
    named.current = current;
    if (!current || current === new URLSearchParams(location.search).get(CONVERSATION_PARAM)) return;
    const next = new URLSearchParams(location.search);
    next.delete(NEW_PARAM);
    next.delete(LEGACY_PARAM);
    next.set(CONVERSATION_PARAM, current);
    void navigate({ pathname: location.pathname, search: `?${next.toString()}` }, { replace: true });
  }, [current, navigate]);
}
