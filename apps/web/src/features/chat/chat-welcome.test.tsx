import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { VOICE_CONFIG_PATH, VOICE_OFF } from '../../lib/voice-config.ts';
import { Toast } from '../../lib/overlays.ts';
import { renderApp } from '../../test/render-app.tsx';
import { envelope, fakeServer } from './chat-fixtures.ts';
import { findToast } from '../../test/toasts.ts';

const LOCALES = path.join(import.meta.dirname, '../../locales');
const MANIFEST = path.join(
  process.env.CORPUS_DIR ?? path.join(import.meta.dirname, '../../../../../../shared/corpus'),
  'MANIFEST.json',
);
const catalogue = (language: string, ns: string) =>
  JSON.parse(readFileSync(path.join(LOCALES, language, `${ns}.json`), 'utf8')) as Record<string, unknown>;
const at = (value: unknown, dotted: string): string =>
  dotted.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], value) as string;

function serveVoice(recognize: boolean) {
  const server = fakeServer({ [VOICE_CONFIG_PATH]: () => envelope({ ...VOICE_OFF, recognize }) });
  vi.stubGlobal('fetch', vi.fn(server.fetch));
  return server;
}

describe('chat welcome', () => {
  it('promises hold-to-speak only when the server transcribes (rough edge 5)', async () => {
    const server = serveVoice(false);
    const off = renderApp('/chat');
    await screen.findByTestId('chat-composer-input');
    await waitFor(() => expect(server.callsTo(VOICE_CONFIG_PATH)).toHaveLength(1));
    expect(screen.getByTestId('chat-welcome-intro').textContent).not.toContain('按住说话');
    expect(screen.queryByTestId('chat-voice-toggle')).toBeNull();
    off.unmount();

    serveVoice(true);
    renderApp('/chat');
    await screen.findByTestId('chat-voice-toggle');
    expect(screen.getByTestId('chat-welcome-intro').textContent).toContain('按住说话');
  });

  it('says nothing of voice in help, the tour or about when it is off, in any language (rough edge 5)', () => {
    for (const language of ['zh-CN', 'zh-TW', 'en', 'es-ES', 'fr-FR']) {
      const texts = [
        at(catalogue(language, 'chat'), 'welcome.intro'),
        at(catalogue(language, 'help'), 'ask.body'),
        at(catalogue(language, 'tour'), 'features.items.ask.body'),
        at(catalogue(language, 'about'), 'intro'),
        at(catalogue(language, 'setting'), 'news.beta.body'),
      ];
      for (const text of texts)
        expect(text).not.toMatch(/语音|語音|说话|說話|speak|voice|voz|hablar|vocal|voix|parler|oral/i);
    }
  });

  it('switches the answer mode from its mode rows, marks the one in use and confirms it (rough edge 9)', async () => {
    const show = vi.spyOn(Toast, 'show');
    renderApp('/chat');
    const simple = await screen.findByTestId('chat-mode-simple');
    expect(screen.getByTestId('chat-mode-advanced').getAttribute('aria-pressed')).toBe('true');
    expect(simple.tagName).toBe('BUTTON');
    fireEvent.click(simple);
    await waitFor(() => expect(simple.getAttribute('aria-pressed')).toBe('true'));
    expect(screen.getByTestId('chat-mode-advanced').getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByTestId('chat-mode-switch').textContent).toBe('通用模式');
    expect(show).toHaveBeenCalledWith({ content: '已切换为通用模式' });
    await findToast('已切换为通用模式');
    // The one in use again: nothing to switch, nothing said.
    show.mockClear();
    fireEvent.click(simple);
    expect(show).not.toHaveBeenCalled();
    vi.restoreAllMocks();
  });

  it('help describes the mode switch as it behaves: at once, with the same confirmation (rough edge 6)', async () => {
    renderApp('/help');
    const modes = await screen.findByTestId('help-modes');
    expect(modes.textContent).toContain('“已切换为通用模式”');
    expect(modes.textContent).toContain('立即生效');
    expect(modes.textContent).not.toContain('请你确认');
  });

  it.skipIf(!existsSync(MANIFEST))(
    'states the corpus size the manifest counts, in every language, and no bigger claim (rough edge 14)',
    () => {
      const { totalWords } = JSON.parse(readFileSync(MANIFEST, 'utf8')) as { totalWords: number };
      const millions = Math.round(totalWords / 100_000) / 10; // 17.5
      const figures: Record<string, string> = {
        'zh-CN': `${Math.round(millions * 100)} 万`,
        'zh-TW': `${Math.round(millions * 100)} 萬`,
        en: `${millions} million`,
        'es-ES': `${String(millions).replace('.', ',')} millones`,
        'fr-FR': `${String(millions).replace('.', ',')} millions`,
      };
      for (const [language, figure] of Object.entries(figures)) {
        for (const [ns, key] of [
          ['chat', 'welcome.intro'],
          ['chat', 'welcome.introVoice'],
          ['about', 'data.body'],
        ] as const) {
          expect(at(catalogue(language, ns), key), `${language} ${ns}:${key}`).toContain(figure);
        }
        const all = ['chat', 'about', 'help', 'tour', 'policy', 'service', 'setting']
          .map((ns) => JSON.stringify(catalogue(language, ns)))
          .join('');
        expect(all).not.toMatch(/亿|億|(1[.,]2|120|100) ?(million|millones|millions)/);
      }
    },
  );
});
