import { CONVERSATION_SEARCH_MAX, type SearchResult } from '@bible-qa/contract';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import ErrorBlock from 'antd-mobile/es/components/error-block';
import SearchBar from 'antd-mobile/es/components/search-bar';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { LoadMore } from '../../components/load-more.tsx';
import { Page } from '../../components/page.tsx';
import { useLocale } from '../../lib/i18n.ts';
import { expressionParams } from '../../lib/preferences.ts';
import { readerPath } from '../../lib/reader-link.ts';
import { useServices } from '../../lib/services.tsx';
import { Highlighted } from './highlighted.tsx';
import { bibleSearchQuery, conversationPath, conversationSearchQuery } from './search.queries.ts';
import './search.css';

const QUERY_PARAM = 'q';

/**
 * One search screen, /search?q=: the passage when the query is a reference (opening the reader), the reader's own
 * conversations (an account's, or a guest's kept under its key) and verses in their translation, words marked; the
 * spec's search empty state when nothing is found.
 */
export function SearchPage() {
  const { t } = useTranslation('search');
  const [params, setParams] = useSearchParams();
  const { api, storage } = useServices();
  const locale = useLocale();
  const q = (params.get(QUERY_PARAM) ?? '').trim().slice(0, CONVERSATION_SEARCH_MAX);
  const [draft, setDraft] = useState(q);
  useEffect(() => setDraft(q), [q]);

  const bible = useQuery({ ...bibleSearchQuery(api, q, locale, expressionParams(storage)), enabled: q !== '' });
  const conversations = useInfiniteQuery({ ...conversationSearchQuery(api, q), enabled: q !== '' });
  const submit = (value: string) => {
    const next = value.trim().slice(0, CONVERSATION_SEARCH_MAX);
    setParams(next ? { [QUERY_PARAM]: next } : {}, { replace: true });
  };

  const conversationHits = conversations.data?.pages.flatMap((p) => p.items) ?? [];
  const searching = q !== '' && (bible.isPending || conversations.isPending);
  const nothing =
    q !== '' &&
    bible.isSuccess &&
    !bible.data.passage &&
    bible.data.hits.length === 0 &&
    conversations.isSuccess &&
    conversationHits.length === 0;

  return (
    <Page testId="page-search" tone="muted">
      <div className="search-bar">
        <SearchBar
          value={draft}
          onChange={setDraft}
          onSearch={submit}
          onClear={() => submit('')}
          placeholder={t('placeholder')}
          autoFocus={q === ''}
          maxLength={CONVERSATION_SEARCH_MAX}
          data-testid="search-input"
          aria-label={t('placeholder')}
        />
      </div>
      {q === '' ? <p className="search-hint">{t('hint')}</p> : null}
      {searching ? (
        <div className="search-status" data-testid="search-loading">
          {t('searching')} <DotLoading />
        </div>
      ) : null}
      {bible.isError ? (
        <ErrorBlock status="default" title={t('failed')} description={null} data-testid="search-error">
          <Button color="primary" onClick={() => void bible.refetch()}>
            {t('retry')}
          </Button>
        </ErrorBlock>
      ) : null}
      {nothing ? (
        <ErrorBlock status="empty" title={t('empty')} description={t('emptyHint')} data-testid="search-empty" />
      ) : null}
      {bible.data?.passage ? <PassageCard passage={bible.data.passage} /> : null}

      {conversationHits.length > 0 ? (
        <section className="search-section" data-testid="search-conversations">
          <h2 className="search-section-title">{t('conversations')}</h2>
          <ul className="search-list">
            {conversationHits.map((hit) => (
              <li key={hit.conversationId}>
                <Link
                  to={conversationPath(hit.conversationId)}
                  className="search-item"
                  data-testid="search-conversation"
                  data-conversation-id={hit.conversationId}
                >
                  <span className="search-item-title">
                    <Highlighted html={hit.titleHighlight} />
                  </span>
                  {hit.snippet ? (
                    <span className="search-item-text">
                      {hit.role ? <span className="search-role">{t(`roles.${hit.role}`)}</span> : null}
                      <Highlighted html={hit.snippet} />
                    </span>
                  ) : null}
                  <time className="search-item-meta" dateTime={hit.updatedAt}>
                    {new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(hit.updatedAt))}
                  </time>
                </Link>
              </li>
            ))}
          </ul>
          <LoadMore list={conversations} ns="search" testId="search-conversations" />
        </section>
      ) : null}

      {bible.data && bible.data.hits.length > 0 ? (
        <section className="search-section" data-testid="search-verses">
          <h2 className="search-section-title">{t('verses')}</h2>
          <ul className="search-list">
            {bible.data.hits.map((hit) => {
              const to = hit.ref ? readerPath(hit.ref, hit.translation) : undefined;
              const content = (
                <>
                  <span className="search-item-title">{hit.title ?? hit.ref}</span>
                  <span className="search-item-text" lang={hit.lang}>
                    <Highlighted html={hit.highlight} />
                  </span>
                </>
              );
              return (
                <li key={hit.id}>
                  {to ? (
                    <Link to={to} className="search-item" data-testid="search-verse" data-ref={hit.ref}>
                      {content}
                    </Link>
                  ) : (
                    <div className="search-item" data-testid="search-verse">
                      {content}
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}
    </Page>
  );
}

/** A query that is a reference: the passage, and the way into its chapter. */
function PassageCard({ passage }: { passage: NonNullable<SearchResult['passage']> }) {
  const { t } = useTranslation('search');
  const to = readerPath(passage.reference, passage.translation.id);
  const text = passage.verses
    .slice(0, 3)
    .map((v) => v.text)
    .join(' ');
  return (
    <section className="search-section" data-testid="search-passage">
      <h2 className="search-section-title">{t('passage')}</h2>
      <div className="search-item">
        <span className="search-item-title">
          {passage.title} · {passage.translation.name}
        </span>
        <span className="search-item-text" lang={passage.translation.language}>
          {text}
          {passage.verses.length > 3 ? '…' : ''}
        </span>
        {to ? (
          <Link to={to} className="search-open" data-testid="search-passage-open">
            {t('openReader')} ›
          </Link>
        ) : null}
      </div>
    </section>
  );
}
