import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { codeRequestsSchema } from '@bible-qa/contract';
import { Dialog } from '../../lib/overlays.ts';
import { useServices } from '../../lib/services.tsx';
import { useSession } from '../../lib/session.ts';

export const CODE_REQUESTS_PATHS = {
  list: '/portal/member/code-requests',
  seen: '/portal/member/code-requests/seen',
} as const;

/**
 * After login, tells the owner when login or reset codes were asked for their account from other addresses (someone
 * else knows the phone or address: issue 25). Shown once; dismissing it tells the server. Renders nothing itself.
 */
export function CodeRequestsNotice() {
  const { t, i18n } = useTranslation('setting');
  const { api } = useServices();
  const { loggedIn, user } = useSession();
  const userId = loggedIn ? user?.id : undefined;

  useEffect(() => {
    if (!userId) return;
    let cancelled = false;
    void (async () => {
      // Raw: this is the app's own check, and a refusal is nothing to show the reader.
      const body = (await api.get(CODE_REQUESTS_PATHS.list, { raw: true })) as { code?: unknown; data?: unknown };
      const parsed = codeRequestsSchema.safeParse(body?.data);
      if (cancelled || body?.code !== 0 || !parsed.success || parsed.data.count === 0) return;
      const { count, lastAt } = parsed.data;
      const time = lastAt ? new Date(lastAt).toLocaleString(i18n.language) : '';
      await Dialog.alert({
        title: t('codeRequests.title'),
        content: <span data-testid="code-requests-notice">{t('codeRequests.body', { count, time })}</span>,
        confirmText: t('codeRequests.dismiss'),
      });
      await api.post(CODE_REQUESTS_PATHS.seen, {}, { raw: true });
    })().catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [api, userId, t, i18n.language]);

  return null;
}
