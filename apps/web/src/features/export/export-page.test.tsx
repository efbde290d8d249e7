import { Globals } from '@react-spring/web';
import { EXPORT_PATHS, type Answer } from '@bible-qa/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { serveApi } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';
import { TURNS_PATH } from './export.queries.ts';

Globals.assign({ skipAnimation: true });

const CONVERSATION = '7d4f2c1e-8a4b-4c2d-9e1f-0a1b2c3d4e5f';
const content = '约翰福音 3:16 说：神爱世人。';
const answer: Answer = {
  id: 'a1',
  conversationId: CONVERSATION,
  questionId: 'q1',
  question: '神爱世人是什么意思',
  status: 'done',
  mode: 'advanced',
  kind: 'answer',
  language: 'zh-cn',
  translation: 'cuv-hans',
  content,
  citations: [
    {
      id: 'c1',
      text: '约翰福音 3:16',
      start: 0,
      end: 9,
      status: 'linked',
      reference: 'JHN.3.16',
      label: '约翰福音 3:16',
      translation: '和合本',
      verseText: '神爱世人，甚至将他的独生子赐给他们。',
    },
  ],
  relatedBooks: [],
  relatedLiterature: [],
  images: [],
  followUps: [],
  sources: [],
  verification: { checked: 1, linked: 1, marked: 0 },
  rating: null,
  ratingReason: null,
  collected: false,
  error: null,
  aiGenerated: true,
  createdAt: '2026-11-29T08:00:01Z',
};
const turns = [{ question: { id: 'q1', text: '神爱世人是什么意思', createdAt: '2026-11-29T08:00:00Z' }, answer }];

/** A Blob's text (jsdom's Blob has no text()). */
const textOf = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });

/** What the page saved: each file's name and text, read from the Blob behind the download link. */
let saved: { name: string; text: Promise<string> }[];
beforeEach(() => {
  saved = [];
  const blobs = new Map<string, Blob>();
  let n = 0;
  // jsdom has no object URLs: each Blob is kept under a URL of its own.
  URL.createObjectURL = (blob: Blob) => {
    const url = `blob:test/${++n}`;
    blobs.set(url, blob);
    return url;
  };
  URL.revokeObjectURL = () => undefined;
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, text: textOf(blobs.get(this.href)!) });
  });
});
afterEach(() => vi.restoreAllMocks());

describe('exporting a conversation', () => {
  it('shows it as a page to print, with its verses and the AI notice, and downloads it as Markdown', async () => {
    const api = serveApi({ [TURNS_PATH]: () => turns });
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    renderApp(`/export/${CONVERSATION}?title=${encodeURIComponent('神的爱')}`);
    const sheet = await screen.findByTestId('export-conversation');
    expect(api.to(TURNS_PATH)[0]!.query.get('conversationId')).toBe(CONVERSATION);
    expect(within(sheet).getByTestId('export-title').textContent).toBe('神的爱');
    const turn = within(sheet).getByTestId('export-turn');
    expect(within(turn).getByRole('heading', { level: 2 }).textContent).toBe('神爱世人是什么意思');
    expect(within(turn).getByTestId('export-answer').textContent).toBe(content);
    expect(within(turn).getByTestId('export-references').textContent).toContain('约翰福音 3:16 (和合本) 神爱世人');
    expect(turn.textContent).toContain('以上回答由 AI 生成');

    fireEvent.click(within(sheet).getByTestId('export-print'));
    expect(print).toHaveBeenCalledTimes(1);

    fireEvent.click(within(sheet).getByTestId('export-markdown'));
    expect(saved.map((file) => file.name)).toEqual(['神的爱.md']);
    const markdown = await saved[0]!.text;
    expect(markdown).toMatch(/^# 神的爱\n/);
    expect(markdown).toContain(`## 神爱世人是什么意思\n\n${content}\n`);
    expect(markdown).toContain('- 约翰福音 3:16 (和合本): 神爱世人，甚至将他的独生子赐给他们。');
  });
});

describe('exporting the reader’s data', () => {
  it('downloads everything the account keeps as one JSON file, from the settings', async () => {
    const document = {
      format: 'bible-qa-export',
      version: 1,
      exportedAt: '2026-11-29T08:30:00.000Z',
      account: null,
      conversations: [{ id: CONVERSATION, title: '神的爱', updatedAt: '2026-11-29T08:00:01Z', turns }],
      collections: [answer],
      annotations: [],
      plans: [{ planId: 'mcheyne', startDate: '2026-11-20', read: [{ day: 1, reading: 0, readOn: '2026-11-20' }] }],
    };
    const api = serveApi({ [EXPORT_PATHS.account]: () => document });
    const { location } = renderApp('/setting');
    fireEvent.click(await screen.findByTestId('setting-export'));
    await waitFor(() => expect(location()).toBe('/export'));
    const page = await screen.findByTestId('export-account');
    expect(page.textContent).toContain('划线、书签和笔记');
    fireEvent.click(within(page).getByTestId('export-account-download'));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(api.to(EXPORT_PATHS.account)).toHaveLength(1);
    expect(saved[0]!.name).toBe('bible-qa-export-2026-11-29.json');
    expect(JSON.parse(await saved[0]!.text)).toEqual(document);
  });
});
