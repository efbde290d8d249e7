import { VERIFICATION_CODE_LENGTH } from '@bible-qa/contract';
import { Button, Form, Input, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { Page } from '../../components/page.tsx';
import {
  PASSWORD_SEGMENT,
  accountRequiredError,
  isValidAccount,
  isValidCode,
  newPasswordError,
  parseAccountMode,
} from '../../lib/account.ts';
import { useErrorMessage } from '../../lib/i18n.ts';
import { useAuthFailureToast } from '../../lib/use-auth.ts';
import { useCountdown } from '../../lib/use-countdown.ts';
import { useResetCodeMutation, useResetPasswordMutation } from './reset-pwd.queries.ts';

/** /reset-pwd/:mode/:value? — prove the account with a code, then choose a new password (spec §2, §5). */
export function ResetPwdPage() {
  const { t } = useTranslation('login');
  const errorMessage = useErrorMessage();
  const navigate = useNavigate();
  const params = useParams();
  const mode = parseAccountMode(params.mode);
  const [account, setAccount] = useState(params.value ?? '');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [codeRequested, setCodeRequested] = useState(false);
  const countdown = useCountdown();
  const sendCode = useResetCodeMutation();
  const reset = useResetPasswordMutation();
  const onFailure = useAuthFailureToast();
  const toast = (content: string) => void Toast.show({ content });

  function accountProblem(): string | null {
    const missing = accountRequiredError(mode, account);
    if (missing) return errorMessage(missing);
    return isValidAccount(mode, account) ? null : t(`invalid.${mode}`);
  }

  function requestCode() {
    const problem = accountProblem();
    if (problem) return toast(problem);
    sendCode.mutate(
      { mode, account },
      {
        onSuccess: () => {
          setCodeRequested(true);
          countdown.start();
          toast(t('codeSent'));
        },
        onError: onFailure,
      },
    );
  }

  function submit() {
    const problem = accountProblem();
    if (problem) return toast(problem);
    if (!codeRequested) return toast(errorMessage('code_not_requested'));
    if (!code.trim()) return toast(errorMessage('code_required'));
    if (!isValidCode(code)) return toast(t('invalid.code'));
    const passwordProblem = newPasswordError(password, repeat);
    if (passwordProblem) return toast(errorMessage(passwordProblem));
    reset.mutate(
      { mode, account, code, password },
      {
        onSuccess: () => {
          toast(t('reset.success'));
          navigate(`/login/${mode}/${PASSWORD_SEGMENT}`, { replace: true });
        },
        onError: onFailure,
      },
    );
  }

  return (
    <Page testId="page-reset-pwd">
      <div className="form-page">
        <p className="form-intro">{t('reset.intro')}</p>
        <Form layout="horizontal" mode="card" footer={<p className="form-intro">{t('rule')}</p>}>
          <Form.Item label={t(`account.${mode}`)}>
            <Input
              data-testid="reset-account"
              type={mode === 'mobile' ? 'tel' : 'email'}
              placeholder={t(`placeholder.${mode}`)}
              value={account}
              onChange={setAccount}
              clearable
            />
          </Form.Item>
          <Form.Item
            label={t('field.code')}
            extra={
              <Button
                size="small"
                fill="none"
                color="primary"
                data-testid="reset-send-code"
                disabled={countdown.remaining > 0}
                loading={sendCode.isPending}
                onClick={requestCode}
              >
                {countdown.remaining > 0 ? t('action.resendIn', { seconds: countdown.remaining }) : t('action.getCode')}
              </Button>
            }
          >
            <Input
              data-testid="reset-code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={VERIFICATION_CODE_LENGTH}
              placeholder={t('placeholder.code')}
              value={code}
              onChange={(value) => setCode(value.replace(/\D/g, ''))}
            />
          </Form.Item>
          <Form.Item label={t('field.newPassword')}>
            <Input
              data-testid="reset-password"
              type="password"
              autoComplete="new-password"
              placeholder={t('placeholder.newPassword')}
              value={password}
              onChange={setPassword}
            />
          </Form.Item>
          <Form.Item label={t('field.repeatPassword')}>
            <Input
              data-testid="reset-repeat-password"
              type="password"
              autoComplete="new-password"
              placeholder={t('placeholder.repeatPassword')}
              value={repeat}
              onChange={setRepeat}
              onEnterPress={submit}
            />
          </Form.Item>
        </Form>
        <Button
          block
          color="primary"
          size="large"
          className="form-submit"
          data-testid="reset-submit"
          loading={reset.isPending}
          onClick={submit}
        >
          {t('action.submit')}
        </Button>
      </div>
    </Page>
  );
}
