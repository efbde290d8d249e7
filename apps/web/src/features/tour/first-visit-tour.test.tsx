import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MEMBER_PATHS, readTourAnswers, writeTourAnswers } from '../../lib/preferences.ts';
import { encodeCacheKey } from '../../lib/storage.ts';
import { testUser } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

const USER = testUser({ name: '路加', sex: 'male', email: 'luke@example.com' });

/** A /webapi that answers the member calls with the user and records every call's path and body. */
function stubServer() {
  const calls: { path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const path = new URL(String(input), 'http://localhost').pathname.replace(/^\/webapi/, '');
      calls.push({ path, body: typeof init.body === 'string' ? JSON.parse(init.body) : null });
      return new Response(
        JSON.stringify({ code: 0, msg: 'ok', data: path.startsWith('/portal/member') ? USER : null }),
        {
          headers: { 'Content-Type': 'application/json' },
        },
      );
    }),
  );
  // The tour's calls to the account (the notice of codes asked from elsewhere reads it too, apart).
  const memberCalls = () =>
    calls.filter((call) => call.path.startsWith('/portal/member/') && !call.path.includes('/code-requests'));
  return { calls, memberCalls };
}

function logIn() {
  window.localStorage.setItem('APP_AUTH_TOKEN_KEY', 'token-1');
  window.localStorage.setItem('app_user', JSON.stringify(USER));
}

async function walkTour() {
  const tour = await screen.findByTestId('tour');
  expect(tour.dataset.step).toBe('language');
  expect(screen.getByTestId('tour-language-zh-cn').getAttribute('aria-checked')).toBe('true');
  fireEvent.click(screen.getByTestId('tour-next'));
  expect(tour.dataset.step).toBe('expression');
  fireEvent.click(screen.getByTestId('tour-expression-catholic'));
  expect(screen.getByTestId('tour-expression-catholic').getAttribute('aria-checked')).toBe('true');
  fireEvent.click(screen.getByTestId('tour-next'));
  expect(tour.dataset.step).toBe('interests');
  fireEvent.click(screen.getByTestId('tour-interest-bible_study'));
  fireEvent.click(screen.getByTestId('tour-interest-spiritual_growth'));
  fireEvent.click(screen.getByTestId('tour-interest-bible_study'));
  fireEvent.click(screen.getByTestId('tour-interest-bible_qa'));
  fireEvent.click(screen.getByTestId('tour-next'));
  expect(tour.dataset.step).toBe('features');
  expect(screen.getByTestId('tour-feature-verses').textContent).toContain('经文链接');
  fireEvent.click(screen.getByTestId('tour-done'));
}

describe('first-visit tour', () => {
  it('walks a guest through language, tradition, interests and features, and keeps the answers locally', async () => {
    const server = stubServer();
    const app = renderApp('/chat');
    await walkTour();
    await waitFor(() => expect(screen.queryByTestId('tour')).toBeNull());
    expect(window.localStorage.getItem(encodeCacheKey('appFirstTour'))).toBe('true');
    expect(readTourAnswers(app.storage)).toMatchObject({
      expression: 'catholic',
      interests: ['spiritual_growth', 'bible_qa'],
      synced: false,
    });
    // A guest has no account to send them to.
    expect(server.memberCalls()).toEqual([]);
    expect(screen.getByTestId('chat-composer-input')).toBeTruthy();
  });

  it('does not show again once finished, and shows only on the chat screen', async () => {
    stubServer();
    renderApp('/about');
    await screen.findByTestId('page-about');
    expect(screen.queryByTestId('tour')).toBeNull();
    cleanup();
    window.localStorage.setItem(encodeCacheKey('appFirstTour'), 'true');
    renderApp('/chat');
    await screen.findByTestId('chat-composer-input');
    expect(screen.queryByTestId('tour')).toBeNull();
  });

  it('switches the language from the first step: stores it, stays on that step, reloads after 200 ms', async () => {
    stubServer();
    const app = renderApp('/chat');
    fireEvent.click(await screen.findByTestId('tour-language-en'));
    expect(app.storage.getLanguage()).toBe('en');
    expect(readTourAnswers(app.storage).step).toBe('language');
    expect(app.reload).not.toHaveBeenCalled();
    await waitFor(() => expect(app.reload).toHaveBeenCalledTimes(1), { timeout: 5000 });
  });

  it.each([
    ['zh-tw', '選擇用語習慣'],
    ['en', 'Choose your wording tradition'],
    ['es-es', 'Elija su tradición de lenguaje'],
    ['fr-fr', 'Choisissez votre tradition de langage'],
  ] as const)(
    'asks the tradition after a switch to %s: the next step after the language is the tradition',
    async (language, title) => {
      stubServer();
      const app = renderApp('/chat');
      fireEvent.click(await screen.findByTestId(`tour-language-${language}`));
      await waitFor(() => expect(app.reload).toHaveBeenCalledTimes(1), { timeout: 5000 });
      // The page comes back in the chosen language, on the step the reader left, with their choice marked.
      cleanup();
      renderApp('/chat');
      const tour = await screen.findByTestId('tour');
      expect(tour.dataset.step).toBe('language');
      expect(screen.getByTestId(`tour-language-${language}`).getAttribute('aria-checked')).toBe('true');
      fireEvent.click(screen.getByTestId('tour-next'));
      expect(tour.dataset.step).toBe('expression');
      expect(screen.getByText(title)).toBeTruthy();
      expect(screen.getByTestId('tour-expression-orthodox')).toBeTruthy();
    },
  );

  it('sends a logged-in user’s tradition to update-expression and the interests to add-interest', async () => {
    logIn();
    const server = stubServer();
    const app = renderApp('/chat');
    await walkTour();
    await waitFor(() => expect(server.memberCalls()).toHaveLength(2));
    expect(server.memberCalls()).toEqual([
      { path: MEMBER_PATHS.expression, body: expect.objectContaining({ expression: 'catholic' }) },
      { path: MEMBER_PATHS.interests, body: expect.objectContaining({ interests: ['spiritual_growth', 'bible_qa'] }) },
    ]);
    await waitFor(() => expect(readTourAnswers(app.storage).synced).toBe(true));
  });

  it('sends a guest’s stored answers once someone is logged in, and only once', async () => {
    const server = stubServer();
    let app = renderApp('/chat');
    writeTourAnswers(app.storage, { expression: 'orthodox', interests: ['other'], step: 'features' });
    fireEvent.click(await screen.findByTestId('tour-skip'));
    await waitFor(() => expect(screen.queryByTestId('tour')).toBeNull());
    expect(server.memberCalls()).toEqual([]);
    cleanup();

    logIn();
    app = renderApp('/chat');
    await waitFor(() => expect(server.memberCalls()).toHaveLength(2));
    expect(server.memberCalls().map((call) => call.body)).toEqual([
      expect.objectContaining({ expression: 'orthodox' }),
      expect.objectContaining({ interests: ['other'] }),
    ]);
    await waitFor(() => expect(readTourAnswers(app.storage).synced).toBe(true));
    cleanup();
    renderApp('/chat');
    await screen.findByTestId('chat-composer-input');
    expect(server.memberCalls()).toHaveLength(2);
  });
});
