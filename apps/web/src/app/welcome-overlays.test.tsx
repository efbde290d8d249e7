import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { encodeCacheKey } from '../lib/storage.ts';
import { renderApp } from '../test/render-app.tsx';
import { trackStartup } from './startup-state.ts';

describe('welcome overlays (spec §2)', () => {
  it('cover every screen until the start-up sequence finishes', async () => {
    let finish: () => void = () => undefined;
    trackStartup(new Promise<void>((resolve) => (finish = resolve)));
    renderApp('/about');
    await screen.findByTestId('page-about');
    expect(screen.getByTestId('welcome-overlay')).toBeTruthy();
    await act(async () => finish());
    await waitFor(() => expect(screen.queryByTestId('welcome-overlay')).toBeNull());
  });

  it('on chat, the second overlay (the tour) stays until its own flag is set, then never shows again', async () => {
    trackStartup(Promise.resolve());
    renderApp('/chat');
    expect(await screen.findByTestId('tour')).toBeTruthy();
    expect(screen.queryByTestId('welcome-overlay')).toBeNull();
    (await screen.findByTestId('tour-skip')).click();
    await waitFor(() => expect(screen.queryByTestId('tour')).toBeNull());
    expect(window.localStorage.getItem(encodeCacheKey('appFirstTour'))).toBe('true');
  });

  it('keeps index.html’s overlay (painted before any script) up until the app’s own screen replaces it', async () => {
    const boot = document.createElement('div');
    boot.id = 'boot-overlay';
    document.body.appendChild(boot);
    let finish: () => void = () => undefined;
    trackStartup(new Promise<void>((resolve) => (finish = resolve)));
    renderApp('/about');
    await screen.findByTestId('page-about');
    expect(document.getElementById('boot-overlay')).toBe(boot);
    await act(async () => finish());
    await waitFor(() => expect(document.getElementById('boot-overlay')).toBeNull());
  });

  it('on chat, hands over to the tour: index.html’s overlay goes once the tour is on screen', async () => {
    const boot = document.createElement('div');
    boot.id = 'boot-overlay';
    document.body.appendChild(boot);
    trackStartup(Promise.resolve());
    renderApp('/chat');
    await screen.findByTestId('tour');
    expect(document.getElementById('boot-overlay')).toBeNull();
  });
});
