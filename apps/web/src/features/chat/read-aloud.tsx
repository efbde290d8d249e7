import type { Locale } from '@bible-qa/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../lib/i18n.ts';
import { markdownToText } from '../../lib/markdown.ts';
import { useServices } from '../../lib/services.tsx';
import { SpeakerIcon, SpeakerOffIcon } from './voice-icons.tsx';
import { voiceConfigQuery } from '../../lib/voice-config.ts';
import { fetchSpeechAudio } from './voice.queries.ts';

/** The voices' language tags for the five locales. */
const SPEECH_LANG: Record<Locale, string> = {
  'zh-cn': 'zh-CN',
  'zh-tw': 'zh-TW',
  en: 'en-US',
  'es-es': 'es-ES',
  'fr-fr': 'fr-FR',
};

/** One answer is read at a time across the screen: starting another stops the one before. */
let stopCurrent: (() => void) | null = null;

function browserSpeech(): SpeechSynthesis | null {
  return typeof window !== 'undefined' && 'speechSynthesis' in window ? window.speechSynthesis : null;
}

/**
 * Read an answer aloud (spec §1): through the server's /to-audio when it has a voice model, else with the browser's
 * speech synthesis (the default). Hidden where neither exists.
 */
export function ReadAloudButton({ content }: { content: string }) {
  const { t } = useTranslation('chat');
  const { api } = useServices();
  const locale = useLocale();
  const config = useQuery(voiceConfigQuery(api));
  const [reading, setReading] = useState(false);
  const serverSpeech = config.data?.serverSpeech ?? false;

  /** This button's own stop, so leaving the screen stops its reading but not another answer's. */
  const mine = useRef<(() => void) | null>(null);
  useEffect(
    () => () => {
      if (stopCurrent && stopCurrent === mine.current) stopCurrent();
    },
    [],
  );

  if (!serverSpeech && !browserSpeech()) return null;

  function readInBrowser(text: string, done: () => void): () => void {
    const synth = browserSpeech();
    if (!synth) {
      done();
      return () => undefined;
    }
    const utterance = new SpeechSynthesisUtterance(text);
    utterance.lang = SPEECH_LANG[locale];
    utterance.onend = done;
    utterance.onerror = done;
    synth.cancel();
    synth.speak(utterance);
    return () => synth.cancel();
  }

  async function start() {
    stopCurrent?.();
    const text = markdownToText(content);
    let stopped = false;
    let stopThis = () => undefined as void;
    const done = () => {
      if (stopCurrent === stop) stopCurrent = null;
      setReading(false);
    };
    const stop = () => {
      stopped = true;
      stopThis();
      done();
    };
    stopCurrent = stop;
    mine.current = stop;
    setReading(true);
    const audio = serverSpeech ? await fetchSpeechAudio(api, text) : null;
    if (stopped) return;
    if (!audio) {
      stopThis = readInBrowser(text, done);
      return;
    }
    const url = URL.createObjectURL(audio);
    const player = new Audio(url);
    const release = () => {
      URL.revokeObjectURL(url);
      done();
    };
    // Audio the browser cannot play (a format it lacks, autoplay refused) is read by the browser's voice instead.
    let fellBack = false;
    const fallBack = () => {
      URL.revokeObjectURL(url);
      if (stopped || fellBack) return;
      fellBack = true;
      stopThis = readInBrowser(text, done);
    };
    player.onended = release;
    player.onerror = fallBack;
    stopThis = () => {
      player.pause();
      URL.revokeObjectURL(url);
    };
    player.play().catch(fallBack);
  }

  return (
    <button
      type="button"
      className="chat-action"
      data-testid="chat-read-aloud"
      aria-label={t(reading ? 'answer.stopReading' : 'answer.readAloud')}
      aria-pressed={reading}
      onClick={() => (reading ? stopCurrent?.() : void start())}
    >
      {reading ? <SpeakerOffIcon /> : <SpeakerIcon />}
    </button>
  );
}
