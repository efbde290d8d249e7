import { useQuery } from '@tanstack/react-query';
import { Button, Tabs } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { AccountForm, FormSubmit } from '../../components/account-form.tsx';
import { useAccountForm } from '../../components/use-account-form.ts';
import { Page } from '../../components/page.tsx';
import { parseAccountMode, type AccountMode } from '../../lib/account.ts';
import { useSession } from '../../lib/session.ts';
import { useAuthCalls, useAuthFailureToast } from '../../lib/use-auth.ts';
import { setPwdKeys, useSetPasswordMutation } from './set-pwd.queries.ts';

/** Settings link here (设置密码 / 修改密码): a password set, the reader goes back there. */
const SETTINGS_PATH = '/setting';
import { Toast } from '../../lib/overlays.ts';

const FIELDS = ['code', 'newPassword'] as const;

/**
 * /set-pwd/:mode — a logged-in user sets or changes the password with a code sent to their own phone (mobile) or
 * e-mail (mail) (spec §2, §5). Every session of the account ends; this device is logged in anew.
 */
export function SetPwdPage() {
  const { loggedIn, user } = useSession();
  const { mode } = useParams();
  if (!loggedIn) return <Navigate to="/login" replace />;
  // A new channel is a new form: its code, countdown and entries belong to that channel.
  return <SetPwdForm key={mode} phone={user?.phone ?? null} email={user?.email ?? null} />;
}

function SetPwdForm({ phone, email }: { phone: string | null; email: string | null }) {
  const { t } = useTranslation('login');
  const navigate = useNavigate();
  const location = useLocation();
  const params = useParams();
  const auth = useAuthCalls();
  const mode = parseAccountMode(params.mode);
  const own = mode === 'mobile' ? phone : email;
  const check = useQuery({ queryKey: setPwdKeys.preCheck, queryFn: () => auth.setPasswordPreCheck() });
  const form = useAccountForm({ fields: FIELDS, hint: mode, purpose: 'set_password', account: own ?? '' });
  const setPassword = useSetPasswordMutation();
  const onFailure = useAuthFailureToast();
  const masked = mode === 'mobile' ? check.data?.mobile : check.data?.email;
  const channels: AccountMode[] = (['mobile', 'mail'] as const).filter((m) => (m === 'mobile' ? phone : email));

  function submit() {
    if (!form.check()) return;
    const { code, password, repeat } = form.values;
    setPassword.mutate(
      { mode, code, password, repeat },
      {
        onSuccess: () => {
          Toast.show({ icon: 'success', content: t('set.success') });
          // Back to where the reader came from (settings, which links here); a page opened directly goes to settings.
          if (location.key !== 'default') navigate(-1);
          else navigate(SETTINGS_PATH, { replace: true });
        },
        onError: onFailure,
      },
    );
  }

  return (
    <Page testId="page-set-pwd">
      <div className="form-page">
        {channels.length > 1 ? (
          <Tabs activeKey={mode} onChange={(key) => navigate(`/set-pwd/${key}`, { replace: true })}>
            <Tabs.Tab key="mobile" title={t('account.mobile')} />
            <Tabs.Tab key="mail" title={t('account.mail')} />
          </Tabs>
        ) : null}
        <p className="form-intro" data-testid="set-target">
          {check.data?.hasPassword ? t('set.introChange') : t('set.intro')}
          <br />
          {own ? t('set.codeTo', { value: masked ?? '' }) : t(`set.missing.${mode}`)}
        </p>
        {own ? (
          <>
            <AccountForm
              form={form}
              testId="set"
              onSubmit={submit}
              footer={<p className="form-intro">{t('rule')}</p>}
            />
            <FormSubmit testId="set-submit" loading={setPassword.isPending} onClick={submit}>
              {t('action.submit')}
            </FormSubmit>
          </>
        ) : channels[0] ? (
          <Button block data-testid="set-switch" onClick={() => navigate(`/set-pwd/${channels[0]}`, { replace: true })}>
            {t(`account.${channels[0]}`)}
          </Button>
        ) : null}
      </div>
    </Page>
  );
}
