import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Dialog as DialogView } from 'antd-mobile';
import Button from 'antd-mobile/es/components/button';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import Input from 'antd-mobile/es/components/input';
import Popup from 'antd-mobile/es/components/popup';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { StarIcon } from '../../components/icons.tsx';
import { useServices } from '../../lib/services.tsx';
import { useSession } from '../../lib/session.ts';
import { DeleteIcon, EditIcon, ExportIcon, NewChatIcon } from './chat-icons.tsx';
import { recentQuery, sessionsQuery, useDeleteSession, useRenameSession } from './chat.queries.ts';
import { Dialog, Toast } from '../../lib/overlays.ts';
import { UserText } from '../../components/user-text.tsx';

const RECENT_SHOWN = 5;

interface HistoryDrawerProps {
  open: boolean;
  onClose: () => void;
  currentId: string | null;
  /** Where "log in" goes (and comes back from). */
  loginPath: string;
  /** Opens a stored conversation: the chat screen goes to its address and loads it. */
  onOpenConversation: (conversationId: string) => void;
  onNewChat: () => void;
  /** The conversation on screen was deleted here. */
  onCurrentDeleted: () => void;
}

/**
 * The history-sessions drawer: new conversation, my collection, recent use and every stored conversation, a guest's
 * too (kept under its key until a login makes them the account's).
 */
export function HistoryDrawer(props: HistoryDrawerProps) {
  const { open, onClose, currentId, loginPath, onOpenConversation, onNewChat, onCurrentDeleted } = props;
  const { t } = useTranslation('chat');
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const { loggedIn } = useSession();

  function pick(conversationId: string) {
    onOpenConversation(conversationId);
    onClose();
  }

  return (
    <Popup
      visible={open}
      position="left"
      onMaskClick={onClose}
      onClose={onClose}
      destroyOnClose
      bodyClassName="chat-history-popup"
    >
      <section className="chat-history" data-testid="chat-history" aria-label={t('history.title')}>
        <h2 className="chat-history-title">{t('history.title')}</h2>
        <div className="chat-history-shortcuts">
          <button
            type="button"
            data-testid="chat-history-new"
            onClick={() => {
              onNewChat();
              onClose();
            }}
          >
            <NewChatIcon /> {t('history.newChat')}
          </button>
          <Link to="/collections" data-testid="chat-history-collections" onClick={onClose}>
            <StarIcon /> {tc('collections.title')}
          </Link>
        </div>
        {loggedIn ? null : (
          <div className="chat-guest" data-testid="chat-history-guest">
            <span>{t('history.guestKept')}</span>
            <Button
              size="mini"
              color="primary"
              fill="outline"
              data-testid="chat-history-login"
              onClick={() => {
                // Closed first: the chat screen is kept alive, and the login comes back to it.
                onClose();
                navigate(loginPath);
              }}
            >
              {tc('common.loginNow')}
            </Button>
          </div>
        )}
        <HistoryLists
          currentId={currentId}
          onPick={pick}
          onLeave={onClose}
          onDeleted={(id) => id === currentId && onCurrentDeleted()}
        />
      </section>
    </Popup>
  );
}

interface HistoryListsProps {
  currentId: string | null;
  onPick: (conversationId: string) => void;
  onDeleted: (conversationId: string) => void;
  /** Another screen opens from the list (a conversation's export): the drawer closes. */
  onLeave: () => void;
}

function HistoryLists({ currentId, onPick, onDeleted, onLeave }: HistoryListsProps) {
  const { t, i18n } = useTranslation('chat');
  const { t: tc } = useTranslation();
  const { api } = useServices();
  const recent = useQuery(recentQuery(api));
  const sessions = useInfiniteQuery(sessionsQuery(api));
  const rename = useRenameSession();
  const remove = useDeleteSession();
  const [renaming, setRenaming] = useState<{ id: string; title: string } | null>(null);
  const items = sessions.data?.pages.flatMap((page) => page.items) ?? [];
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });

  async function confirmDelete(id: string) {
    const confirmed = await Dialog.confirm({ content: t('history.deleteConfirm'), confirmText: t('history.delete') });
    if (!confirmed) return;
    try {
      await remove.mutateAsync(id);
    } catch {
      return; // the API client has shown why
    }
    Toast.show({ content: t('history.deleted') });
    onDeleted(id);
  }

  async function saveTitle() {
    if (!renaming) return;
    const title = renaming.title.trim();
    if (!title) {
      Toast.show({ content: t('history.titleRequired') });
      return;
    }
    await rename.mutateAsync({ id: renaming.id, title });
    Toast.show({ content: t('history.renamed') });
    setRenaming(null);
  }

  return (
    <>
      {recent.data && recent.data.length > 0 ? (
        <section className="chat-history-section" data-testid="chat-recent">
          <h3>{t('history.recent')}</h3>
          <ul className="chat-history-recent">
            {recent.data.slice(0, RECENT_SHOWN).map((item, index) => (
              <li key={`${item.conversationId}-${item.askedAt}`}>
                <button
                  type="button"
                  data-testid={`chat-recent-${index + 1}`}
                  onClick={() => onPick(item.conversationId)}
                >
                  <UserText text={item.question} />
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section className="chat-history-section">
        <h3>{t('history.sessions')}</h3>
        {sessions.isPending ? <DotLoading /> : null}
        {sessions.isError ? (
          <p className="chat-history-empty">
            {t('history.loadFailed')}{' '}
            <Button size="mini" onClick={() => void sessions.refetch()}>
              {t('history.retry')}
            </Button>
          </p>
        ) : null}
        {sessions.isSuccess && items.length === 0 ? (
          <p className="chat-history-empty" data-testid="chat-history-empty">
            {t('history.empty')}
          </p>
        ) : null}
        <ul className="chat-sessions">
          {items.map((session) => (
            <li key={session.id} className={session.id === currentId ? 'is-current' : undefined}>
              <button
                type="button"
                className="chat-session-main"
                data-testid={`chat-session-${session.id}`}
                aria-current={session.id === currentId ? 'true' : undefined}
                onClick={() => onPick(session.id)}
              >
                <strong>
                  <UserText text={session.title} />
                </strong>
                <small>
                  {date.format(new Date(session.updatedAt))} · {t('history.messages', { count: session.messageCount })}
                </small>
              </button>
              <button
                type="button"
                className="chat-action"
                data-testid={`chat-session-rename-${session.id}`}
                aria-label={t('history.rename')}
                onClick={() => setRenaming({ id: session.id, title: session.title })}
              >
                <EditIcon />
              </button>
              <Link
                to={`/export/${session.id}?title=${encodeURIComponent(session.title)}`}
                className="chat-action"
                data-testid={`chat-session-export-${session.id}`}
                aria-label={t('history.export')}
                onClick={onLeave}
              >
                <ExportIcon />
              </Link>
              <button
                type="button"
                className="chat-action"
                data-testid={`chat-session-delete-${session.id}`}
                aria-label={t('history.delete')}
                onClick={() => void confirmDelete(session.id)}
              >
                <DeleteIcon />
              </button>
            </li>
          ))}
        </ul>
        {sessions.hasNextPage ? (
          <Button
            block
            size="small"
            fill="none"
            data-testid="chat-history-more"
            loading={sessions.isFetchingNextPage}
            onClick={() => void sessions.fetchNextPage()}
          >
            {t('history.more')}
          </Button>
        ) : null}
      </section>

      <DialogView
        visible={renaming !== null}
        title={t('history.renameTitle')}
        content={
          <Input
            className="chat-rename-input"
            data-testid="chat-rename-input"
            aria-label={t('history.renamePlaceholder')}
            placeholder={t('history.renamePlaceholder')}
            maxLength={100}
            clearable
            value={renaming?.title ?? ''}
            onChange={(title) => setRenaming((current) => (current ? { ...current, title } : current))}
          />
        }
        onClose={() => setRenaming(null)}
        actions={[
          [
            { key: 'cancel', text: tc('common.cancel') },
            { key: 'save', text: t('history.save'), bold: true, disabled: rename.isPending },
          ],
        ]}
        onAction={(action) => (action.key === 'save' ? void saveTitle().catch(() => undefined) : setRenaming(null))}
      />
    </>
  );
}
