import { Globals } from '@react-spring/web';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { answerOf, eventStreamResponse, metaEvent, sse } from '../features/chat/chat-fixtures.ts';
import en from '../locales/en/common.json';
import es from '../locales/es-ES/common.json';
import fr from '../locales/fr-FR/common.json';
import zhCN from '../locales/zh-CN/common.json';
import zhTW from '../locales/zh-TW/common.json';
import enSetting from '../locales/en/setting.json';
import esSetting from '../locales/es-ES/setting.json';
import frSetting from '../locales/fr-FR/setting.json';
import zhCNSetting from '../locales/zh-CN/setting.json';
import zhTWSetting from '../locales/zh-TW/setting.json';
import { renderApp } from '../test/render-app.tsx';

Globals.assign({ skipAnimation: true });

const LANGUAGES = [
  { language: 'en', common: en.common, logout: enSetting.logout.confirm },
  { language: 'zh-tw', common: zhTW.common, logout: zhTWSetting.logout.confirm },
  { language: 'es-es', common: es.common, logout: esSetting.logout.confirm },
  { language: 'fr-fr', common: fr.common, logout: frSetting.logout.confirm },
  { language: 'zh-cn', common: zhCN.common, logout: zhCNSetting.logout.confirm },
] as const;

/** Rough edge 1: the buttons of a confirm dialog were 取消 / 确定 whatever the UI language. */
describe('confirm dialogs speak the UI language', () => {
  it.each(LANGUAGES)('logout asks in $language with buttons in $language', async ({ language, common, logout }) => {
    window.localStorage.setItem('APP_GLOBAL_SETTINGS', JSON.stringify({ language }));
    window.localStorage.setItem('APP_AUTH_TOKEN_KEY', 'token-1');
    renderApp('/setting');
    fireEvent.click(await screen.findByTestId('setting-logout'));
    const dialog = (await screen.findByText(logout)).closest('.adm-dialog')!;
    const buttons = [...dialog.querySelectorAll('button')].map((button) => button.textContent);
    expect(buttons).toEqual([common.cancel, common.confirm]);
    if (!language.startsWith('zh')) expect(buttons.join(' ')).not.toMatch(/[取消确定]/);
    fireEvent.click(screen.getByText(common.cancel));
    await waitFor(() => expect(screen.queryByText(logout)).toBeNull());
  });

  it('a draft-overwrite confirmation on the chat screen in English says Cancel / OK', async () => {
    window.localStorage.setItem('APP_GLOBAL_SETTINGS', JSON.stringify({ language: 'en' }));
    // An answer with a follow-up: tapping it over a draft asks first (a sample question never overwrites a draft).
    const done = sse({ type: 'done', answer: answerOf({ content: 'a', followUps: ['Next question?'] }) });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        String(input).includes('/portal/chat/ask')
          ? eventStreamResponse(sse(metaEvent()) + done)
          : new Response(JSON.stringify({ code: 10004, msg: 'not found', data: null }), {
              headers: { 'Content-Type': 'application/json' },
            }),
      ),
    );
    renderApp('/chat');
    const input = (await screen.findByTestId('chat-composer-input')) as HTMLTextAreaElement;
    fireEvent.click(screen.getByTestId('chat-suggestion-1'));
    const followUp = await screen.findByTestId('chat-followup-1');
    fireEvent.change(input, { target: { value: 'my draft' } });
    fireEvent.click(followUp);
    const dialog = (await screen.findByText('The input box already has text. Replace it?')).closest('.adm-dialog')!;
    expect([...dialog.querySelectorAll('button')].map((button) => button.textContent)).toEqual(['Cancel', 'OK']);
  });
});
