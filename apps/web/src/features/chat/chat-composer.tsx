import { QUESTION_MAX_LENGTH } from '@bible-qa/contract';
import { useQuery } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import { lazy, Suspense, useEffect, useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SendIcon } from '../../components/icons.tsx';
import { useLaterErrorMessage } from '../../lib/i18n.ts';
import { useServices } from '../../lib/services.tsx';
import { KeyboardIcon, MicIcon } from './voice-icons.tsx';
import { voiceConfigQuery } from '../../lib/voice-config.ts';
import { Toast } from '../../lib/overlays.ts';

// Hold-to-speak only where a speech service is configured: its recorder loads when the reader turns to voice.
const VoiceHold = lazy(() => import('./voice-hold.tsx').then((m) => ({ default: m.VoiceHold })));

interface ChatComposerProps {
  value: string;
  onChange: (value: string) => void;
  /** Called with the trimmed question; an empty question never reaches it (spec §5). */
  onSubmit: (question: string) => void;
  disabled?: boolean;
  /** What to type: a question, or the theme of the prayer, sermon or poem asked for. */
  placeholder?: string;
}

/** A second tap within this long after a send belongs to the same gesture (a double tap). */
const DOUBLE_TAP_MS = 800;
/** The counter shows from this share of the limit on. */
const COUNTER_FROM = 0.8;

export function ChatComposer({ value, onChange, onSubmit, disabled, placeholder }: ChatComposerProps) {
  const { t } = useTranslation('chat');
  const errorMessage = useLaterErrorMessage();
  const { api } = useServices();
  // Hold-to-speak is offered only where the server can transcribe; elsewhere the composer is text only.
  const voice = useQuery(voiceConfigQuery(api)).data;
  const [speaking, setSpeaking] = useState(false);
  const voiceMode = speaking && Boolean(voice?.recognize);
  // Text cut to the limit (a long paste): said under the field until the question is short enough again.
  const [truncated, setTruncated] = useState(false);
  // The send that just went out: a second tap of the same gesture finds the field empty and is not an empty question.
  const justSent = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => clearSent(), []);

  function clearSent() {
    if (justSent.current) clearTimeout(justSent.current);
    justSent.current = null;
  }

  function change(next: string) {
    clearSent();
    const cut = next.length > QUESTION_MAX_LENGTH;
    setTruncated(cut);
    onChange(cut ? next.slice(0, QUESTION_MAX_LENGTH) : next);
  }

  /** The browser's maxLength would drop the end of a long paste silently; keep what fits and say so. */
  function onPaste(event: ClipboardEvent<HTMLTextAreaElement>) {
    const pasted = event.clipboardData.getData('text');
    const field = event.currentTarget;
    const start = field.selectionStart ?? value.length;
    const end = field.selectionEnd ?? value.length;
    const next = `${value.slice(0, start)}${pasted}${value.slice(end)}`;
    if (next.length <= QUESTION_MAX_LENGTH) return;
    event.preventDefault();
    change(next);
  }

  function submit() {
    const question = value.trim();
    if (!question) {
      if (!justSent.current) void errorMessage('question_required').then((content) => Toast.show({ content }));
      return;
    }
    onSubmit(question);
    setTruncated(false);
    clearSent();
    justSent.current = setTimeout(clearSent, DOUBLE_TAP_MS);
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // Enter sends, Shift+Enter breaks the line; never while an input method is composing (Chinese, Japanese …).
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  }

  const nearLimit = !voiceMode && (truncated || value.length >= QUESTION_MAX_LENGTH * COUNTER_FROM);
  const limit = nearLimit ? (
    <p
      id="chat-composer-limit"
      className={`chat-composer-limit${truncated || value.length >= QUESTION_MAX_LENGTH ? ' is-full' : ''}`}
      data-testid="chat-composer-limit"
      role="status"
    >
      {truncated ? (
        <span data-testid="chat-composer-truncated">{t('composer.truncated', { max: QUESTION_MAX_LENGTH })}</span>
      ) : null}
      <span className="chat-composer-count" data-testid="chat-composer-count">
        {t('composer.count', { length: value.length, max: QUESTION_MAX_LENGTH })}
      </span>
    </p>
  ) : null;

  return (
    <>
      <form
        className="chat-composer"
        data-testid="chat-composer"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        {voice?.recognize ? (
          <button
            type="button"
            className="chat-composer-voice-toggle"
            data-testid="chat-voice-toggle"
            aria-label={t(voiceMode ? 'voice.toKeyboard' : 'voice.toVoice')}
            aria-pressed={voiceMode}
            onClick={() => setSpeaking(!voiceMode)}
          >
            {voiceMode ? <KeyboardIcon /> : <MicIcon />}
          </button>
        ) : null}
        {voiceMode && voice ? (
          <Suspense fallback={null}>
            <VoiceHold
              onText={onSubmit}
              minSeconds={voice.minSeconds}
              maxSeconds={voice.maxSeconds}
              recording={voice.recording}
              disabled={disabled}
            />
          </Suspense>
        ) : (
          <>
            {/* A native textarea, so the test id and the label sit on the element that takes the text. */}
            <textarea
              className="chat-composer-input"
              data-testid="chat-composer-input"
              aria-label={t('composer.label')}
              placeholder={placeholder ?? t('composer.placeholder')}
              rows={1}
              value={value}
              onChange={(event) => change(event.target.value)}
              onPaste={onPaste}
              onKeyDown={onKeyDown}
              aria-describedby={nearLimit ? 'chat-composer-limit' : undefined}
              disabled={disabled}
            />
            <Button
              className="chat-composer-send"
              data-testid="chat-composer-send"
              type="submit"
              color="primary"
              shape="rounded"
              aria-label={t('composer.send')}
              disabled={disabled}
            >
              <SendIcon />
            </Button>
          </>
        )}
      </form>
      {limit}
    </>
  );
}
