import { render } from '@testing-library/react';
import { UNSAFE_createMemoryHistory } from 'react-router';
import { vi } from 'vitest';
import { unstableSetRender as setCommonJsRender } from 'antd-mobile';
import { unstableSetRender as setEsRender } from 'antd-mobile/es/utils/unstable-render';
import { setupAntdMobile } from '../app/antd-setup.ts';
import { createAppServices } from '../app/create-services.ts';
import { navigationOf, type AppHistory } from '../app/navigation.tsx';
import { AppProviders, createQueryClient } from '../app/providers.tsx';
import { AppPages } from '../app/routes.tsx';
import { createI18n } from '../lib/i18n.ts';
import { createAppStorage } from '../lib/storage.ts';
import { trackOverlays } from './overlays.ts';

let antdReady = false;

/** Renders the whole app (route table, providers, services) at a path, over jsdom's localStorage. */
export function renderApp(path: string) {
  if (!antdReady) {
    // Under Node, 'antd-mobile' (pages that import the package root) loads as a second, CommonJS copy: set it up too.
    // Both are tracked so the shared setup closes their toasts and dialogs after each test.
    setupAntdMobile(trackOverlays(setEsRender));
    setupAntdMobile(trackOverlays(setCommonJsRender));
    antdReady = true;
  }
  const storage = createAppStorage(window.localStorage);
  const i18n = createI18n(storage.getLanguage() ?? undefined);
  const history: AppHistory = UNSAFE_createMemoryHistory({ initialEntries: [path], v5Compat: true });
  const navigation = navigationOf(history);
  /** The test's handle on the router: navigate as a link or the back button would, and where it is. */
  const router = {
    navigate: (to: string | number) => Promise.resolve(navigation.navigate(to)),
    state: history,
  };
  const reload = vi.fn();
  const toast = vi.fn();
  const services = createAppServices({
    storage,
    i18n,
    navigate: (to) => navigation.navigate(to),
    currentPath: navigation.currentPath,
    toast,
    reload,
  });
  const view = render(
    <AppProviders i18n={i18n} services={services} queryClient={createQueryClient()}>
      <AppPages history={history} />
    </AppProviders>,
  );
  const location = navigation.currentPath;
  return { ...view, router, services, storage, reload, toast, i18n, location };
}
