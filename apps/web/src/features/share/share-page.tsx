import { API_BASE, type Citation, type SharedAnswer } from '@bible-qa/contract';
import Button from 'antd-mobile/es/components/button';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import ErrorBlock from 'antd-mobile/es/components/error-block';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { Markdown } from '../../components/markdown.tsx';
import { Page } from '../../components/page.tsx';
import { expressionParams } from '../../lib/preferences.ts';
import { useServices } from '../../lib/services.tsx';
import { publicCardUrl, sharedPageQuery } from './share.queries.ts';
import './share-page.css';
import { UserText } from '../../components/user-text.tsx';

/** The linked verses of an answer, once each, with the corpus's text. */
function versesOf(answer: SharedAnswer): Citation[] {
  const seen = new Set<string>();
  return answer.citations.filter((c) => {
    if (c.status !== 'linked' || !c.verseText || !c.reference || seen.has(c.reference)) return false;
    seen.add(c.reference);
    return true;
  });
}

function SharedItem({ answer, index }: { answer: SharedAnswer; index: number }) {
  const { t } = useTranslation();
  const verses = versesOf(answer);
  return (
    <article className="shared-item" data-testid="share-item" lang={answer.language}>
      <p className="shared-question" data-testid="share-question">
        <span className="shared-question-label">{t('share.question')}</span>
        <UserText text={answer.question} />
      </p>
      <Markdown source={answer.content} className="shared-answer" testId={`share-answer-${index + 1}`} />
      {verses.length ? (
        <section className="shared-verses" aria-label={t('share.verses')}>
          <h3>{t('share.verses')}</h3>
          {verses.map((verse) => (
            <blockquote key={verse.id} className="shared-verse" data-testid="share-verse">
              <cite>{verse.label ?? verse.text}</cite>
              <span>{verse.verseText}</span>
            </blockquote>
          ))}
        </section>
      ) : null}
    </article>
  );
}

/**
 * /share/:token — what someone shared, for anyone with the link and without logging in (spec §2): the answers with
 * their verses, the card image, and the label that the content is AI-generated (spec §1). Read-only.
 */
export function SharePage() {
  const { t, i18n } = useTranslation();
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const { api, storage } = useServices();
  const reader = expressionParams(storage);
  const page = useQuery(sharedPageQuery(api, token, reader));
  const theme = storage.getGlobalSettings().darkMode ? 'dark' : 'light';
  const ask = (
    <Button color="primary" data-testid="share-ask" onClick={() => navigate('/chat')}>
      {t('share.ask')}
    </Button>
  );

  let body;
  if (page.isPending) {
    body = (
      <div className="shared-loading">
        <DotLoading />
      </div>
    );
  } else if (page.isError) {
    body = (
      <ErrorBlock status="empty" title={t('share.notFound')} description={null} data-testid="share-not-found">
        {ask}
      </ErrorBlock>
    );
  } else {
    const date = new Date(page.data.createdAt).toLocaleDateString(i18n.language);
    body = (
      <div className="shared-page" data-testid="share-content">
        <p className="shared-ai-label" data-testid="share-ai-label" role="note">
          {t('share.aiLabel')}
        </p>
        <p className="shared-date">{t('share.sharedAt', { date })}</p>
        {page.data.items.map((answer, i) => (
          <SharedItem key={i} answer={answer} index={i} />
        ))}
        <figure className="shared-card">
          <img
            src={publicCardUrl(API_BASE, token, theme, reader)}
            alt={t('share.card')}
            data-testid="share-card"
            loading="lazy"
          />
        </figure>
        <div className="shared-ask">{ask}</div>
      </div>
    );
  }
  return <Page testId="page-share">{body}</Page>;
}
