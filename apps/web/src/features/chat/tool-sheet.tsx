import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

// The sheet (and the popup it slides in) loads on the first tap, not with the chat page.
const ActionSheet = lazy(() => import('antd-mobile/es/components/action-sheet'));

interface ToolSheetProps<T extends string> {
  options: readonly T[];
  value: T;
  /** The sheet's heading. */
  title: string;
  /** The button's accessible name. */
  label: string;
  name: (option: T) => string;
  description: (option: T) => string;
  /** Prefix of the test ids: `{testId}-switch` on the button, `{testId}-option-{option}` on each choice. */
  testId: string;
  /** Marks the button while a choice other than the usual one is set. */
  active?: boolean;
  /** Called with the choice tapped, even when it is the current one. */
  onPick: (option: T) => void;
}

/** A composer tool button showing the current choice, which opens a sheet listing the others. */
export function ToolSheet<T extends string>({
  options,
  value,
  title,
  label,
  name,
  description,
  testId,
  active = false,
  onPick,
}: ToolSheetProps<T>) {
  const { t: tc } = useTranslation();
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);

  return (
    <>
      <button
        type="button"
        className={active ? 'chat-tool chat-tool-active' : 'chat-tool'}
        data-testid={`${testId}-switch`}
        aria-label={label}
        aria-haspopup="dialog"
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        {name(value)}
        <span aria-hidden="true" className="chat-tool-caret" />
      </button>
      <Suspense fallback={null}>
        {used ? (
          <ActionSheet
            visible={open}
            onClose={() => setOpen(false)}
            extra={title}
            cancelText={tc('common.cancel')}
            actions={options.map((option) => ({
              key: option,
              text: <span data-testid={`${testId}-option-${option}`}>{name(option)}</span>,
              description: description(option),
              bold: option === value,
            }))}
            onAction={(action) => {
              setOpen(false);
              onPick(action.key as T);
            }}
          />
        ) : null}
      </Suspense>
    </>
  );
}
