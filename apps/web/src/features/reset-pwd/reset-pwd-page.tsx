import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { AccountForm, FormSubmit } from '../../components/account-form.tsx';
import { useAccountForm } from '../../components/use-account-form.ts';
import { Page } from '../../components/page.tsx';
import { PASSWORD_SEGMENT, parseAccountMode } from '../../lib/account.ts';
import { useAuthFailureToast } from '../../lib/use-auth.ts';
import { useResetPasswordMutation } from './reset-pwd.queries.ts';
import { Toast } from '../../lib/overlays.ts';

const FIELDS = ['account', 'code', 'newPassword'] as const;

/** /reset-pwd/:mode/:value? — prove the account with a reset code, then choose a new password (spec §2, §5). */
export function ResetPwdPage() {
  const { t } = useTranslation('login');
  const navigate = useNavigate();
  const params = useParams();
  const form = useAccountForm({
    fields: FIELDS,
    hint: parseAccountMode(params.mode),
    purpose: 'reset_password',
    initialAccount: params.value,
  });
  const reset = useResetPasswordMutation();
  const onFailure = useAuthFailureToast();

  function submit() {
    if (!form.check()) return;
    const { values, mode } = form;
    reset.mutate(
      { mode, account: values.account, code: values.code, password: values.password, repeat: values.repeat },
      {
        onSuccess: () => {
          Toast.show({ icon: 'success', content: t('reset.success') });
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
        <AccountForm form={form} testId="reset" onSubmit={submit} footer={<p className="form-intro">{t('rule')}</p>} />
        <FormSubmit testId="reset-submit" loading={reset.isPending} onClick={submit}>
          {t('action.submit')}
        </FormSubmit>
      </div>
    </Page>
  );
}
