import Popup from 'antd-mobile/es/components/popup';
import { useTranslation } from 'react-i18next';
import { useVoiceInput } from '../../lib/voice-config.ts';

const NEWS = ['entrance', 'beta'] as const;

/** Recent news (spec §2 settings): the product's announcements, newest first, from the catalogue. */
export function NewsSheet({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('setting');
  const voice = useVoiceInput();
  return (
    <Popup visible={open} onMaskClick={onClose} onClose={onClose} bodyClassName="setting-links-popup">
      <section className="setting-links" data-testid="setting-news-list" aria-label={t('item.news')}>
        <h2 className="setting-news-heading">{t('item.news')}</h2>
        {NEWS.map((item) => (
          <article key={item} className="setting-news-item" data-testid={`setting-news-${item}`}>
            <h3>{t(`news.${item}.title`)}</h3>
            <time>{t(`news.${item}.date`)}</time>
            <p>{t(item === 'beta' && voice ? 'news.beta.bodyVoice' : `news.${item}.body`)}</p>
          </article>
        ))}
      </section>
    </Popup>
  );
}
