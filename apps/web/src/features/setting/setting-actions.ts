import type { TFunction } from 'i18next';
import { copyText } from '../../lib/clipboard.ts';
import { Toast } from '../../lib/overlays.ts';

/** The product link shared and copied from settings: the site's root. */
export function productLink(): string {
  return `${window.location.origin}/`;
}

export async function copyProductLink(t: TFunction<'setting'>): Promise<void> {
  const url = productLink();
  // The Clipboard API needs a secure context; copyText falls back to the selection copy elsewhere.
  if (await copyText(url)) Toast.show({ icon: 'success', content: t('share.copied') });
  else Toast.show({ content: t('share.copyFailed', { url }) });
}

/** Shares through the system sheet where the browser has one; otherwise copies the link. */
export async function shareProduct(t: TFunction<'setting'>): Promise<void> {
  const data = { title: t('share.title'), text: t('share.text'), url: productLink() };
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share(data);
      return;
    } catch (error) {
      // The user closing the sheet is not a failure.
      if (error instanceof DOMException && error.name === 'AbortError') return;
    }
  }
  await copyProductLink(t);
}
