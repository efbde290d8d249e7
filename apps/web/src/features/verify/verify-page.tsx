import { VERIFICATION_CODE_LENGTH } from '@bible-qa/contract';
import { Button, Form, Input, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Page } from '../../components/page.tsx';
import { isValidCode, parseAccountMode } from '../../lib/account.ts';
import { useErrorMessage } from '../../lib/i18n.ts';
import { useAuthFailureToast } from '../../lib/use-auth.ts';
import { RESEND_SECONDS, useCountdown } from '../../lib/use-countdown.ts';
import { useCodeLoginMutation, useResendCodeMutation } from './verify.queries.ts';

/** /verify/:mode/:value — the code sent to a phone or an e-mail address logs the user in (spec §2, §4). */
export function VerifyPage() {
  const { t } = useTranslation('login');
  const errorMessage = useErrorMessage();
  const params = useParams();
  const mode = parseAccountMode(params.mode);
  const account = params.value ?? '';
  const [code, setCode] = useState('');
  // The login screen has just sent a code, so the resend countdown starts running.
  const countdown = useCountdown(RESEND_SECONDS);
  const resend = useResendCodeMutation();
  const login = useCodeLoginMutation();
  const onFailure = useAuthFailureToast();

  function submit() {
    if (!code.trim()) return void Toast.show({ content: errorMessage('code_required') });
    if (!isValidCode(code)) return void Toast.show({ content: t('invalid.code') });
    login.mutate({ mode, account, code }, { onError: onFailure });
  }

  function resendCode() {
    resend.mutate(
      { mode, account },
      {
        onSuccess: () => {
          Toast.show({ content: t('codeSent') });
          countdown.start();
        },
        onError: onFailure,
      },
    );
  }

  return (
    <Page testId="page-verify">
      <div className="form-page">
        <p className="form-intro" data-testid="verify-target">
          {t('verify.sentTo', { value: account })}
          <br />
          {t('verify.validity')}
        </p>
        <Form layout="horizontal" mode="card">
          <Form.Item
            label={t('field.code')}
            extra={
              <Button
                size="small"
                fill="none"
                color="primary"
                data-testid="verify-resend"
                disabled={countdown.remaining > 0}
                loading={resend.isPending}
                onClick={resendCode}
              >
                {countdown.remaining > 0 ? t('action.resendIn', { seconds: countdown.remaining }) : t('action.resend')}
              </Button>
            }
          >
            <Input
              data-testid="verify-code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={VERIFICATION_CODE_LENGTH}
              placeholder={t('placeholder.code')}
              value={code}
              onChange={(value) => setCode(value.replace(/\D/g, ''))}
              onEnterPress={submit}
            />
          </Form.Item>
        </Form>
        <Button
          block
          color="primary"
          size="large"
          className="form-submit"
          data-testid="verify-submit"
          loading={login.isPending}
          onClick={submit}
        >
          {t('action.login')}
        </Button>
      </div>
    </Page>
  );
}
