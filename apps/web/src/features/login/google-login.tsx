import type { ErrorName } from '@bible-qa/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Popup } from 'antd-mobile';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountForm } from '../../components/account-form.tsx';
import { useAccountForm } from '../../components/use-account-form.ts';
import { isServerError } from '../../lib/auth-calls.ts';
import { useErrorMessage } from '../../lib/error-messages.ts';
import { useAuthCalls, useAuthFailureToast } from '../../lib/use-auth.ts';
import { loadGoogleIdentity, type GoogleIdentity } from './google-identity.ts';
import { authOptionsQuery, useGoogleLoginMutation } from './login.queries.ts';

type GoogleState = { kind: 'loading' } | { kind: 'unavailable' } | { kind: 'ready'; google: GoogleIdentity };

const CAPTCHA_FIELDS = ['captcha'] as const;

/**
 * The Google button (spec §7, §8). It says Google is still loading while the server's options or Google's script
 * are on their way, and unavailable in the current region when the server has no client id or the script cannot
 * load. A login attempt starts with the server's captcha, which brings the attempt's nonce; Google is asked for an
 * ID token with that nonce, and the token goes back with the captcha's key and answer.
 */
export function GoogleLogin({ agreed, rememberMe }: { agreed: boolean; rememberMe: boolean }) {
  const { t } = useTranslation('login');
  const errorMessage = useErrorMessage();
  const auth = useAuthCalls();
  const options = useQuery(authOptionsQuery(auth));
  const clientId = options.data?.googleClientId ?? null;
  const [script, setScript] = useState<GoogleState>({ kind: 'loading' });
  const [open, setOpen] = useState(false);
  const [status, setStatus] = useState<ErrorName | null>(null);

  useEffect(() => {
    if (!clientId) return;
    let live = true;
    loadGoogleIdentity().then(
      (google) => live && setScript({ kind: 'ready', google }),
      () => live && setScript({ kind: 'unavailable' }),
    );
    return () => {
      live = false;
    };
  }, [clientId]);

  function state(): GoogleState {
    if (options.isPending) return { kind: 'loading' };
    if (options.isError || !clientId) return { kind: 'unavailable' };
    return script;
  }

  function start(current: GoogleState) {
    if (current.kind !== 'ready')
      return setStatus(current.kind === 'loading' ? 'google_loading' : 'google_unavailable');
    if (!agreed) return setStatus('agreement_required');
    setStatus(null);
    setOpen(true);
  }
  const ready = state();

  // A tap while Google was loading is kept: once the options and the script are in, it goes on by itself (to the
  // captcha, or to saying Google is unavailable here), so the reader is not left with "loading" until a second tap.
  const waiting = status === 'google_loading' && ready.kind !== 'loading';
  useEffect(() => {
    if (waiting) start(ready);
  });

  return (
    <div className="login-google">
      <Button block fill="outline" shape="rounded" data-testid="login-google" onClick={() => start(ready)}>
        <GoogleMark />
        {t('google.button')}
      </Button>
      {status ? (
        <p className="login-google-status" role="status" data-testid="login-google-status">
          {errorMessage(status)}
        </p>
      ) : null}
      {open && ready.kind === 'ready' && clientId ? (
        <GoogleCaptcha
          google={ready.google}
          clientId={clientId}
          rememberMe={rememberMe}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </div>
  );
}

/**
 * One Google login attempt (GET captcha/googleCaptcha, then login-google): the captcha first, then Google's prompt
 * with the attempt's nonce; the ID token it answers is sent at once with the captcha. A failed try ends the attempt
 * (the captcha works once), so a new captcha and nonce are drawn for the next.
 */
function GoogleCaptcha({
  google,
  clientId,
  rememberMe,
  onClose,
}: {
  google: GoogleIdentity;
  clientId: string;
  rememberMe: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('login');
  const form = useAccountForm({ fields: CAPTCHA_FIELDS, hint: null, captchaScene: 'google' });
  const login = useGoogleLoginMutation();
  const onFailure = useAuthFailureToast();
  const { refreshCaptcha } = form;
  const fetched = useRef(false);

  useEffect(() => {
    if (fetched.current) return;
    fetched.current = true;
    void refreshCaptcha();
  }, [refreshCaptcha]);

  function submit(answer?: string) {
    if (answer === undefined && !form.check()) return;
    const attempt = form.captcha;
    if (!attempt?.nonce) return;
    const captcha = answer ?? form.values.captcha;
    google.accounts.id.initialize({
      client_id: clientId,
      nonce: attempt.nonce,
      callback: (response) => {
        if (!response.credential) return;
        login.mutate(
          { key: attempt.key, captcha, credential: response.credential, rememberMe },
          {
            onSuccess: onClose,
            onError: (error) => {
              // The attempt is used up, right or wrong: a new captcha and nonce for the next try.
              if (!isServerError(error, 'google_unavailable')) void form.refreshCaptcha();
              onFailure(error);
            },
          },
        );
      },
      ux_mode: 'popup',
      use_fedcm_for_prompt: true,
    });
    google.accounts.id.prompt();
  }

  const widget = form.captcha !== null && form.captcha.provider !== 'builtin';
  return (
    <Popup visible onMaskClick={onClose} bodyStyle={{ padding: 16 }} data-testid="login-google-dialog">
      <p className="form-intro">{t(widget ? 'google.widgetIntro' : 'google.captchaIntro')}</p>
      <AccountForm form={form} testId="login-google" onSubmit={() => submit()} onCaptchaSolved={submit} />
      {/* A provider's puzzle goes on to Google by itself once solved (CaptchaItem's onSolved). */}
      {widget ? null : (
        <Button
          block
          color="primary"
          data-testid="login-google-submit"
          loading={login.isPending}
          onClick={() => submit()}
        >
          {t('google.continue')}
        </Button>
      )}
    </Popup>
  );
}

/** Google's "G", drawn (brand colours) so the button needs no image request. */
function GoogleMark() {
  return (
    <svg className="login-google-mark" viewBox="0 0 48 48" width="18" height="18" aria-hidden="true">
      <path
        fill="#EA4335"
        d="M24 9.5c3.54 0 6.71 1.22 9.21 3.6l6.85-6.85C35.9 2.38 30.47 0 24 0 14.62 0 6.51 5.38 2.56 13.22l7.98 6.19C12.43 13.72 17.74 9.5 24 9.5z"
      />
      <path
        fill="#4285F4"
        d="M46.98 24.55c0-1.57-.15-3.09-.38-4.55H24v9.02h12.94c-.58 2.96-2.26 5.48-4.78 7.18l7.73 6c4.51-4.18 7.09-10.36 7.09-17.65z"
      />
      <path
        fill="#FBBC05"
        d="M10.53 28.59c-.48-1.45-.76-2.99-.76-4.59s.27-3.14.76-4.59l-7.98-6.19C.92 16.46 0 20.12 0 24c0 3.88.92 7.54 2.56 10.78l7.97-6.19z"
      />
      <path
        fill="#34A853"
        d="M24 48c6.48 0 11.93-2.13 15.89-5.81l-7.73-6c-2.15 1.45-4.92 2.3-8.16 2.3-6.26 0-11.57-4.22-13.47-9.91l-7.98 6.19C6.51 42.62 14.62 48 24 48z"
      />
    </svg>
  );
}
