import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { unstableSetRender as setCommonJsRender } from 'antd-mobile';
import { unstableSetRender as setEsRender } from 'antd-mobile/es/utils/unstable-render';
import { setupAntdMobile } from '../app/antd-setup.ts';
import { createAppServices } from '../app/create-services.ts';
import { AppProviders, createQueryClient } from '../app/providers.tsx';
import { routes } from '../app/routes.tsx';
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
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const reload = vi.fn();
  const toast = vi.fn();
  const services = createAppServices({
    storage,
    i18n,
    navigate: (to) => void router.navigate(to),
    currentPath: () => `${router.state.location.pathname}${router.state.location.search}`,
    toast,
    reload,
  });
  const view = render(
    <AppProviders i18n={i18n} services={services} queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  const location = () => `${router.state.location.pathname}${router.state.location.search}`;
  return { ...view, router, services, storage, reload, toast, i18n, location };
}
