import { BOOK_CODE, bibleLanguageOf, type Chapter, type ChapterLink } from '@bible-qa/contract';
import { useQuery } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import ErrorBlock from 'antd-mobile/es/components/error-block';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { Page } from '../../components/page.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useLocale } from '../../lib/i18n.ts';
import { isOffline } from '../../lib/connectivity.ts';
import { expressionParams } from '../../lib/preferences.ts';
import { chapterPath, READER_PARAMS, verseRange } from '../../lib/reader-link.ts';
import { useServices } from '../../lib/services.tsx';
import { BookPicker } from './book-picker.tsx';
import { ChapterText } from './chapter-text.tsx';
import { chapterQuery } from './reader.queries.ts';
import { TranslationBar } from './translation-bar.tsx';
import './reader.css';

/** The Bible engine's "no such book" and "no such chapter". */
const NOT_FOUND_CODES = new Set([10500, 10501]);

/**
 * The chapter reader, /read/:book/:chapter (`v` cited verses, `t` translation, `p` parallel translation): the whole
 * chapter in the reader's translation and tradition, cited verses marked and in view, previous and next chapters in
 * their canon, a switch among the translations that hold the chapter, a parallel view and a book and chapter picker.
 */
export function ReaderPage() {
  const { t } = useTranslation('reader');
  const { t: tc } = useTranslation();
  const { book = '', chapter: chapterParam = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const { api, storage } = useServices();
  const locale = useLocale();
  const reader = expressionParams(storage);
  const number = Number(chapterParam);
  const valid = BOOK_CODE.test(book) && Number.isInteger(number) && number >= 1 && number <= 200;
  const translation = params.get(READER_PARAMS.translation);
  const parallelId = params.get(READER_PARAMS.parallel);
  const range = verseRange(params.get(READER_PARAMS.verses));
  const ask = (id: string | null) => chapterQuery(api, { book, chapter: number, translation: id }, locale, reader);
  const main = useQuery({ ...ask(translation), enabled: valid });
  const parallel = useQuery({ ...ask(parallelId), enabled: valid && parallelId !== null });
  const [picking, setPicking] = useState(false);
  const chapter = main.data;

  const go = useCallback(
    (link: Pick<ChapterLink, 'book' | 'chapter'>) =>
      navigate(chapterPath({ ...link, translation, parallel: parallelId })),
    [navigate, translation, parallelId],
  );
  const setParam = (name: string, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );

  // A new chapter without cited verses opens at its top.
  useEffect(() => {
    if (!range) document.scrollingElement?.scrollTo?.(0, 0);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the chapter changes
  }, [book, number]);

  // Arrow keys turn the page on a keyboard, unless the reader is typing.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (event.altKey || event.ctrlKey || event.metaKey || target?.closest('input, textarea, [contenteditable]'))
        return;
      const link = event.key === 'ArrowLeft' ? chapter?.previous : event.key === 'ArrowRight' ? chapter?.next : null;
      if (link) void go(link);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [chapter, go]);

  const notFound =
    !valid || (main.error instanceof ApiError && main.error.code !== null && NOT_FOUND_CODES.has(main.error.code));
  const title = chapter ? (
    <button
      type="button"
      className="reader-title"
      data-testid="reader-title"
      aria-label={t('pick', { title: chapter.title })}
      onClick={() => setPicking(true)}
    >
      {chapter.title} <span aria-hidden="true">▾</span>
    </button>
  ) : undefined;
  // Without a parallel text asked for, the disabled query shares the main one's key (no translation): its data is
  // the main chapter itself, which must not be shown twice.
  const shownParallel = parallelId !== null && parallel.data && !parallel.data.missing ? parallel.data : null;

  const footer = chapter ? (
    <nav className="reader-pager" aria-label={chapter.title}>
      {(['previous', 'next'] as const).map((side) => {
        const link = chapter[side];
        return (
          <Button
            key={side}
            size="small"
            fill="outline"
            className={`reader-pager-${side}`}
            disabled={!link}
            data-testid={`reader-${side}`}
            onClick={() => {
              if (link) void go(link);
            }}
          >
            {side === 'previous' ? '‹ ' : ''}
            {link ? <span className="sr-only">{t(side)} </span> : null}
            {link?.title ?? t(side)}
            {side === 'next' ? ' ›' : ''}
          </Button>
        );
      })}
    </nav>
  ) : undefined;

  return (
    <Page testId="page-reader" title={title} footer={footer}>
      {notFound ? (
        <ErrorBlock status="empty" title={t('notFound')} description={null} data-testid="reader-not-found">
          <Button color="primary" fill="outline" onClick={() => navigate('/chat')}>
            {t('backToChat')}
          </Button>
        </ErrorBlock>
      ) : main.isError ? (
        <ErrorBlock
          status="default"
          title={t('failed')}
          // Offline, a chapter never read here was never kept: say it needs the network.
          description={
            main.error instanceof ApiError && main.error.kind === 'network' && isOffline()
              ? tc('offline.chapter')
              : null
          }
          data-testid="reader-error"
        >
          <Button color="primary" onClick={() => void main.refetch()}>
            {t('retry')}
          </Button>
        </ErrorBlock>
      ) : !chapter ? (
        <div className="reader-status" data-testid="reader-loading">
          {t('loading')} <DotLoading />
        </div>
      ) : (
        <article className="reader" data-testid="reader" data-book={chapter.book} data-chapter={chapter.chapter}>
          {chapter.translations.length > 0 ? (
            <TranslationBar
              choices={chapter.translations}
              current={chapter.translation.id}
              parallel={parallelId}
              onPick={(id) => {
                setParam(READER_PARAMS.translation, id);
                if (id === parallelId) setParam(READER_PARAMS.parallel, null);
              }}
              onParallel={(id) => setParam(READER_PARAMS.parallel, id)}
            />
          ) : null}
          <Notices
            chapter={chapter}
            // A text in another language stood in for the reader's own, which they did not choose.
            foreign={translation === null && chapter.translation.language !== bibleLanguageOf(locale)}
            parallelMissing={parallel.data?.missing ?? null}
          />
          {chapter.verses.length === 0 ? (
            <ErrorBlock status="empty" title={t('empty')} description={t('emptyHint')} data-testid="reader-empty" />
          ) : (
            <ChapterText chapter={chapter} parallel={shownParallel} range={range} />
          )}
        </article>
      )}
      <BookPicker
        open={picking}
        api={api}
        reader={reader}
        current={book}
        onClose={() => setPicking(false)}
        onPick={(code, n) => go({ book: code, chapter: n })}
      />
    </Page>
  );
}

/** What the reader should know about the text on screen: another text stood in, its numbering, its canon. */
function Notices({
  chapter,
  foreign,
  parallelMissing,
}: {
  chapter: Chapter;
  foreign: boolean;
  parallelMissing: string | null;
}) {
  const { t } = useTranslation('reader');
  const nameOf = (id: string) => chapter.translations.find((c) => c.id === id)?.abbr ?? id;
  const notes: { key: string; text: string }[] = [];
  if (chapter.missing)
    notes.push({
      key: 'missing',
      text: t('missing', { asked: nameOf(chapter.missing), shown: chapter.translation.name }),
    });
  else if (foreign && chapter.verses.length > 0)
    notes.push({ key: 'otherLanguage', text: t('otherLanguage', { name: chapter.translation.name }) });
  if (chapter.numbering) notes.push({ key: 'numbering', text: t('numbering', { numbering: chapter.numbering }) });
  if (chapter.outsideCanon) notes.push({ key: 'outsideCanon', text: t('outsideCanon') });
  if (parallelMissing)
    notes.push({ key: 'parallelMissing', text: t('parallelMissing', { name: nameOf(parallelMissing) }) });
  if (notes.length === 0) return null;
  return (
    <ul className="reader-notices">
      {notes.map((note) => (
        <li key={note.key} data-testid={`reader-notice-${note.key}`}>
          {note.text}
        </li>
      ))}
    </ul>
  );
}
