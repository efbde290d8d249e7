import { ROOT_REDIRECT } from '@bible-qa/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Result } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLocale } from '../../lib/i18n.ts';
import { useSession } from '../../lib/session.ts';
import { REDIRECT_PARAM, useAuthCalls, useAuthFailureToast } from '../../lib/use-auth.ts';
import { describeUserAgent } from './device-label.ts';
import { qrScanQuery, useQrConfirmMutation } from './login.queries.ts';

/**
 * /login/qr/:ticket — what a logged-in phone opens from the QR code: where the desktop asked from, and a button
 * that logs that desktop in. A visitor who is not logged in logs in here first and comes back.
 */
export function QrConfirm({ ticket }: { ticket: string }) {
  const { t } = useTranslation('login');
  const locale = useLocale();
  const navigate = useNavigate();
  const { loggedIn } = useSession();
  const auth = useAuthCalls();
  const scan = useQuery({ ...qrScanQuery(auth, ticket), enabled: loggedIn });
  const confirm = useQrConfirmMutation();
  const onFailure = useAuthFailureToast();
  const here = `/login/qr/${encodeURIComponent(ticket)}`;

  if (!loggedIn) {
    return (
      <div className="login-qr-confirm" data-testid="login-qr-confirm-page" data-status="guest">
        <p className="form-intro">{t('qr.loginFirst')}</p>
        <Button
          block
          color="primary"
          data-testid="login-qr-login"
          onClick={() => navigate(`/login?${REDIRECT_PARAM}=${encodeURIComponent(here)}`)}
        >
          {t('action.login')}
        </Button>
      </div>
    );
  }

  if (confirm.isSuccess) {
    return (
      <div className="login-qr-confirm" data-testid="login-qr-confirm-page" data-status="confirmed">
        <Result status="success" title={t('qr.confirmed')} />
        <Button block data-testid="login-qr-home" onClick={() => navigate(ROOT_REDIRECT, { replace: true })}>
          {t('qr.backHome')}
        </Button>
      </div>
    );
  }

  if (scan.isError || confirm.isError) {
    return (
      <div className="login-qr-confirm" data-testid="login-qr-confirm-page" data-status="expired">
        <Result status="warning" title={t('qr.expired')} description={t('qr.rescan')} />
      </div>
    );
  }

  return (
    <div className="login-qr-confirm" data-testid="login-qr-confirm-page" data-status="scanned">
      <p className="form-intro">{t('qr.confirmIntro')}</p>
      {scan.data ? (
        <dl className="login-qr-device" data-testid="login-qr-device">
          <dt>{t('qr.device.browser')}</dt>
          <dd data-testid="login-qr-device-name" title={scan.data.userAgent}>
            {describeUserAgent(scan.data.userAgent) ?? t('qr.device.unknown')}
          </dd>
          <dt>{t('qr.device.time')}</dt>
          <dd data-testid="login-qr-device-time">
            {new Date(scan.data.createdAt).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' })}
          </dd>
          <dt>{t('qr.device.ip')}</dt>
          <dd>{scan.data.ip}</dd>
        </dl>
      ) : null}
      <Button
        block
        color="primary"
        size="large"
        data-testid="login-qr-confirm"
        disabled={!scan.data}
        loading={scan.isPending || confirm.isPending}
        onClick={() => confirm.mutate(ticket, { onError: onFailure })}
      >
        {t('qr.confirm')}
      </Button>
      <Button
        block
        fill="none"
        data-testid="login-qr-cancel"
        onClick={() => navigate(ROOT_REDIRECT, { replace: true })}
      >
        {t('qr.cancel')}
      </Button>
    </div>
  );
}
