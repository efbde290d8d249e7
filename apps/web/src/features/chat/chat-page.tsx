import type { AnswerKind, ChatMode, Citation } from '@bible-qa/contract';
import Button from 'antd-mobile/es/components/button';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { SettingIcon } from '../../components/icons.tsx';
import { Page } from '../../components/page.tsx';
import { loadMoreCatalogues } from '../../lib/i18n.ts';
import { whenIdle } from '../../lib/when-idle.ts';
import { useSession } from '../../lib/session.ts';
import { REDIRECT_PARAM } from '../../lib/safe-path.ts';
import type { AnswerHandlers, AnswerSelection } from './chat-answer.tsx';
import { ChatComposer } from './chat-composer.tsx';
import { HistoryIcon, NewChatIcon, SearchIcon, SelectIcon } from './chat-icons.tsx';
import { KindSwitch } from './kind-switch.tsx';
import { ChatWelcome } from './chat-welcome.tsx';
import { ModeSwitch } from './mode-switch.tsx';
import { SelectBar } from './select-bar.tsx';
import { addressOf, isSelectable } from './conversation.ts';
import { useConversation } from './use-conversation.ts';
import { conversationPath, useConversationAddress } from './use-conversation-address.ts';
import './chat.css';
import './chat-panels.css';
import { Dialog, Toast } from '../../lib/overlays.ts';

/**
 * The conversation's questions and answers (answer text, citations, actions, markdown): not on the first screen of a
 * new conversation, so fetched once that screen is up (and at once when a conversation is opened), keeping them out
 * of the JavaScript a first visit waits for (decision 0029).
 */
// Its dislike reasons speak the feedback page's words: the pages' catalogues come with it.
const loadConversation = () =>
  Promise.all([import('./chat-conversation.tsx'), loadMoreCatalogues()]).then(([conversation]) => conversation);
const ChatConversation = lazy(() => loadConversation().then((m) => ({ default: m.ChatConversation })));

// Panels opened on demand load on first use, keeping them out of the JavaScript a first visit downloads.
const HistoryDrawer = lazy(() => import('./history-drawer.tsx').then((m) => ({ default: m.HistoryDrawer })));
const PassageView = lazy(() => import('./passage-view.tsx').then((m) => ({ default: m.PassageView })));

/**
 * The conversation screen (spec §2 Chat): the welcome panel or the conversation, the composer with the answer
 * mode, the history drawer, the passage view of a scripture reference, and multi-select to collect answers.
 */
export function ChatPage() {
  const { t } = useTranslation('chat');
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const { loggedIn } = useSession();
  const conversation = useConversation();
  const { state, streaming } = conversation;
  const [draft, setDraft] = useState('');
  const [mode, setMode] = useState<ChatMode>('advanced');
  const [kind, setKind] = useState<AnswerKind>('answer');
  const [historyOpen, setHistoryOpen] = useState(false);
  const [historyUsed, setHistoryUsed] = useState(false);
  const [passage, setPassage] = useState<Citation | null>(null);
  const [passageUsed, setPassageUsed] = useState(false);
  const [selecting, setSelecting] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  useConversationAddress(conversation, {
    loggedIn,
    onDraft: (question) => void mayOverwrite(question).then((ok) => ok && setDraft(question)),
  });
  // The first screen is up: the conversation's code comes next, before the first question needs it.
  useEffect(() => whenIdle(() => void loadConversation().catch(() => undefined)), []);
  // Logging in comes back to this very conversation (a guest's is kept in this browser).
  const loginPath = `/login?${REDIRECT_PARAM}=${encodeURIComponent(`${location.pathname}${location.search}`)}`;

  /** Asks in the chosen mode; a prayer, sermon or poem is asked for once, then the composer asks questions again. */
  function ask(question: string, asked: AnswerKind = kind) {
    if (!conversation.ask(question, mode, asked)) {
      Toast.show({ content: t('composer.busy') });
      return;
    }
    setDraft('');
    setKind('answer');
  }

  /**
   * A sample question is asked at once, as a question, whatever kind the composer is set to; a draft in the composer
   * stays as it is (nothing is overwritten, so nothing to confirm).
   */
  function askSample(question: string) {
    if (!conversation.ask(question, mode, 'answer')) Toast.show({ content: t('composer.busy') });
  }

  /** A follow-up replaces a draft only when the user agrees (spec §5). */
  async function mayOverwrite(question: string): Promise<boolean> {
    const current = draft.trim();
    if (!current || current === question) return true;
    return Dialog.confirm({ content: t('composer.overwrite') });
  }

  function endSelection() {
    setSelecting(false);
    setSelected(new Set());
  }

  /** A new conversation is a new address (back returns to the one left); the address resets the screen. */
  function newChat({ replace = false } = {}) {
    endSelection();
    if (addressOf(state)) navigate(conversationPath(null), { replace });
    else conversation.reset();
  }

  const handlers: AnswerHandlers = {
    stop: (key) => void conversation.stop(key),
    resend: conversation.resend,
    retry: conversation.retry,
    followUp: (question) => void mayOverwrite(question).then((ok) => ok && ask(question, 'answer')),
    openPassage: (citation) => {
      setPassageUsed(true);
      setPassage(citation);
    },
    patch: conversation.patchAnswer,
  };
  const selection: AnswerSelection = {
    active: selecting,
    selected,
    toggle: (id) =>
      setSelected((current) => {
        const next = new Set(current);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
  };
  const hasTurns = state.turns.length > 0;
  const canSelect = loggedIn && state.turns.some(isSelectable);

  const historyButton = (
    <button
      type="button"
      className="nav-icon-link chat-nav-button"
      aria-label={t('history.open')}
      data-testid="chat-history-open"
      onClick={() => {
        setHistoryUsed(true);
        setHistoryOpen(true);
      }}
    >
      <HistoryIcon />
    </button>
  );
  const rightButtons = (
    <span className="chat-nav-right">
      {hasTurns ? (
        <button
          type="button"
          className="nav-icon-link chat-nav-button"
          aria-label={t('history.newChat')}
          data-testid="chat-new"
          onClick={() => newChat()}
        >
          <NewChatIcon />
        </button>
      ) : null}
      <Link to="/search" className="nav-icon-link" aria-label={t('search.open')} data-testid="chat-open-search">
        <SearchIcon />
      </Link>
      <Link to="/setting" className="nav-icon-link" aria-label={tc('setting.title')} data-testid="chat-open-setting">
        <SettingIcon />
      </Link>
    </span>
  );

  const footer = selecting ? (
    <SelectBar
      selected={selected}
      onCancel={endSelection}
      onCollected={(ids) => {
        ids.forEach((id) => conversation.patchAnswer(id, { collected: true }));
        endSelection();
      }}
    />
  ) : (
    <>
      <div className="chat-toolbar">
        <ModeSwitch mode={mode} onChange={setMode} />
        <KindSwitch kind={kind} onChange={setKind} />
        {canSelect ? (
          <button type="button" className="chat-tool" data-testid="chat-select-mode" onClick={() => setSelecting(true)}>
            <SelectIcon /> {t('select.start')}
          </button>
        ) : null}
      </div>
      <ChatComposer
        value={draft}
        onChange={setDraft}
        onSubmit={ask}
        placeholder={kind === 'answer' ? undefined : t(`kinds.${kind}.placeholder`)}
      />
      <p className="chat-ai-notice">{t('welcome.aiNotice')}</p>
    </>
  );

  return (
    <Page testId="page-chat" back={false} left={historyButton} right={rightButtons} footer={footer}>
      {hasTurns ? (
        <>
          {/* The meta event says whether the server kept this conversation (guests get no history). */}
          {loggedIn && !state.guest ? null : (
            <div className="chat-guest" data-testid="chat-guest-banner">
              <span>{t('welcome.guestNotice')}</span>
              <Button size="mini" color="primary" fill="outline" onClick={() => navigate(loginPath)}>
                {tc('common.loginNow')}
              </Button>
            </div>
          )}
          <Suspense fallback={<DotLoading />}>
            <ChatConversation turns={state.turns} busy={streaming} handlers={handlers} selection={selection} />
          </Suspense>
        </>
      ) : (
        <ChatWelcome
          loggedIn={loggedIn}
          mode={mode}
          onMode={setMode}
          onPick={askSample}
          onLogin={() => navigate('/login')}
        />
      )}
      <Suspense fallback={null}>
        {historyUsed ? (
          <HistoryDrawer
            open={historyOpen}
            onClose={() => setHistoryOpen(false)}
            currentId={state.conversationId}
            loginPath={loginPath}
            onOpenConversation={(id) => {
              endSelection();
              if (id !== addressOf(state)) navigate(conversationPath(id));
            }}
            onNewChat={() => newChat()}
            onCurrentDeleted={() => newChat({ replace: true })}
          />
        ) : null}
        {passageUsed ? <PassageView citation={passage} onClose={() => setPassage(null)} /> : null}
      </Suspense>
    </Page>
  );
}
