import { Button, Checkbox, Tabs } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { AccountForm, FormSubmit } from '../../components/account-form.tsx';
import { useAccountForm } from '../../components/use-account-form.ts';
import { AgreementCheck } from '../../components/agreement-check.tsx';
import { Page } from '../../components/page.tsx';
import { PASSWORD_SEGMENT, QR_SEGMENT, parseAccountMode, type AccountField } from '../../lib/account.ts';
import { isServerError } from '../../lib/auth-calls.ts';
import { useErrorMessage } from '../../lib/error-messages.ts';
import { REDIRECT_PARAM, safeRedirectTarget } from '../../lib/safe-path.ts';
import { useSession } from '../../lib/session.ts';
import { useAuthFailureToast } from '../../lib/use-auth.ts';
import { GoogleLogin } from './google-login.tsx';
import { useCodeLoginMutation, usePasswordLoginMutation } from './login.queries.ts';
import { QrConfirm } from './qr-confirm.tsx';
import { QrLoginPanel } from './qr-login-panel.tsx';
import './login.css';

type LoginTab = 'code' | 'password' | 'qr';

const FIELDS: Record<Exclude<LoginTab, 'qr'>, readonly AccountField[]> = {
  code: ['account', 'code'],
  password: ['account', 'password'],
};

/**
 * /login/:mode?/:pwd? (spec §2, §4): code login by default, password login under /login/<mode>/pwd, the QR code
 * under /login/qr, and the phone's side of QR login under /login/qr/<ticket>. Google below, agreement and
 * remember-me above the button.
 */
export function LoginPage() {
  const params = useParams();
  const [searchParams] = useSearchParams();
  const { loggedIn } = useSession();
  if (params.mode === QR_SEGMENT && params.pwd) {
    return (
      <Page testId="page-login">
        <div className="form-page">
          <QrConfirm ticket={params.pwd} />
        </div>
      </Page>
    );
  }
  // Already logged in: nothing to do here; go where the login would have led (kept alive, so only when shown).
  if (loggedIn) {
    return <Navigate to={safeRedirectTarget(searchParams.get(REDIRECT_PARAM), window.location.origin)} replace />;
  }
  return <LoginForms />;
}

function LoginForms() {
  const { t } = useTranslation('login');
  const errorMessage = useErrorMessage();
  const navigate = useNavigate();
  const params = useParams();
  const [searchParams] = useSearchParams();
  const hint = params.mode === 'mail' || params.mode === 'mobile' ? parseAccountMode(params.mode) : null;
  const tab: LoginTab = params.mode === QR_SEGMENT ? 'qr' : params.pwd === PASSWORD_SEGMENT ? 'password' : 'code';
  const [agreed, setAgreed] = useState(false);
  const [rememberMe, setRememberMe] = useState(false);
  const [wrongPassword, setWrongPassword] = useState(false);
  const codeForm = useAccountForm({ fields: FIELDS.code, hint });
  const passwordForm = useAccountForm({ fields: FIELDS.password, hint });
  const codeLogin = useCodeLoginMutation();
  const passwordLogin = usePasswordLoginMutation();
  const onFailure = useAuthFailureToast();
  const search = searchParams.toString() ? `?${searchParams.toString()}` : '';
  const form = tab === 'password' ? passwordForm : codeForm;
  const modeSegment = hint ?? form.mode;

  function goTo(next: LoginTab) {
    setWrongPassword(false);
    const path =
      next === 'qr'
        ? `/login/${QR_SEGMENT}`
        : `/login/${modeSegment}${next === 'password' ? `/${PASSWORD_SEGMENT}` : ''}`;
    navigate(`${path}${search}`, { replace: true });
  }

  function forgot() {
    const account = form.values.account.trim();
    navigate(`/reset-pwd/${form.mode}${account ? `/${encodeURIComponent(account)}` : ''}`);
  }

  function submit() {
    if (!form.check(agreed)) return;
    const { mode, values } = form;
    if (tab === 'password') {
      setWrongPassword(false);
      passwordLogin.mutate(
        { mode, account: values.account, password: values.password, rememberMe },
        {
          onSuccess: () => passwordForm.clear(),
          onError: (error) => {
            // The server's message (shown by the API client) says it; the hint offers both ways out (spec §8).
            setWrongPassword(isServerError(error, 'wrong_password'));
            onFailure(error);
          },
        },
      );
      return;
    }
    codeLogin.mutate(
      { mode, account: values.account, code: values.code, rememberMe },
      { onSuccess: () => codeForm.clear(), onError: onFailure },
    );
  }

  const options = (
    <div className="login-options">
      <Checkbox
        checked={rememberMe}
        onChange={setRememberMe}
        data-testid="login-remember"
        style={{ '--icon-size': '16px', '--font-size': '13px' }}
      >
        {t('rememberMe')}
      </Checkbox>
      <AgreementCheck checked={agreed} onChange={setAgreed} />
    </div>
  );

  return (
    <Page testId="page-login">
      <div className="form-page">
        <Tabs activeKey={tab} onChange={(key) => goTo(key as LoginTab)} data-testid="login-tabs">
          <Tabs.Tab key="code" title={<span data-testid="login-tab-code">{t('tab.code')}</span>} />
          <Tabs.Tab key="password" title={<span data-testid="login-tab-password">{t('tab.password')}</span>} />
          <Tabs.Tab key="qr" title={<span data-testid="login-tab-qr">{t('tab.qr')}</span>} />
        </Tabs>
        {tab === 'qr' ? (
          <>
            <QrLoginPanel agreed={agreed} rememberMe={rememberMe} />
            {options}
          </>
        ) : (
          <>
            <AccountForm form={form} testId="login" onSubmit={submit} />
            {wrongPassword ? (
              <div className="login-wrong-password" role="alert" data-testid="login-wrong-password">
                <p>{errorMessage('wrong_password')}</p>
                <div>
                  <Button size="small" fill="outline" color="primary" data-testid="login-wrong-forgot" onClick={forgot}>
                    {t('action.forgot')}
                  </Button>
                  <Button
                    size="small"
                    fill="outline"
                    color="primary"
                    data-testid="login-wrong-use-code"
                    onClick={() => goTo('code')}
                  >
                    {t('action.useCode')}
                  </Button>
                </div>
              </div>
            ) : null}
            {options}
            <FormSubmit testId="login-submit" loading={codeLogin.isPending || passwordLogin.isPending} onClick={submit}>
              {t('action.login')}
            </FormSubmit>
            <div className="form-links">
              <Button
                fill="none"
                size="small"
                data-testid="login-switch-method"
                onClick={() => goTo(tab === 'password' ? 'code' : 'password')}
              >
                {tab === 'password' ? t('action.useCode') : t('action.usePassword')}
              </Button>
              <Button fill="none" size="small" data-testid="login-forgot" onClick={forgot}>
                {t('action.forgot')}
              </Button>
            </div>
          </>
        )}
        <div className="login-divider">{t('or')}</div>
        <GoogleLogin agreed={agreed} rememberMe={rememberMe} />
        <p className="form-intro login-guest">{t('guest')}</p>
      </div>
    </Page>
  );
}
