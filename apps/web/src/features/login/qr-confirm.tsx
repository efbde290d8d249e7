import { ROOT_REDIRECT } from '@bible-qa/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Result } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '../../lib/session.ts';
import { REDIRECT_PARAM, useAuthCalls, useAuthFailureToast } from '../../lib/use-auth.ts';
import { qrScanQuery, useQrConfirmMutation } from './login.queries.ts';

/**
 * /login/qr/:ticket — what a logged-in phone opens from the QR code: the desktop's browser and system, when and from
 * where it asked (as far as the server can tell), and a button that logs that desktop in. A visitor who is not logged in logs in here first and comes back.
 */
export function QrConfirm({ ticket }: { ticket: string }) {
  const { t, i18n } = useTranslation('login');
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
          <dt>{t('qr.device.name')}</dt>
          <dd data-testid="login-qr-device-name">
            {t('qr.deviceName', { browser: t(`qr.browser.${scan.data.browser}`), os: t(`qr.os.${scan.data.os}`) })}
          </dd>
          <dt>{t('qr.device.time')}</dt>
          <dd>
            <time dateTime={scan.data.createdAt}>
              {new Date(scan.data.createdAt).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' })}
            </time>
          </dd>
          <dt>{t('qr.device.location')}</dt>
          <dd data-testid="login-qr-device-location">
            {t(`qr.network.${scan.data.network}`, { address: scan.data.address })}
          </dd>
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
