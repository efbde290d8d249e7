import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import ConfigProvider, { setDefaultConfig } from 'antd-mobile/es/components/config-provider';
import enUS from 'antd-mobile/es/locales/en-US';
import esES from 'antd-mobile/es/locales/es-ES';
import frFR from 'antd-mobile/es/locales/fr-FR';
import zhCN from 'antd-mobile/es/locales/zh-CN';
import zhTW from 'antd-mobile/es/locales/zh-TW';
import type { i18n as I18n } from 'i18next';
import { useEffect, useState, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { Locale } from '@bible-qa/contract';
import { toLocale } from '../lib/i18n.ts';
import { ServicesProvider, type AppServices } from '../lib/services.tsx';
import type { Session } from '../lib/session.ts';

const LIBRARY_LOCALES = { 'zh-cn': zhCN, 'zh-tw': zhTW, en: enUS, 'es-es': esES, 'fr-fr': frFR } satisfies Record<
  Locale,
  typeof zhCN
>;

/**
 * The library's texts in the UI language, for what it renders outside this tree too: the imperative Dialog and Toast
 * (confirm dialogs' 取消/确定 buttons) read the default config, not the provider's.
 */
export function applyLibraryLocale(i18n: I18n): typeof zhCN {
  const library = LIBRARY_LOCALES[toLocale(i18n.language)];
  // Our own words for the buttons: the library's French "confirm" reads "Activer" (activate).
  const locale = {
    ...library,
    common: { ...library.common, confirm: i18n.t('common.confirm'), cancel: i18n.t('common.cancel') },
    Dialog: { ...library.Dialog, ok: i18n.t('common.ok') },
  };
  setDefaultConfig({ locale });
  return locale;
}

export function createQueryClient(): QueryClient {
  // The API client already retries a timed-out call once (spec §8); a second layer of retries would multiply it.
  return new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
}

/**
 * A login changes whose data every query reads (and makes the guest's conversations, collections and notes the
 * account's): everything cached is stale then, and what is on screen is asked for again. A logout reloads the page
 * a second later; what it cached is only marked stale (asked again now, an account's lists would meet a 401).
 */
function useFreshDataOnLogin(session: Session, client: QueryClient) {
  useEffect(() => {
    let loggedIn = session.getSnapshot().loggedIn;
    return session.subscribe(() => {
      const now = session.getSnapshot().loggedIn;
      if (now === loggedIn) return;
      loggedIn = now;
      void client.invalidateQueries(now ? {} : { refetchType: 'none' });
    });
  }, [session, client]);
}

export function AppProviders({
  i18n,
  services,
  queryClient,
  children,
}: {
  i18n: I18n;
  services: AppServices;
  queryClient?: QueryClient;
  children: ReactNode;
}) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  useFreshDataOnLogin(services.session, client);
  return (
    <I18nextProvider i18n={i18n}>
      <ConfigProvider locale={applyLibraryLocale(i18n)}>
        <QueryClientProvider client={client}>
          <ServicesProvider services={services}>{children}</ServicesProvider>
        </QueryClientProvider>
      </ConfigProvider>
    </I18nextProvider>
  );
}
