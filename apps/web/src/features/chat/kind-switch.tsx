import { ANSWER_KINDS, type AnswerKind } from '@bible-qa/contract';
import { useTranslation } from 'react-i18next';
import { ToolSheet } from './tool-sheet.tsx';

interface KindSwitchProps {
  kind: AnswerKind;
  onChange: (kind: AnswerKind) => void;
}

/**
 * What the next question asks for: an answer, or a prayer, sermon outline or poem on the theme typed. It applies
 * to the next question only (the page sets it back to an answer once asked).
 */
export function KindSwitch({ kind, onChange }: KindSwitchProps) {
  const { t } = useTranslation('chat');

  return (
    <ToolSheet
      options={ANSWER_KINDS}
      value={kind}
      title={t('kind.switch')}
      label={`${t('kind.switch')}: ${t(`kinds.${kind}.name`)}`}
      name={(option) => t(`kinds.${option}.name`)}
      description={(option) => t(`kinds.${option}.description`)}
      testId="chat-kind"
      active={kind !== 'answer'}
      onPick={onChange}
    />
  );
}
