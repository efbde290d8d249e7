import { Button, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useBatchCollect } from './chat.queries.ts';

interface SelectBarProps {
  selected: ReadonlySet<string>;
  onCollected: (ids: string[]) => void;
  onCancel: () => void;
}

/** The footer while messages are being picked: how many, collect them all at once, or cancel. */
export function SelectBar({ selected, onCollected, onCancel }: SelectBarProps) {
  const { t } = useTranslation('chat');
  const { t: tc } = useTranslation();
  const batch = useBatchCollect();

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
    </div>
  );
}
