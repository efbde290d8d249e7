import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, vi } from 'vitest';
import { renderApp } from '../../test/render-app.tsx';
import { fakeServer, type FakeCall } from './chat-fixtures.ts';

type Handlers = Parameters<typeof fakeServer>[0];

/** Renders /chat over a fake /webapi server (the global fetch the API client uses). */
export async function renderChat(handlers: Handlers, { token }: { token?: string } = {}) {
  if (token) window.localStorage.setItem('APP_AUTH_TOKEN_KEY', token);
  const server = fakeServer(handlers);
  vi.stubGlobal('fetch', vi.fn(server.fetch));
  const app = renderApp('/chat');
  const input = (await screen.findByTestId('chat-composer-input')) as HTMLTextAreaElement;
  return { ...app, server, input };
}

export function askQuestion(input: HTMLTextAreaElement, question: string) {
  fireEvent.change(input, { target: { value: question } });
  fireEvent.click(screen.getByTestId('chat-composer-send'));
}

/** The n-th (1-based) answer on screen. */
export function answerAt(n = 1): HTMLElement {
  const answers = screen.getAllByTestId('chat-answer');
  const answer = answers[n - 1];
  if (!answer) throw new Error(`no answer ${n}; there are ${answers.length}`);
  return answer;
}

export async function waitForStatus(status: string, n = 1) {
  await waitFor(() => expect(answerAt(n).dataset.status).toBe(status));
  return within(answerAt(n));
}

export async function waitForCall(calls: () => FakeCall[], count = 1): Promise<FakeCall> {
  await waitFor(() => expect(calls().length).toBeGreaterThanOrEqual(count));
  return calls()[count - 1]!;
}
