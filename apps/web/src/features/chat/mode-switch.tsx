import { CHAT_MODES, type ChatMode } from '@bible-qa/contract';
import { useTranslation } from 'react-i18next';
import { Toast } from '../../lib/overlays.ts';
import { ToolSheet } from './tool-sheet.tsx';

interface ModeSwitchProps {
  mode: ChatMode;
  onChange: (mode: ChatMode) => void;
}

/** The answer mode for the next questions (advanced, simple, professional), confirmed with 'switched to {0}'. */
export function ModeSwitch({ mode, onChange }: ModeSwitchProps) {
  const { t } = useTranslation('chat');

  return (
    <ToolSheet
      options={CHAT_MODES}
      value={mode}
      title={t('mode.switch')}
      label={t('mode.switch')}
      name={(option) => t(`modes.${option}.name`)}
      description={(option) => t(`modes.${option}.description`)}
      testId="chat-mode"
      onPick={(next) => {
        if (next === mode) return;
        onChange(next);
        Toast.show({ content: t('mode.switched', { mode: t(`modes.${next}.name`) }) });
      }}
    />
  );
}
