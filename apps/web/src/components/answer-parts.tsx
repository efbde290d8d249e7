import type { Answer } from '@bible-qa/contract';
import { useTranslation } from 'react-i18next';
import { ownImageSrc } from '../lib/safe-url.ts';
import './answer-parts.css';

/** The parts of an answer shown here (the chat screen's streaming answer has no verification until it is done). */
export type AnswerPartsOf = Pick<Answer, 'relatedBooks' | 'relatedLiterature' | 'images' | 'followUps' | 'sources'> & {
  verification: Answer['verification'] | null;
};

interface AnswerPartsProps {
  answer: AnswerPartsOf;
  /** Follow-up questions show under the newest answer only. */
  showFollowUps: boolean;
  onFollowUp: (question: string) => void;
}

/**
 * What an answer brings besides its text: related books and literature, reference images, follow-up questions. In
 * the chat and on a saved answer's page alike.
 */
export function AnswerParts({ answer, showFollowUps, onFollowUp }: AnswerPartsProps) {
  const { t } = useTranslation('chat');
  // Images load only from our own /webapi paths (verse cards and maps the server renders).
  const images = answer.images.flatMap((image) => {
    const src = ownImageSrc(image.url);
    return src ? [{ ...image, src }] : [];
  });
  const verification = answer.verification;

  return (
    <>
      {verification && verification.checked > 0 ? (
        <p className="chat-verification" data-testid="chat-verification">
          {t('parts.verification', { ...verification })}
        </p>
      ) : null}

      {answer.relatedBooks.length > 0 ? (
        <section className="chat-part" data-testid="chat-related-books">
          <h4 className="chat-part-title">{t('parts.books')}</h4>
          <ul className="chat-part-list">
            {answer.relatedBooks.map((book) => (
              <li key={book.code} data-testid={`chat-related-book-${book.code}`}>
                <strong>{book.name}</strong>
                <span>{book.why}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {answer.relatedLiterature.length > 0 ? (
        <section className="chat-part" data-testid="chat-related-literature">
          <h4 className="chat-part-title">{t('parts.literature')}</h4>
          <ul className="chat-part-list">
            {answer.relatedLiterature.map((item) => (
              <li key={item.id}>
                <strong>{item.title}</strong>
                <small>{item.collectionName}</small>
                <span>{item.excerpt}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {images.length > 0 ? (
        <section className="chat-part" data-testid="chat-images">
          <h4 className="chat-part-title">{t('parts.images')}</h4>
          <div className="chat-images">
            {images.map((image, index) => (
              <figure key={`${image.src}-${index}`} className="chat-image">
                <img src={image.src} alt={image.alt} loading="lazy" data-testid={`chat-image-${index + 1}`} />
                <figcaption>{image.alt}</figcaption>
              </figure>
            ))}
          </div>
        </section>
      ) : null}

      {answer.sources.length > 0 ? (
        <section className="chat-part" data-testid="chat-sources">
          <h4 className="chat-part-title">{t('parts.sources')}</h4>
          <ul className="chat-part-list chat-sources">
            {answer.sources.map((source) => (
              <li key={source}>{source}</li>
            ))}
          </ul>
        </section>
      ) : null}

      {showFollowUps && answer.followUps.length > 0 ? (
        <section className="chat-part" data-testid="chat-followups">
          <h4 className="chat-part-title">{t('parts.followUps')}</h4>
          {answer.followUps.map((question, index) => (
            <button
              key={question}
              type="button"
              className="chat-suggestion chat-followup"
              data-testid={`chat-followup-${index + 1}`}
              onClick={() => onFollowUp(question)}
            >
              {question}
            </button>
          ))}
        </section>
      ) : null}
    </>
  );
}
