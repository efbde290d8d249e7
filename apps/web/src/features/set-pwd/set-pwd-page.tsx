import { ROOT_REDIRECT } from '@bible-qa/contract';
import { Button, Form, Input, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { Page } from '../../components/page.tsx';
import { newPasswordError } from '../../lib/account.ts';
import { useErrorMessage } from '../../lib/i18n.ts';
import { useSession } from '../../lib/session.ts';
import { useAuthFailureToast } from '../../lib/use-auth.ts';
import { useSetPasswordMutation } from './set-pwd.queries.ts';

/** /set-pwd/:mode — a logged-in user who signed up with a code sets a password (spec §2, §5). */
export function SetPwdPage() {
  const { t } = useTranslation('login');
  const errorMessage = useErrorMessage();
  const navigate = useNavigate();
  const { loggedIn } = useSession();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const setPasswordCall = useSetPasswordMutation();
  const onFailure = useAuthFailureToast();

  if (!loggedIn) return <Navigate to="/login" replace />;

  function submit() {
    const problem = newPasswordError(password, repeat);
    if (problem) return void Toast.show({ content: errorMessage(problem) });
    setPasswordCall.mutate(password, {
      onSuccess: () => {
        Toast.show({ icon: 'success', content: t('set.success') });
        navigate(ROOT_REDIRECT, { replace: true });
      },
      onError: onFailure,
    });
  }

  return (
    <Page testId="page-set-pwd">
      <div className="form-page">
        <p className="form-intro">{t('set.intro')}</p>
        <Form layout="horizontal" mode="card" footer={<p className="form-intro">{t('rule')}</p>}>
          <Form.Item label={t('field.password')}>
            <Input
              data-testid="set-password"
              type="password"
              autoComplete="new-password"
              placeholder={t('placeholder.password')}
              value={password}
              onChange={setPassword}
            />
          </Form.Item>
          <Form.Item label={t('field.repeatPassword')}>
            <Input
              data-testid="set-repeat-password"
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
          data-testid="set-submit"
          loading={setPasswordCall.isPending}
          onClick={submit}
        >
          {t('action.submit')}
        </Button>
      </div>
    </Page>
  );
}
