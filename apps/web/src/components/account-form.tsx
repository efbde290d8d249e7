import { Button, Form, Input } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { normalizeCode, type AccountField } from '../lib/account.ts';
import { CaptchaItem } from './captcha-item.tsx';
import type { AccountFormController } from './use-account-form.ts';
import './account-form.css';

interface AccountFormProps {
  form: AccountFormController;
  /** Prefix of the fields' data-testids: `<prefix>-account`, `-code`, `-send-code`, `-password`, … */
  testId: string;
  onSubmit: () => void;
  /** Shown under the fields (e.g. the password rule). */
  footer?: ReactNode;
  /** The captcha field's provider puzzle was solved (the Google dialog goes on to Google). */
  onCaptchaSolved?: (answer: string) => void;
}

/** The fields of the shared account form, in the order of `form.fields`. */
export function AccountForm({ form, testId, onSubmit, footer, onCaptchaSolved }: AccountFormProps) {
  const { t, i18n } = useTranslation('login');
  const { values } = form;
  // Chinese labels fit a column beside their fields; Latin-script ones ("Confirmer le mot de passe") take three lines
  // there and leave the code field "Code à 6": above their fields, the fields get the whole width.
  const layout = /^zh/i.test(i18n.language) ? 'horizontal' : 'vertical';
  const last = form.fields.at(-1);
  const enter = (field: AccountField) => (field === last ? onSubmit : undefined);

  const items: Record<AccountField, ReactNode> = {
    account: (
      <Form.Item key="account" label={t('field.account')}>
        <Input
          data-testid={`${testId}-account`}
          type="text"
          inputMode={form.mode === 'mobile' && /^\+?\d*$/.test(values.account) ? 'tel' : 'email'}
          autoComplete="username"
          placeholder={t('placeholder.account')}
          value={values.account}
          onChange={(value) => form.set('account', value)}
          onEnterPress={enter('account')}
          clearable
        />
      </Form.Item>
    ),
    code: (
      <Form.Item
        key="code"
        label={
          <span data-testid={`${testId}-code-label`}>
            {t(
              form.codeChannel === 'mobile'
                ? 'field.smsCode'
                : form.codeChannel === 'mail'
                  ? 'field.mailCode'
                  : 'field.code',
            )}
          </span>
        }
        extra={
          <Button
            size="small"
            fill="none"
            color="primary"
            className="form-send-code"
            data-testid={`${testId}-send-code`}
            disabled={form.remaining > 0}
            loading={form.sending}
            onClick={() => void form.sendCode()}
          >
            {form.remaining > 0
              ? t('action.resendIn', { seconds: form.remaining })
              : t(form.codeRequested ? 'action.resend' : 'action.getCode')}
          </Button>
        }
      >
        <Input
          data-testid={`${testId}-code`}
          inputMode="numeric"
          autoComplete="one-time-code"
          placeholder={t('placeholder.code')}
          value={values.code}
          // No maxLength: the browser would cut " 123456" to " 12345" before it could be folded to six digits.
          onChange={(value) => form.set('code', normalizeCode(value))}
          onEnterPress={enter('code')}
        />
      </Form.Item>
    ),
    password: (
      <Form.Item key="password" label={t('field.password')}>
        <Input
          data-testid={`${testId}-password`}
          type="password"
          autoComplete="current-password"
          placeholder={t('placeholder.password')}
          value={values.password}
          onChange={(value) => form.set('password', value)}
          onEnterPress={enter('password')}
        />
      </Form.Item>
    ),
    newPassword: (
      <div key="newPassword">
        <Form.Item label={t('field.newPassword')}>
          <Input
            data-testid={`${testId}-password`}
            type="password"
            autoComplete="new-password"
            placeholder={t('placeholder.newPassword')}
            value={values.password}
            onChange={(value) => form.set('password', value)}
          />
        </Form.Item>
        <Form.Item label={t('field.repeatPassword')}>
          <Input
            data-testid={`${testId}-repeat-password`}
            type="password"
            autoComplete="new-password"
            placeholder={t('placeholder.repeatPassword')}
            value={values.repeat}
            onChange={(value) => form.set('repeat', value)}
            onEnterPress={enter('newPassword')}
          />
        </Form.Item>
      </div>
    ),
    captcha: (
      <CaptchaItem key="captcha" form={form} testId={testId} onEnter={enter('captcha')} onSolved={onCaptchaSolved} />
    ),
  };

  return (
    <>
      <Form className="account-form" layout={layout} mode="card" footer={footer}>
        {form.fields.map((field) =>
          // The captcha the server asked for before a further code send comes just above the code.
          field === 'code' && form.sendNeedsCaptcha && form.captcha && !form.fields.includes('captcha')
            ? [
                <CaptchaItem
                  key="send-captcha"
                  form={form}
                  testId={testId}
                  onSolved={(answer) => void form.sendCode(answer)}
                />,
                items.code,
              ]
            : items[field],
        )}
      </Form>
      {form.error ? (
        <p className="form-error" role="alert" data-testid={`${testId}-error`}>
          {form.error}
        </p>
      ) : null}
    </>
  );
}

/** The account screens' main button: full width and large, under the form. */
export function FormSubmit({
  testId,
  loading,
  onClick,
  children,
}: {
  testId: string;
  loading: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Button
      block
      color="primary"
      size="large"
      className="form-submit"
      data-testid={testId}
      loading={loading}
      onClick={onClick}
    >
      {children}
    </Button>
  );
}
