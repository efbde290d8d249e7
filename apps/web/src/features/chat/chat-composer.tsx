import { useQuery } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SendIcon } from '../../components/icons.tsx';
import { useErrorMessage } from '../../lib/i18n.ts';
import { useServices } from '../../lib/services.tsx';
import { VoiceHold } from './voice-hold.tsx';
import { KeyboardIcon, MicIcon } from './voice-icons.tsx';
import { voiceConfigQuery } from './voice.queries.ts';
import { Toast } from '../../lib/overlays.ts';

interface ChatComposerProps {
  value: string;
  onChange: (value: string) => void;
  /** Called with the trimmed question; an empty question never reaches it (spec §5). */
  onSubmit: (question: string) => void;
  disabled?: boolean;
  /** What to type: a question, or the theme of the prayer, sermon or poem asked for. */
  placeholder?: string;
}

export function ChatComposer({ value, onChange, onSubmit, disabled, placeholder }: ChatComposerProps) {
  const { t } = useTranslation('chat');
  const errorMessage = useErrorMessage();
  const { api } = useServices();
  // Hold-to-speak is offered only where the server can transcribe; elsewhere the composer is text only.
  const voice = useQuery(voiceConfigQuery(api)).data;
  const [speaking, setSpeaking] = useState(false);
  const voiceMode = speaking && Boolean(voice?.recognize);

  function submit() {
    const question = value.trim();
    if (!question) {
      Toast.show({ content: errorMessage('question_required') });
      return;
    }
    onSubmit(question);
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // Enter sends, Shift+Enter breaks the line; never while an input method is composing (Chinese, Japanese …).
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  }

  return (
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
        <VoiceHold onText={onSubmit} minSeconds={voice.minSeconds} maxSeconds={voice.maxSeconds} disabled={disabled} />
      ) : (
        <>
          {/* A native textarea, so the test id and the label sit on the element that takes the text. */}
          <textarea
            className="chat-composer-input"
            data-testid="chat-composer-input"
            aria-label={t('composer.label')}
            placeholder={placeholder ?? t('composer.placeholder')}
            rows={1}
            maxLength={2000}
            value={value}
            onChange={(event) => onChange(event.target.value)}
            onKeyDown={onKeyDown}
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
  );
}
