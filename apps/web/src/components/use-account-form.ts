import type { Captcha, CodePurpose } from '@bible-qa/contract';
import { useState } from 'react';
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
import { isServerError } from '../lib/auth-calls.ts';
import { solveCaptchaWidget } from '../lib/captcha-widget.ts';
import { useErrorMessage } from '../lib/error-messages.ts';
import { useLocale } from '../lib/i18n.ts';
import { useAuthCalls, useAuthFailureToast } from '../lib/use-auth.ts';
import { useCountdown } from '../lib/use-countdown.ts';
import { Toast } from '../lib/overlays.ts';

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
  /** What the captcha field is for: one Google login (its nonce goes to Google) or, by default, a code send. */
  captchaScene?: 'google' | 'code';
}

/**
 * The state of the one account form used by login, verify, reset and set password: its values, the code's send
 * button with the server's resend countdown, the captcha (a form's captcha field, or the one the server asks for
 * before a further code send: code_captcha_required), and the first §5 problem as a message.
 */
export function useAccountForm({
  fields,
  hint,
  purpose = 'login',
  account,
  initialAccount,
  codeJustSent,
  captchaScene = 'code',
}: UseAccountFormOptions) {
  const { t } = useTranslation('login');
  const errorMessage = useErrorMessage();
  const locale = useLocale();
  const auth = useAuthCalls();
  const onFailure = useAuthFailureToast();
  const [values, setValues] = useState<AccountFormValues>(() => ({
    ...EMPTY_ACCOUNT_FORM,
    account: account ?? initialAccount ?? '',
  }));
  const [codeRequested, setCodeRequested] = useState(codeJustSent !== undefined);
  const [sending, setSending] = useState(false);
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  // The server wants a captcha with each further code send from this address.
  const [sendNeedsCaptcha, setSendNeedsCaptcha] = useState(false);
  const [solving, setSolving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const countdown = useCountdown(codeJustSent?.resendAfterSeconds ?? 0);
  const current = { ...values, account: account ?? values.account };
  const mode = detectAccountMode(current.account, hint ?? 'mobile');
  // What the code arrives by follows what was typed (an SMS for a phone, a mail for an address); nothing typed yet,
  // it is just "the code", whatever the route hints.
  const codeChannel: AccountMode | null = current.account.trim() ? mode : null;

  const message = (problem: FormProblem): string =>
    'error' in problem ? errorMessage(problem.error) : t(`invalid.${problem.invalid}`);

  async function refreshCaptcha(scene = captchaScene): Promise<void> {
    setValues((previous) => ({ ...previous, captcha: '' }));
    try {
      setCaptcha(await auth.captcha(scene));
    } catch (error) {
      setCaptcha(null);
      onFailure(error);
    }
  }

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
    sendNeedsCaptcha,
    solving,
    /** Sends the code; `answer` is a widget's answer just solved (state may not have it yet). */
    async sendCode(answer?: string): Promise<void> {
      const problem = accountProblem(current.account, hint);
      if (problem) return void setError(message(problem));
      const given = answer ?? current.captcha;
      if (sendNeedsCaptcha && !captcha) return refreshCaptcha('code');
      if (sendNeedsCaptcha && !given.trim()) return void setError(errorMessage('captcha_required'));
      setError(null);
      setSending(true);
      const withCaptcha = sendNeedsCaptcha && captcha ? { key: captcha.key, captcha: given } : undefined;
      try {
        const seconds = await auth.sendCode(mode, current.account, purpose, withCaptcha);
        setCodeRequested(true);
        countdown.start(seconds);
        Toast.show({ content: t('codeSent') });
        if (withCaptcha) {
          // Used up: the next send draws a new one.
          setCaptcha(null);
          setValues((previous) => ({ ...previous, captcha: '' }));
        }
      } catch (error) {
        if (isServerError(error, 'code_captcha_required')) {
          setSendNeedsCaptcha(true);
          void refreshCaptcha('code');
        } else if (withCaptcha) {
          // A captcha works once, right or wrong.
          void refreshCaptcha('code');
        }
        onFailure(error);
      } finally {
        setSending(false);
      }
    },
    refreshCaptcha,
    /** Runs a provider's puzzle (Tencent Captcha, GeeTest) and answers its result, or null when not solved. */
    async solveWidget(): Promise<string | null> {
      if (!captcha || captcha.provider === 'builtin' || !captcha.appId) return null;
      setSolving(true);
      try {
        const solved = await solveCaptchaWidget(captcha.provider, captcha.appId, locale);
        if (solved) setValues((previous) => ({ ...previous, captcha: solved }));
        return solved;
      } catch (error) {
        onFailure(error);
        return null;
      } finally {
        setSolving(false);
      }
    },
  };
}

export type AccountFormController = ReturnType<typeof useAccountForm>;
