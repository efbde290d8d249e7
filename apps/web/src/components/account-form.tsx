import { VERIFICATION_CODE_LENGTH, type CodePurpose } from '@bible-qa/contract';
import { Button, Form, Input } from 'antd-mobile';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  EMPTY_ACCOUNT_FORM,
  accountFormProblem,
  accountProblem,
  detectAccountMode,
  type AccountField,
  type AccountFormValues,
  type AccountMode,
  type FormProblem,
} from '../lib/account.ts';
import { useErrorMessage } from '../lib/i18n.ts';
import { useAuthCalls, useAuthFailureToast } from '../lib/use-auth.ts';
import { useCountdown } from '../lib/use-countdown.ts';
import { Toast } from '../lib/overlays.ts';
import './account-form.css';

interface UseAccountFormOptions {
  fields: readonly AccountField[];
  /** The route's mode, or null for a free account field (phone or e-mail). */
  hint: AccountMode | null;
  /** What a sent code is for; the server keeps codes of different purposes apart. */
  purpose?: CodePurpose;
  /** The account when it is not typed here (the verify page's, the logged-in user's own). */
  account?: string;
  /** What the account field starts with (e.g. carried over from the login screen). */
  initialAccount?: string;
  /** A code was sent just before this form opened; the resend countdown runs for this many seconds. */
  codeJustSent?: { resendAfterSeconds: number };
}

/**
 * The state of the one account form used by login, verify, reset and set password: its values, the code's send
 * button with the server's resend countdown, the captcha (fetched when the form has a captcha field), and the
 * first §5 problem as a message.
 */
export function useAccountForm({
  fields,
  hint,
  purpose = 'login',
  account,
  initialAccount,
  codeJustSent,
}: UseAccountFormOptions) {
  const { t } = useTranslation('login');
  const errorMessage = useErrorMessage();
  const auth = useAuthCalls();
  const onFailure = useAuthFailureToast();
  const [values, setValues] = useState<AccountFormValues>(() => ({
    ...EMPTY_ACCOUNT_FORM,
    account: account ?? initialAccount ?? '',
  }));
  const [codeRequested, setCodeRequested] = useState(codeJustSent !== undefined);
  const [sending, setSending] = useState(false);
  const [captcha, setCaptcha] = useState<{ key: string; image: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const countdown = useCountdown(codeJustSent?.resendAfterSeconds ?? 0);
  const current = { ...values, account: account ?? values.account };
  const mode = detectAccountMode(current.account, hint ?? 'mobile');
  // What the code arrives by follows what was typed (an SMS for a phone, a mail for an address); nothing typed yet,
  // it is just "the code", whatever the route hints.
  const codeChannel: AccountMode | null = current.account.trim() ? mode : null;

  const message = (problem: FormProblem): string =>
    'error' in problem ? errorMessage(problem.error) : t(`invalid.${problem.invalid}`);

  return {
    fields,
    values: current,
    mode,
    codeChannel,
    codeRequested,
    remaining: countdown.remaining,
    sending,
    captcha,
    /** The message of the last refused submit, shown under the fields until the user edits them. */
    error,
    /** Forgets what was typed (the login screen is kept alive, so a finished login must not leave a password). */
    clear() {
      setError(null);
      setValues({ ...EMPTY_ACCOUNT_FORM });
    },
    set(field: keyof AccountFormValues, value: string) {
      setError(null);
      setValues((previous) => ({ ...previous, [field]: value }));
    },
    /**
     * Checks the form before sending (spec §5): the first problem is shown under the fields and the answer is
     * false. `agreed` is checked last, for the forms that log in.
     */
    check(agreed?: boolean): boolean {
      const problem = accountFormProblem(fields, current, {
        hint,
        codeRequested,
        captchaKey: captcha?.key ?? null,
        agreed,
      });
      if (!problem) {
        setError(null);
        return true;
      }
      setError(message(problem));
      return false;
    },
    async sendCode(): Promise<void> {
      const problem = accountProblem(current.account, hint);
      if (problem) return void setError(message(problem));
      setError(null);
      setSending(true);
      try {
        const seconds = await auth.sendCode(mode, current.account, purpose);
        setCodeRequested(true);
        countdown.start(seconds);
        Toast.show({ content: t('codeSent') });
      } catch (error) {
        onFailure(error);
      } finally {
        setSending(false);
      }
    },
    async refreshCaptcha(): Promise<void> {
      setValues((previous) => ({ ...previous, captcha: '' }));
      try {
        const next = await auth.captcha();
        setCaptcha({ key: next.key, image: next.captcha });
      } catch (error) {
        setCaptcha(null);
        onFailure(error);
      }
    },
  };
}

export type AccountFormController = ReturnType<typeof useAccountForm>;

interface AccountFormProps {
  form: AccountFormController;
  /** Prefix of the fields' data-testids: `<prefix>-account`, `-code`, `-send-code`, `-password`, … */
  testId: string;
  onSubmit: () => void;
  /** Shown under the fields (e.g. the password rule). */
  footer?: ReactNode;
}

/** The fields of the shared account form, in the order of `form.fields`. */
export function AccountForm({ form, testId, onSubmit, footer }: AccountFormProps) {
  const { t } = useTranslation('login');
  const { values } = form;
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
          maxLength={VERIFICATION_CODE_LENGTH}
          placeholder={t('placeholder.code')}
          value={values.code}
          onChange={(value) => form.set('code', value.replace(/\D/g, ''))}
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
      <Form.Item
        key="captcha"
        label={t('field.captcha')}
        extra={
          <button
            type="button"
            className="form-captcha"
            data-testid={`${testId}-captcha-refresh`}
            aria-label={t('action.refreshCaptcha')}
            onClick={() => void form.refreshCaptcha()}
          >
            {form.captcha ? (
              <img src={form.captcha.image} alt={t('field.captcha')} data-testid={`${testId}-captcha-image`} />
            ) : (
              t('action.getCaptcha')
            )}
          </button>
        }
      >
        <Input
          data-testid={`${testId}-captcha`}
          autoComplete="off"
          maxLength={16}
          placeholder={t('placeholder.captcha')}
          value={values.captcha}
          onChange={(value) => form.set('captcha', value)}
          onEnterPress={enter('captcha')}
        />
      </Form.Item>
    ),
  };

  return (
    <>
      <Form className="account-form" layout="horizontal" mode="card" footer={footer}>
        {form.fields.map((field) => items[field])}
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
