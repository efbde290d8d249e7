import type { AnnotationEntry, AnnotationKind } from '@bible-qa/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Button, DotLoading, ErrorBlock, SearchBar, Tabs } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { GuestPrompt } from '../../components/guest-prompt.tsx';
import { BookmarkIcon, NoteIcon } from '../../components/icons.tsx';
import { LoadMore } from '../../components/load-more.tsx';
import { Page } from '../../components/page.tsx';
import { useLocale } from '../../lib/i18n.ts';
import { Dialog, Toast } from '../../lib/overlays.ts';
import { expressionParams } from '../../lib/preferences.ts';
import { readerPath } from '../../lib/reader-link.ts';
import { useServices } from '../../lib/services.tsx';
import { useSession } from '../../lib/session.ts';
import { useDeleteAnnotation, useHighlight } from '../../lib/verse-marks.ts';
import { notesListQuery } from './notes.queries.ts';
import '../../components/verse-marks.css';
import './notes.css';

const TABS = ['all', 'highlight', 'bookmark', 'note'] as const;
type Tab = (typeof TABS)[number];

/**
 * /notes — the reader's highlights, bookmarks and notes, newest first, each with its verses in the reader's Bible and
 * the way back into the chapter; a tab per kind and a search over notes, verses and references (`?kind=&q=`).
 */
export function NotesPage() {
  const { t } = useTranslation('notes');
  const { api, storage } = useServices();
  const { loggedIn } = useSession();
  const locale = useLocale();
  const [params, setParams] = useSearchParams();
  const tab = (TABS as readonly string[]).includes(params.get('kind') ?? '') ? (params.get('kind') as Tab) : 'all';
  const q = (params.get('q') ?? '').trim().slice(0, 100);
  const [draft, setDraft] = useState(q);
  useEffect(() => setDraft(q), [q]);
  const kind: AnnotationKind | null = tab === 'all' ? null : tab;
  const list = useInfiniteQuery(notesListQuery(api, { kind, q }, locale, expressionParams(storage)));
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const total = list.data?.pages[0]?.total;
  const set = (next: { kind?: Tab; q?: string }) => {
    const merged = { kind: next.kind ?? tab, q: next.q ?? q };
    setParams(
      {
        ...(merged.kind !== 'all' ? { kind: merged.kind } : {}),
        ...(merged.q ? { q: merged.q } : {}),
      },
      { replace: true },
    );
  };
  const here = `/notes${params.toString() ? `?${params.toString()}` : ''}`;

  return (
    <Page testId="page-notes" tone="muted">
      {loggedIn ? null : <GuestPrompt text={t('guestKept')} returnTo={here} testId="notes-guest" />}
      <div className="notes-search">
        <SearchBar
          value={draft}
          onChange={setDraft}
          onSearch={(value) => set({ q: value.trim() })}
          onClear={() => set({ q: '' })}
          placeholder={t('search')}
          maxLength={100}
          data-testid="notes-search"
          aria-label={t('search')}
        />
      </div>
      <Tabs activeKey={tab} onChange={(key) => set({ kind: key as Tab })}>
        {TABS.map((key) => (
          <Tabs.Tab key={key} title={<span data-testid={`notes-tab-${key}`}>{t(`tabs.${key}`)}</span>} />
        ))}
      </Tabs>
      {total !== undefined && total > 0 ? (
        <p className="notes-total" data-testid="notes-total">
          {t('total', { count: total })}
        </p>
      ) : null}
      {list.isPending ? (
        <div className="notes-status">
          <DotLoading />
        </div>
      ) : list.isError && items.length === 0 ? (
        <ErrorBlock status="default" title={t('error')} description={null} data-testid="notes-error">
          <Button color="primary" onClick={() => void list.refetch()}>
            {t('retry')}
          </Button>
        </ErrorBlock>
      ) : items.length === 0 ? (
        <ErrorBlock
          status="empty"
          title={q ? t('noneFound') : t('empty')}
          description={q ? null : t('emptyHint')}
          data-testid="notes-empty"
        />
      ) : (
        <ul className="notes-list" data-testid="notes-list">
          {items.map((item) => (
            <NoteItem key={`${item.kind}-${item.id}`} item={item} />
          ))}
        </ul>
      )}
      <LoadMore list={list} ns="notes" testId="notes" hasItems={items.length > 0} />
    </Page>
  );
}

function NoteItem({ item }: { item: AnnotationEntry }) {
  const { t, i18n } = useTranslation('notes');
  const remove = useDeleteAnnotation();
  const unhighlight = useHighlight();
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(item.updatedAt));
  const link = readerPath(item.reference, item.translation || null) ?? '/read/JHN/1';

  async function deleteIt() {
    const confirmed = await Dialog.confirm({ content: t(`confirmDelete.${item.kind}`) });
    if (!confirmed) return;
    const span = { book: item.book, chapter: item.chapter, from: item.from, to: item.to };
    try {
      if (item.kind === 'highlight') await unhighlight.mutateAsync({ span, color: null });
      else await remove.mutateAsync(item.id);
    } catch {
      return; // the API client has said why
    }
    Toast.show({ content: t('deleted') });
  }

  return (
    <li className="notes-item" data-testid="notes-item" data-kind={item.kind} data-reference={item.reference}>
      <div className="notes-item-head">
        <span className="notes-kind" aria-hidden="true">
          {item.kind === 'highlight' ? (
            <span className={`notes-swatch verse-swatch-${item.color ?? 'yellow'}`} />
          ) : item.kind === 'bookmark' ? (
            <BookmarkIcon />
          ) : (
            <NoteIcon />
          )}
        </span>
        <Link to={link} className="notes-title" data-testid="notes-item-open">
          {item.title}
        </Link>
        <small>{date}</small>
        <button
          type="button"
          className="notes-delete"
          data-testid="notes-item-delete"
          aria-label={t(`delete.${item.kind}`)}
          onClick={() => void deleteIt()}
        >
          ×
        </button>
      </div>
      {item.verses.length > 0 ? (
        <p
          className={`notes-verses${item.kind === 'highlight' && item.color ? ` verse-mark verse-mark-${item.color}` : ''}`}
        >
          {item.verses.map((v) => (
            <span key={`${v.chapter}.${v.verse}`}>
              <sup>{v.verse}</sup>
              {v.text}{' '}
            </span>
          ))}
        </p>
      ) : null}
      {item.kind === 'note' && item.text ? (
        <p className="notes-text" data-testid="notes-item-text">
          {item.text}
        </p>
      ) : null}
    </li>
  );
}
