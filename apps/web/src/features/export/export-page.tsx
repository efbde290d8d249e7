import { useQuery } from '@tanstack/react-query';
import { Button, DotLoading, ErrorBlock } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { Markdown } from '../../components/markdown.tsx';
import { Page } from '../../components/page.tsx';
import { UserText } from '../../components/user-text.tsx';
import { saveFile } from '../../lib/download.ts';
import { useLocale } from '../../lib/i18n.ts';
import { Toast } from '../../lib/overlays.ts';
import { useServices } from '../../lib/services.tsx';
import { conversationMarkdown, fileNameOf, type ExportTurn } from './conversation-markdown.ts';
import { conversationTurnsQuery, fetchAccountExport } from './export.queries.ts';
import './export.css';

/**
 * /export/:id — a conversation as a print-friendly page (the app's chrome and these buttons are left off the paper)
 * and as Markdown to download; /export — the reader's data (conversations, collections, notes, highlights, plans) as
 * one JSON download.
 */
export function ExportPage() {
  const { id } = useParams();
  return id ? <ConversationExport id={id} /> : <AccountExport />;
}

function ConversationExport({ id }: { id: string }) {
  const { t, i18n } = useTranslation('export');
  const { api } = useServices();
  const locale = useLocale();
  const [params] = useSearchParams();
  const turns = useQuery(conversationTurnsQuery(api, id, locale));
  const items: ExportTurn[] = turns.data ?? [];
  const title = (params.get('title') ?? '').trim().slice(0, 200) || items[0]?.question.text || t('untitled');
  const exportedOn = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' }).format(new Date());

  const downloadMarkdown = () => {
    const markdown = conversationMarkdown(title, items, {
      question: t('question'),
      references: t('references'),
      aiNotice: t('aiNotice'),
      noAnswer: t('noAnswer'),
      exported: t('exportedOn', { date: exportedOn }),
    });
    saveFile(fileNameOf(title, 'md'), markdown, 'text/markdown;charset=utf-8');
  };

  return (
    <Page testId="page-export" title={t('conversationTitle')}>
      {turns.isPending ? (
        <div className="export-status">
          <DotLoading />
        </div>
      ) : turns.isError ? (
        <ErrorBlock status="default" title={t('loadFailed')} description={null} data-testid="export-error">
          <Button size="small" onClick={() => void turns.refetch()}>
            {t('retry')}
          </Button>
        </ErrorBlock>
      ) : (
        <article className="export-sheet" data-testid="export-conversation">
          <div className="export-actions">
            <Button size="small" color="primary" onClick={downloadMarkdown} data-testid="export-markdown">
              {t('downloadMarkdown')}
            </Button>
            <Button size="small" onClick={() => window.print()} data-testid="export-print">
              {t('print')}
            </Button>
          </div>
          <h1 data-testid="export-title">
            <UserText text={title} />
          </h1>
          <p className="export-meta">{t('exportedOn', { date: exportedOn })}</p>
          {items.map((turn, index) => (
            <section key={index} className="export-turn" data-testid="export-turn">
              <h2>
                <UserText text={turn.question.text} />
              </h2>
              {turn.answer?.content.trim() ? (
                <>
                  <Markdown source={turn.answer.content} className="export-answer" testId="export-answer" />
                  <References citations={turn.answer.citations} />
                  <p className="export-ai">{t('aiNotice')}</p>
                </>
              ) : (
                <p className="export-meta">{t('noAnswer')}</p>
              )}
            </section>
          ))}
        </article>
      )}
    </Page>
  );
}

function References({ citations }: { citations: NonNullable<ExportTurn['answer']>['citations'] }) {
  const { t } = useTranslation('export');
  const seen = new Set<string>();
  const shown = citations.filter((c) => {
    if (c.status === 'invalid' || !c.label || seen.has(c.label)) return false;
    seen.add(c.label);
    return true;
  });
  if (shown.length === 0) return null;
  return (
    <div className="export-references" data-testid="export-references">
      <h3>{t('references')}</h3>
      <ul>
        {shown.map((c) => (
          <li key={c.id}>
            <strong>
              {c.label}
              {c.translation ? ` (${c.translation})` : ''}
            </strong>
            {c.verseText ? ` ${c.verseText}` : ''}
          </li>
        ))}
      </ul>
    </div>
  );
}

function AccountExport() {
  const { t } = useTranslation('export');
  const { api } = useServices();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const data = await fetchAccountExport(api);
      saveFile(
        `bible-qa-export-${data.exportedAt.slice(0, 10)}.json`,
        JSON.stringify(data, null, 2),
        'application/json',
      );
      Toast.show({ content: t('accountDone') });
    } catch {
      // The API client has shown why (offline, a business error); nothing more to say here.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Page testId="page-export" title={t('accountTitle')} tone="muted">
      <div className="export-account" data-testid="export-account">
        <p>{t('accountIntro')}</p>
        <ul>
          {(['conversations', 'collections', 'notes', 'plans'] as const).map((what) => (
            <li key={what}>{t(`accountIncludes.${what}`)}</li>
          ))}
        </ul>
        <Button
          block
          color="primary"
          loading={busy}
          onClick={() => void download()}
          data-testid="export-account-download"
        >
          {t('accountDownload')}
        </Button>
      </div>
    </Page>
  );
}
