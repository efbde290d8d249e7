import type { Book } from '@bible-qa/contract';
import { useQuery } from '@tanstack/react-query';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import Popup from 'antd-mobile/es/components/popup';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../lib/i18n.ts';
import type { ApiClient } from '../../lib/api-client.ts';
import { booksQuery, type ReaderParams } from './reader.queries.ts';

interface BookPickerProps {
  open: boolean;
  api: ApiClient;
  reader: ReaderParams;
  /** The book on screen, whose chapters the picker opens on. */
  current: string;
  onClose: () => void;
  onPick: (book: string, chapter: number) => void;
}

/** The book and chapter picker YouVersion readers expect: the books of their canon in its order, then a chapter grid. */
export function BookPicker({ open, api, reader, current, onClose, onPick }: BookPickerProps) {
  const { t } = useTranslation('reader');
  const locale = useLocale();
  const books = useQuery({ ...booksQuery(api, locale, reader), enabled: open });
  const [chosen, setChosen] = useState<string | null>(null);
  const book = books.data?.find((b) => b.code === (chosen ?? current));
  const close = () => {
    setChosen(null);
    onClose();
  };
  const groups: { key: 'OT' | 'NT'; books: Book[] }[] = [
    { key: 'OT', books: books.data?.filter((b) => b.testament !== 'NT') ?? [] },
    { key: 'NT', books: books.data?.filter((b) => b.testament === 'NT') ?? [] },
  ];

  return (
    <Popup visible={open} onMaskClick={close} onClose={close} position="bottom" bodyClassName="reader-picker-popup">
      <section className="reader-picker" data-testid="reader-picker">
        {books.isPending ? <DotLoading /> : null}
        {chosen && book ? (
          <>
            <header className="reader-picker-header">
              <button
                type="button"
                className="reader-link-button"
                data-testid="reader-picker-books"
                onClick={() => setChosen(null)}
              >
                ‹ {t('backToBooks')}
              </button>
              <h2>{book.name}</h2>
            </header>
            <div className="reader-chapter-grid" role="group" aria-label={t('chapters')}>
              {Array.from({ length: book.chapters }, (_, i) => i + 1).map((n) => (
                <button
                  key={n}
                  type="button"
                  className="reader-grid-button"
                  data-testid={`reader-picker-chapter-${n}`}
                  onClick={() => {
                    close();
                    onPick(book.code, n);
                  }}
                >
                  {n}
                </button>
              ))}
            </div>
          </>
        ) : (
          groups.map((group) =>
            group.books.length > 0 ? (
              <div key={group.key}>
                <h2 className="reader-picker-group">{t(`testament.${group.key}`)}</h2>
                <div className="reader-book-grid">
                  {group.books.map((b) => (
                    <button
                      key={b.code}
                      type="button"
                      className={b.code === current ? 'reader-grid-button is-active' : 'reader-grid-button'}
                      data-testid={`reader-picker-book-${b.code}`}
                      onClick={() => setChosen(b.code)}
                    >
                      {b.name}
                      {b.appendix ? <small> · {t('appendix')}</small> : null}
                    </button>
                  ))}
                </div>
              </div>
            ) : null,
          )
        )}
      </section>
    </Popup>
  );
}
