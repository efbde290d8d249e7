import { Button, Form, Input, Tabs, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { AgreementCheck } from '../../components/agreement-check.tsx';
import { Page } from '../../components/page.tsx';
import {
  PASSWORD_SEGMENT,
  accountRequiredError,
  isValidAccount,
  parseAccountMode,
  type AccountMode,
} from '../../lib/account.ts';
import { useErrorMessage } from '../../lib/i18n.ts';
import { useAuthFailureToast } from '../../lib/use-auth.ts';
import { usePasswordLoginMutation, useSendCodeMutation } from './login.queries.ts';

/** /login/:mode?/:pwd? — code login by default, password login under /login/<mode>/pwd (spec §2, §4). */
export function LoginPage() {
  const { t } = useTranslation('login');
  const errorMessage = useErrorMessage();
  const navigate = useNavigate();
  const params = useParams();
  const [searchParams] = useSearchParams();
  const mode = parseAccountMode(params.mode);
  const withPassword = params.pwd === PASSWORD_SEGMENT;
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [agreed, setAgreed] = useState(false);
  const sendCode = useSendCodeMutation();
  const passwordLogin = usePasswordLoginMutation();
  const onFailure = useAuthFailureToast();
  const search = searchParams.toString() ? `?${searchParams.toString()}` : '';

  const goTo = (nextMode: AccountMode, nextPassword: boolean) =>
    navigate(`/login/${nextMode}${nextPassword ? `/${PASSWORD_SEGMENT}` : ''}${search}`, { replace: true });

  /** The first problem with the form, as a message, or null when it can be sent. */
  function problem(): string | null {
    const missing = accountRequiredError(mode, account);
    if (missing) return errorMessage(missing);
    if (!isValidAccount(mode, account)) return t(`invalid.${mode}`);
    if (withPassword && !password) return errorMessage('password_required');
    if (!agreed) return errorMessage('agreement_required');
    return null;
  }

  function submit() {
    const message = problem();
    if (message) {
      Toast.show({ content: message });
      return;
    }
    if (withPassword) {
      passwordLogin.mutate({ mode, account, password }, { onError: onFailure });
      return;
    }
    sendCode.mutate(
      { mode, account },
      {
        onSuccess: () => {
          Toast.show({ content: t('codeSent') });
          navigate(`/verify/${mode}/${encodeURIComponent(account.trim())}${search}`);
        },
        onError: onFailure,
      },
    );
  }

  const accountLabel = t(`account.${mode}`);
  return (
    <Page testId="page-login">
      <div className="form-page">
        <Tabs activeKey={mode} onChange={(key) => goTo(parseAccountMode(key), withPassword)}>
          <Tabs.Tab key="mobile" title={t('account.mobile')} />
          <Tabs.Tab key="mail" title={t('account.mail')} />
        </Tabs>
        <Form layout="horizontal" mode="card">
          <Form.Item label={accountLabel}>
            <Input
              data-testid="login-account"
              type={mode === 'mobile' ? 'tel' : 'email'}
              autoComplete={mode === 'mobile' ? 'tel' : 'email'}
              placeholder={t(`placeholder.${mode}`)}
              value={account}
              onChange={setAccount}
              clearable
            />
          </Form.Item>
          {withPassword ? (
            <Form.Item label={t('field.password')}>
              <Input
                data-testid="login-password"
                type="password"
                autoComplete="current-password"
                placeholder={t('placeholder.password')}
                value={password}
                onChange={setPassword}
                onEnterPress={submit}
              />
            </Form.Item>
          ) : null}
        </Form>
        <AgreementCheck checked={agreed} onChange={setAgreed} />
        <Button
          block
          color="primary"
          size="large"
          className="form-submit"
          data-testid="login-submit"
          loading={sendCode.isPending || passwordLogin.isPending}
          onClick={submit}
        >
          {withPassword ? t('action.login') : t('action.getCode')}
        </Button>
        <div className="form-links">
          <Button fill="none" size="small" data-testid="login-switch-method" onClick={() => goTo(mode, !withPassword)}>
            {withPassword ? t('action.useCode') : t('action.usePassword')}
          </Button>
          <Button
            fill="none"
            size="small"
            data-testid="login-forgot"
            onClick={() =>
              navigate(`/reset-pwd/${mode}${account.trim() ? `/${encodeURIComponent(account.trim())}` : ''}`)
            }
          >
            {t('action.forgot')}
          </Button>
        </div>
        <p className="form-intro">{t('guest')}</p>
      </div>
    </Page>
  );
}
