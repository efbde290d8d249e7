import { ANSWER_KINDS, type AnswerKind } from '@bible-qa/contract';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

// The sheet loads on the first tap, not with the chat page.
const ActionSheet = lazy(() => import('antd-mobile/es/components/action-sheet'));

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
  const { t: tc } = useTranslation();
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);

  return (
    <>
      <button
        type="button"
        className={kind === 'answer' ? 'chat-tool' : 'chat-tool chat-tool-active'}
        data-testid="chat-kind-switch"
        aria-label={`${t('kind.switch')}: ${t(`kinds.${kind}.name`)}`}
        aria-haspopup="dialog"
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        {t(`kinds.${kind}.name`)}
        <span aria-hidden="true" className="chat-tool-caret" />
      </button>
      <Suspense fallback={null}>
        {used ? (
          <ActionSheet
            visible={open}
            onClose={() => setOpen(false)}
            extra={t('kind.switch')}
            cancelText={tc('common.cancel')}
            actions={ANSWER_KINDS.map((option) => ({
              key: option,
              text: <span data-testid={`chat-kind-option-${option}`}>{t(`kinds.${option}.name`)}</span>,
              description: t(`kinds.${option}.description`),
              bold: option === kind,
            }))}
            onAction={(action) => {
              setOpen(false);
              onChange(action.key as AnswerKind);
            }}
          />
        ) : null}
      </Suspense>
    </>
  );
}
