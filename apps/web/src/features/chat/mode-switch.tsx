import { CHAT_MODES, type ChatMode } from '@bible-qa/contract';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Toast } from '../../lib/overlays.ts';

// The sheet (and the popup it slides in) loads on the first tap, not with the chat page.
const ActionSheet = lazy(() => import('antd-mobile/es/components/action-sheet'));

interface ModeSwitchProps {
  mode: ChatMode;
  onChange: (mode: ChatMode) => void;
}

/** The answer mode for the next questions (advanced, simple, professional), confirmed with 'switched to {0}'. */
export function ModeSwitch({ mode, onChange }: ModeSwitchProps) {
  const { t } = useTranslation('chat');
  const { t: tc } = useTranslation();
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);

  return (
    <>
      <button
        type="button"
        className="chat-tool"
        data-testid="chat-mode-switch"
        aria-label={t('mode.switch')}
        aria-haspopup="dialog"
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        {t(`modes.${mode}.name`)}
        <span aria-hidden="true" className="chat-tool-caret" />
      </button>
      <Suspense fallback={null}>
        {used ? (
          <ActionSheet
            visible={open}
            onClose={() => setOpen(false)}
            extra={t('mode.switch')}
            cancelText={tc('common.cancel')}
            actions={CHAT_MODES.map((option) => ({
              key: option,
              text: <span data-testid={`chat-mode-option-${option}`}>{t(`modes.${option}.name`)}</span>,
              description: t(`modes.${option}.description`),
              bold: option === mode,
            }))}
            onAction={(action) => {
              const next = action.key as ChatMode;
              setOpen(false);
              if (next === mode) return;
              onChange(next);
              Toast.show({ content: t('mode.switched', { mode: t(`modes.${next}.name`) }) });
            }}
          />
        ) : null}
      </Suspense>
    </>
  );
}
