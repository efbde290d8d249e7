import Button from 'antd-mobile/es/components/button';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useBatchCollect } from './chat.queries.ts';
import { Dialog, Toast } from '../../lib/overlays.ts';
import { REDIRECT_PARAM } from '../../lib/safe-path.ts';
import { useSession } from '../../lib/session.ts';

const ShareSheet = lazy(() => import('./share-sheet.tsx').then((m) => ({ default: m.ShareSheet })));

interface SelectBarProps {
  selected: ReadonlySet<string>;
  onCollected: (ids: string[]) => void;
  onCancel: () => void;
}

/** The footer while messages are being picked: how many, collect or share them all at once, or cancel. */
export function SelectBar({ selected, onCollected, onCancel }: SelectBarProps) {
  const { t } = useTranslation('chat');
  const { t: tc } = useTranslation();
  const batch = useBatchCollect();
  const { loggedIn } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [sharing, setSharing] = useState<string[]>([]);

  async function share() {
    if (selected.size === 0) {
      Toast.show({ content: t('select.shareEmpty') });
      return;
    }
    if (!loggedIn) {
      // A share is a public link an account owns; a guest is offered the login (and comes back here).
      const login = await Dialog.confirm({ content: t('answer.loginToShare'), confirmText: tc('common.loginNow') });
      if (login) navigate(`/login?${REDIRECT_PARAM}=${encodeURIComponent(`${location.pathname}${location.search}`)}`);
      return;
    }
    setSharing([...selected]);
  }

  async function collect() {
    const ids = [...selected];
    if (ids.length === 0) {
      Toast.show({ content: t('select.empty') });
      return;
    }
    try {
      await batch.mutateAsync(ids);
    } catch {
      return; // the API client has shown why
    }
    Toast.show({ content: t('select.collected', { count: ids.length }) });
    onCollected(ids);
  }

  return (
    <div className="chat-select-bar" data-testid="chat-select-bar">
      <span data-testid="chat-select-count">{t('select.count', { count: selected.size })}</span>
      <Button size="small" data-testid="chat-select-cancel" onClick={onCancel}>
        {tc('common.cancel')}
      </Button>
      <Button
        size="small"
        color="primary"
        data-testid="chat-select-collect"
        loading={batch.isPending}
        onClick={() => void collect()}
      >
        {t('select.collect')}
      </Button>
      <Button size="small" color="primary" fill="outline" data-testid="chat-select-share" onClick={() => void share()}>
        {t('select.share')}
      </Button>
      {sharing.length ? (
        <Suspense fallback={null}>
          <ShareSheet ids={sharing} onClose={() => setSharing([])} />
        </Suspense>
      ) : null}
    </div>
  );
}
