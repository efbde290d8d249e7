import type { ShareLink } from '@bible-qa/contract';
import Button from 'antd-mobile/es/components/button';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import ErrorBlock from 'antd-mobile/es/components/error-block';
import Popup from 'antd-mobile/es/components/popup';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../lib/clipboard.ts';
import { useServices } from '../../lib/services.tsx';
import { shareLinksQuery, useRevokeShare } from './setting.queries.ts';
import { UserText } from '../../components/user-text.tsx';
import { Dialog, Toast } from '../../lib/overlays.ts';

const absolute = (link: ShareLink) => `${window.location.origin}${link.path}`;

/** The user's live share links: open, copy or revoke each (a revoked link stops working at once). */
export function SharedLinks({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation('setting');
  const { api } = useServices();
  const links = useQuery({ ...shareLinksQuery(api), enabled: open });
  const revoke = useRevokeShare();

  async function copy(link: ShareLink) {
    const copied = await copyText(absolute(link));
    Toast.show({ content: copied ? t('links.copied') : t('share.copyFailed', { url: absolute(link) }) });
  }

  async function confirmRevoke(link: ShareLink) {
    if (!(await Dialog.confirm({ content: t('links.revokeConfirm') }))) return;
    try {
      await revoke.mutateAsync(link.token);
      Toast.show({ content: t('links.revoked') });
    } catch {
      // the API client has shown why
    }
  }

  return (
    <Popup visible={open} onMaskClick={onClose} onClose={onClose} destroyOnClose bodyClassName="setting-links-popup">
      <section className="setting-links" data-testid="share-links" aria-label={t('item.shareLinks')}>
        <h2>{t('item.shareLinks')}</h2>
        {links.isPending ? (
          <DotLoading />
        ) : links.data?.length ? (
          <ul>
            {links.data.map((link) => (
              <li key={link.token} data-testid={`share-link-${link.token}`}>
                <a href={link.path} target="_blank" rel="noopener" className="setting-link-title">
                  <UserText text={link.title} />
                </a>
                <span className="setting-link-meta">
                  {new Date(link.createdAt).toLocaleDateString(i18n.language)} ·{' '}
                  {t('links.count', { count: link.messageCount })}
                </span>
                <span className="setting-link-actions">
                  <Button size="mini" data-testid={`share-link-copy-${link.token}`} onClick={() => void copy(link)}>
                    {t('links.copy')}
                  </Button>
                  <Button
                    size="mini"
                    color="danger"
                    fill="outline"
                    data-testid={`share-link-revoke-${link.token}`}
                    onClick={() => void confirmRevoke(link)}
                  >
                    {t('links.revoke')}
                  </Button>
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <ErrorBlock status="empty" title={t('links.empty')} description={null} data-testid="share-links-empty" />
        )}
      </section>
    </Popup>
  );
}
