import type { ShareLink, ShareTheme } from '@bible-qa/contract';
import Button from 'antd-mobile/es/components/button';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import Popup from 'antd-mobile/es/components/popup';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../lib/clipboard.ts';
import { useServices } from '../../lib/services.tsx';
import { shareCardQuery, useCreateShare } from './chat.queries.ts';
import './share-sheet.css';
import { Toast } from '../../lib/overlays.ts';

interface ShareSheetProps {
  /** The stored answers to share, in order; the sheet is open while this is non-empty. */
  ids: readonly string[];
  onClose: () => void;
}

/** An object URL for a blob, released when the blob changes or the component goes. */
function useObjectUrl(blob: Blob | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return setUrl(null);
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob]);
  return url;
}

const absolute = (link: ShareLink) => `${window.location.origin}${link.path}`;

/**
 * Share one answer or several (spec §2): the card image the server draws (light or dark, labelled AI-generated),
 * saved as a file or handed to the system share sheet; and a public link, created on request, to copy.
 */
export function ShareSheet({ ids, onClose }: ShareSheetProps) {
  const { t } = useTranslation('chat');
  const { api, storage } = useServices();
  const [theme, setTheme] = useState<ShareTheme>(() => (storage.getGlobalSettings().darkMode ? 'dark' : 'light'));
  const [link, setLink] = useState<ShareLink | null>(null);
  const open = ids.length > 0;
  const card = useQuery({ ...shareCardQuery(api, ids, theme), enabled: open });
  const imageUrl = useObjectUrl(card.data);
  const create = useCreateShare();
  const key = ids.join(',');
  useEffect(() => setLink(null), [key]);

  const fileName = `bible-qa-share-${theme}.png`;
  const canShareFile = (blob: Blob) =>
    typeof navigator.canShare === 'function' &&
    navigator.canShare({ files: [new File([blob], fileName, { type: 'image/png' })] });

  async function shareImage() {
    if (!card.data) return;
    try {
      await navigator.share({ files: [new File([card.data], fileName, { type: 'image/png' })] });
    } catch (error) {
      if (!(error instanceof DOMException && error.name === 'AbortError')) Toast.show({ content: t('share.failed') });
    }
  }

  async function createLink() {
    try {
      setLink(await create.mutateAsync(ids));
    } catch {
      // the API client has shown why
    }
  }

  async function copyLink() {
    if (!link) return;
    const copied = await copyText(absolute(link));
    Toast.show({ content: copied ? t('share.linkCopied') : t('share.copyFailed', { url: absolute(link) }) });
  }

  return (
    <Popup visible={open} onMaskClick={onClose} onClose={onClose} destroyOnClose bodyClassName="share-sheet-popup">
      <section className="share-sheet" data-testid="share-sheet" aria-label={t('share.title')}>
        <header className="share-sheet-head">
          <h2>{t('share.title')}</h2>
          <div className="share-theme" role="group" aria-label={t('share.theme')}>
            {(['light', 'dark'] as const).map((choice) => (
              <button
                key={choice}
                type="button"
                data-testid={`share-theme-${choice}`}
                aria-pressed={theme === choice}
                onClick={() => setTheme(choice)}
              >
                {t(`share.${choice}`)}
              </button>
            ))}
          </div>
        </header>
        <div className="share-card-frame">
          {imageUrl ? (
            <img
              src={imageUrl}
              alt={t('share.imageAlt')}
              data-testid="share-card-image"
              data-theme={theme}
              className="share-card-image"
            />
          ) : card.isError ? (
            <p className="share-card-error" data-testid="share-card-error">
              {card.error.message || t('share.failed')}
            </p>
          ) : (
            <span className="share-card-loading" data-testid="share-card-loading">
              <DotLoading />
            </span>
          )}
        </div>
        <p className="share-ai-label" data-testid="share-ai-label">
          {t('share.aiLabel')}
        </p>
        <div className="share-actions">
          {imageUrl ? (
            <a className="share-download" href={imageUrl} download={fileName} data-testid="share-download">
              {t('share.download')}
            </a>
          ) : null}
          {card.data && canShareFile(card.data) ? (
            <Button data-testid="share-image" onClick={() => void shareImage()}>
              {t('share.shareImage')}
            </Button>
          ) : null}
          {link ? (
            <Button color="primary" data-testid="share-copy-link" onClick={() => void copyLink()}>
              {t('share.copyLink')}
            </Button>
          ) : (
            <Button
              color="primary"
              data-testid="share-create-link"
              loading={create.isPending}
              onClick={() => void createLink()}
            >
              {t('share.createLink')}
            </Button>
          )}
        </div>
        {link ? (
          <input
            className="share-link-url"
            readOnly
            value={absolute(link)}
            data-testid="share-link-url"
            aria-label={t('share.link')}
            onFocus={(e) => e.currentTarget.select()}
          />
        ) : null}
        <p className="share-link-hint">{t('share.linkHint')}</p>
      </section>
    </Popup>
  );
}
