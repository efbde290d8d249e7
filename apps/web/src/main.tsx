import 'antd-mobile/es/global';
import './app/app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createAppServices } from './app/create-services.ts';
import { takeBootVersion } from './app/boot-fetch.ts';
import { createAppHistory, navigationOf } from './app/navigation.tsx';
import { AppProviders } from './app/providers.tsx';
import { registerServiceWorker } from './app/service-worker.ts';
import { AppPages, loadPageAt } from './app/routes.tsx';
import { runStartup } from './app/startup.ts';
import { trackStartup } from './app/startup-state.ts';
import { scriptSources, startVersionWatcher } from './app/version-watcher.ts';
import { createI18n, loadCatalogues } from './lib/i18n.ts';
import { createAppStorage } from './lib/storage.ts';
import { applyTheme } from './lib/theme.ts';
import { beforeFirstOverlay, Dialog, Toast } from './lib/overlays.ts';

// The page's script sources as served, read before anything adds one: the version watcher's first list.
const servedScripts = scriptSources(document.documentElement.outerHTML);
const storage = createAppStorage(window.localStorage);
const settings = storage.getGlobalSettings();
// The stored language is read once at start-up; switching stores a new one and reloads (spec §4). Only its
// catalogues (and the zh-CN fallback) are fetched.
const language = storage.getLanguage() ?? undefined;
await loadCatalogues(language);
const i18n = createI18n(language);
document.documentElement.lang = i18n.language;
applyTheme(document, { darkMode: settings.darkMode, primary: settings.themeColor });
beforeFirstOverlay(() => import('./app/antd-setup.ts').then((setup) => setup.setupAntdMobile()));

const history = createAppHistory();
const navigation = navigationOf(history);
const reload = () => window.location.reload();
const services = createAppServices({
  storage,
  i18n,
  navigate: (to) => navigation.navigate(to),
  currentPath: navigation.currentPath,
  toast: (message) => Toast.show({ content: message }),
  reload,
});

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
// The first page's code (index.html's boot script began its download) before the first render, as a data router
// would: a page that suspends at the first render is revealed no sooner than 300 ms after its fallback (React's
// throttle). Not awaited here: the page's chunk imports this one, which must finish evaluating first.
void Promise.resolve(loadPageAt(window.location))
  .catch(() => undefined)
  .then(() =>
    createRoot(container).render(
      <StrictMode>
        <AppProviders i18n={i18n} services={services}>
          <AppPages history={history} />
        </AppProviders>
      </StrictMode>,
    ),
  );

trackStartup(
  runStartup({
    ...services,
    location: window.location,
    navigate: (to) => navigation.navigate(to, { replace: true }),
    earlyVersion: takeBootVersion(),
  }).then((outcome) => {
    // A language switch reloads the page: the welcome overlay stays until then.
    if (outcome.kind === 'language') return new Promise<never>(() => undefined);
    return outcome;
  }),
);

if (import.meta.env.PROD) {
  registerServiceWorker();
  startVersionWatcher({
    baseline: servedScripts,
    fetchRoot: () => fetch(`/?_timestamp=${Date.now()}`, { cache: 'no-store' }).then((response) => response.text()),
    onUpdate: () =>
      void Dialog.alert({
        title: i18n.t('app.update.title'),
        content: i18n.t('app.update.content'),
        confirmText: i18n.t('common.refresh'),
        onConfirm: reload,
      }),
  });
}
