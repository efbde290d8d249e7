import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client.ts';
import { useErrorMessage } from '../../lib/error-messages.ts';
import { Toast } from '../../lib/overlays.ts';
import { useServices } from '../../lib/services.tsx';
import { MicIcon } from './voice-icons.tsx';
import { recognizeSpeech } from './voice.queries.ts';
import { createVoiceRecorder, RecordingFailure, type RecordingFormat, type VoiceRecorder } from './voice-recorder.ts';
import './voice.css';

/** How far up (px) the finger or pointer slides before a release cancels instead of sending. */
export const CANCEL_DISTANCE_PX = 60;
const TICK_MS = 200;

type Phase = 'idle' | 'recording' | 'recognising';
type Ending = 'send' | 'cancel' | 'too_long';

interface Hold {
  recorder: VoiceRecorder;
  started: Promise<void>;
  startY: number;
  ended: boolean;
}

interface VoiceHoldProps {
  /** Called with the recognised text, to be sent as the question. */
  onText: (text: string) => void;
  minSeconds: number;
  maxSeconds: number;
  /** What the server's speech service takes (VoiceConfig.recording). */
  recording?: RecordingFormat;
  disabled?: boolean;
}

function clock(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * Hold to speak (spec §4): press and hold to record, release to send, slide up to cancel; then recognising, then
 * the text is sent or the no-text hint shows. Pointer events, so touch, pen and mouse behave alike.
 */
export function VoiceHold({ onText, minSeconds, maxSeconds, recording = 'browser', disabled }: VoiceHoldProps) {
  const { t } = useTranslation('chat');
  const errorMessage = useErrorMessage();
  const { api } = useServices();
  const [phase, setPhase] = useState<Phase>('idle');
  const [cancelling, setCancelling] = useState(false);
  const [elapsedMs, setElapsedMs] = useState(0);
  const hold = useRef<Hold | null>(null);
  const timer = useRef<ReturnType<typeof setInterval> | undefined>(undefined);

  useEffect(
    () => () => {
      clearInterval(timer.current);
      hold.current?.recorder.cancel();
      hold.current = null;
    },
    [],
  );

  function reset() {
    clearInterval(timer.current);
    hold.current = null;
    setPhase('idle');
    setCancelling(false);
    setElapsedMs(0);
  }

  function fail(error: unknown) {
    const reason = error instanceof RecordingFailure ? error.reason : 'recording_abnormal';
    Toast.show({ content: errorMessage(reason) });
  }

  async function finish(current: Hold, ending: Ending) {
    if (current.ended) return;
    current.ended = true;
    clearInterval(timer.current);
    try {
      await current.started;
    } catch (error) {
      reset();
      fail(error);
      return;
    }
    if (ending !== 'send') {
      current.recorder.cancel();
      reset();
      if (ending === 'too_long') Toast.show({ content: errorMessage('voice_too_long') });
      return;
    }
    let recording;
    try {
      recording = await current.recorder.stop();
    } catch (error) {
      reset();
      fail(error);
      return;
    }
    if (recording.durationMs < minSeconds * 1000 || recording.durationMs > maxSeconds * 1000) {
      reset();
      const tooShort = recording.durationMs < minSeconds * 1000;
      Toast.show({ content: errorMessage(tooShort ? 'voice_too_short' : 'voice_too_long') });
      return;
    }
    setPhase('recognising');
    try {
      const text = await recognizeSpeech(api, recording.blob, recording.durationMs);
      reset();
      onText(text);
    } catch (error) {
      reset();
      // The API client has already shown a refusal's own message (too short, no text recognised …).
      if (!(error instanceof ApiError && (error.kind === 'business' || error.kind === 'unauthorized'))) {
        Toast.show({ content: t('voice.failed') });
      }
    }
  }

  function onPointerDown(event: PointerEvent<HTMLButtonElement>) {
    if (disabled || hold.current || event.button > 0) return;
    event.preventDefault();
    try {
      event.currentTarget.setPointerCapture(event.pointerId);
    } catch {
      // Capture is a nicety: moves and the release still reach the button while over it.
    }
    begin(event.clientY);
  }

  /** Starts a hold; `startY` is where the pointer went down (sliding up from it cancels; NaN from the keyboard). */
  function begin(startY: number) {
    const recorder = createVoiceRecorder(undefined, recording);
    const current: Hold = { recorder, started: recorder.start(), startY, ended: false };
    hold.current = current;
    setPhase('recording');
    setCancelling(false);
    setElapsedMs(0);
    current.started.then(
      () => {
        if (current.ended) return;
        timer.current = setInterval(() => {
          const ms = recorder.elapsedMs();
          setElapsedMs(ms);
          if (ms >= maxSeconds * 1000) void finish(current, 'too_long');
        }, TICK_MS);
      },
      // The microphone could not open while the button is still held: say so now, not at the release.
      () => void finish(current, 'cancel'),
    );
  }

  function onPointerMove(event: PointerEvent<HTMLButtonElement>) {
    const current = hold.current;
    if (!current || current.ended) return;
    setCancelling(current.startY - event.clientY > CANCEL_DISTANCE_PX);
  }

  function onPointerUp(event: PointerEvent<HTMLButtonElement>) {
    const current = hold.current;
    if (!current) return;
    const cancel = current.startY - event.clientY > CANCEL_DISTANCE_PX;
    void finish(current, cancel ? 'cancel' : 'send');
  }

  function onPointerCancel() {
    if (hold.current) void finish(hold.current, 'cancel');
  }

  /** From the keyboard: hold Space or Enter to speak, release to send, Escape to cancel. */
  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === 'Escape' && hold.current) {
      event.preventDefault();
      void finish(hold.current, 'cancel');
      return;
    }
    if (event.key !== ' ' && event.key !== 'Enter') return;
    event.preventDefault();
    if (!event.repeat && !disabled && !hold.current) begin(Number.NaN);
  }

  function onKeyUp(event: KeyboardEvent<HTMLButtonElement>) {
    if ((event.key === ' ' || event.key === 'Enter') && hold.current) void finish(hold.current, 'send');
  }

  const remaining = Math.ceil(maxSeconds - elapsedMs / 1000);
  return (
    <>
      <button
        type="button"
        className={`chat-voice-hold${phase === 'recording' ? ' is-recording' : ''}`}
        data-testid="chat-voice-hold"
        disabled={disabled || phase === 'recognising'}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerCancel}
        onKeyDown={onKeyDown}
        onKeyUp={onKeyUp}
        onContextMenu={(event) => event.preventDefault()}
      >
        {phase === 'recording' ? t('voice.releaseToSend') : t('voice.hold')}
      </button>
      {phase === 'idle' ? null : (
        <div
          className="chat-voice-overlay"
          data-testid="chat-voice-overlay"
          data-state={phase === 'recognising' ? 'recognising' : cancelling ? 'cancel' : 'recording'}
          role="status"
          aria-live="polite"
        >
          {phase === 'recording' ? (
            <>
              <div
                className={`chat-voice-cancel-zone${cancelling ? ' is-active' : ''}`}
                data-testid="chat-voice-cancel-zone"
              >
                {cancelling ? t('voice.releaseToCancel') : t('voice.slideToCancel')}
              </div>
              <div className="chat-voice-card">
                <MicIcon className="chat-voice-mic" />
                <span className="chat-voice-elapsed" data-testid="chat-voice-elapsed">
                  {clock(elapsedMs)}
                </span>
                <span className="chat-voice-hint" data-testid="chat-voice-hint">
                  {cancelling
                    ? t('voice.releaseToCancel')
                    : remaining <= 10
                      ? t('voice.remaining', { count: Math.max(0, remaining) })
                      : t('voice.releaseToSend')}
                </span>
              </div>
            </>
          ) : (
            <div className="chat-voice-card" data-testid="chat-voice-recognising">
              <span className="chat-voice-spinner" aria-hidden="true" />
              <span className="chat-voice-hint">{t('voice.recognising')}</span>
            </div>
          )}
        </div>
      )}
    </>
  );
}
