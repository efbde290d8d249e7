import { Checkbox } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { AccountForm, FormSubmit } from '../../components/account-form.tsx';
import { useAccountForm } from '../../components/use-account-form.ts';
import { AgreementCheck } from '../../components/agreement-check.tsx';
import { Page } from '../../components/page.tsx';
import { parseAccountMode } from '../../lib/account.ts';
import { useAuthFailureToast } from '../../lib/use-auth.ts';
import { useCodeLoginMutation } from './verify.queries.ts';

const FIELDS = ['code'] as const;

/** What the screen that sent a code hands over: the server's resend wait. */
export interface VerifyState {
  resendAfterSeconds: number;
}

function readState(state: unknown): VerifyState | undefined {
  const seconds = (state as Partial<VerifyState> | null)?.resendAfterSeconds;
  return typeof seconds === 'number' && seconds > 0 ? { resendAfterSeconds: seconds } : undefined;
}

/**
 * /verify/:mode/:value — the code sent to a phone or an e-mail address logs the user in (spec §2, §4). Opened
 * right after a send, the resend countdown runs on; opened from a link, the first tap sends the code.
 */
export function VerifyPage() {
  const { t } = useTranslation('login');
  const params = useParams();
  const location = useLocation();
  const mode = parseAccountMode(params.mode);
  const account = params.value ?? '';
  const form = useAccountForm({ fields: FIELDS, hint: mode, account, codeJustSent: readState(location.state) });
  const [agreed, setAgreed] = useState(false);
  const [rememberMe, setRememberMe] = useState(false);
  const login = useCodeLoginMutation();
  const onFailure = useAuthFailureToast();

  function submit() {
    if (!form.check(agreed)) return;
    login.mutate({ mode, account, code: form.values.code, rememberMe }, { onError: onFailure });
  }

  return (
    <Page testId="page-verify">
      <div className="form-page">
        <p className="form-intro" data-testid="verify-target">
          {t(form.codeRequested ? 'verify.sentTo' : 'verify.sendTo', { value: account })}
          <br />
          {t('verify.validity')}
        </p>
        <AccountForm form={form} testId="verify" onSubmit={submit} />
        <div className="form-agreement">
          <Checkbox checked={rememberMe} onChange={setRememberMe} data-testid="login-remember">
            {t('rememberMe')}
          </Checkbox>
        </div>
        <AgreementCheck checked={agreed} onChange={setAgreed} />
        <FormSubmit testId="verify-submit" loading={login.isPending} onClick={submit}>
          {t('action.login')}
        </FormSubmit>
      </div>
    </Page>
  );
}
