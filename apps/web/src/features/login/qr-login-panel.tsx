import { useEffect, useState } from 'react';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client.ts';
import { useErrorMessage } from '../../lib/error-messages.ts';
import { useAuthCalls, useAuthFailureToast, useFinishLogin } from '../../lib/use-auth.ts';

type QrState =
  | { status: 'loading' }
  | { status: 'waiting' | 'scanned'; image: string }
  | { status: 'expired' | 'failed'; image?: string };

/**
 * The desktop's side of QR login (spec §2, §4): shows the server's QR code, long-polls until a logged-in phone
 * confirms it, then logs in here. The code visibly expires (the server's 2 minutes, or its `expired` answer) and
 * a refresh makes a new one. Polling stops when the panel is hidden or left.
 */
export function QrLoginPanel({ agreed, rememberMe }: { agreed: boolean; rememberMe: boolean }) {
  const { t } = useTranslation('login');
  const errorMessage = useErrorMessage();
  const auth = useAuthCalls();
  const finishLogin = useFinishLogin();
  const onFailure = useAuthFailureToast();
  const [state, setState] = useState<QrState>({ status: 'loading' });
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    if (!agreed) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const live = () => !controller.signal.aborted;

    async function run() {
      setState({ status: 'loading' });
      const ticket = await auth.qrCreate({ rememberMe });
      if (!live()) return;
      setState({ status: 'waiting', image: ticket.qrCode });
      timer = setTimeout(() => {
        controller.abort();
        setState({ status: 'expired', image: ticket.qrCode });
      }, ticket.expiresIn * 1000);
      while (live()) {
        const answer = await auth.qrPoll(ticket, controller.signal);
        if (!live()) return;
        if (answer.status === 'confirmed' && answer.login) {
          clearTimeout(timer);
          await finishLogin(answer.login);
          return;
        }
        if (answer.status === 'expired') {
          clearTimeout(timer);
          setState({ status: 'expired', image: ticket.qrCode });
          return;
        }
        setState({ status: answer.status === 'scanned' ? 'scanned' : 'waiting', image: ticket.qrCode });
      }
    }

    run().catch((error: unknown) => {
      if (!live() || (error instanceof ApiError && error.kind === 'aborted')) return;
      setState({ status: 'failed' });
      onFailure(error);
    });
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // A refresh (generation) or a changed remember-me makes a new code; the callbacks are stable in effect.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [agreed, rememberMe, generation]);

  if (!agreed) {
    return (
      <div className="login-qr" data-testid="login-qr" data-status="agreement">
        <p className="login-qr-note">{errorMessage('agreement_required')}</p>
      </div>
    );
  }

  const image = 'image' in state ? state.image : undefined;
  const over = state.status === 'expired' || state.status === 'failed';
  return (
    <div className="login-qr" data-testid="login-qr" data-status={state.status}>
      <div className={`login-qr-frame${over ? ' is-over' : ''}`}>
        {image ? <img src={image} alt={t('qr.alt')} data-testid="login-qr-image" /> : null}
        {over ? (
          <div className="login-qr-mask">
            <p data-testid="login-qr-expired">{t(state.status === 'expired' ? 'qr.expired' : 'qr.failed')}</p>
            <Button
              color="primary"
              size="small"
              data-testid="login-qr-refresh"
              onClick={() => setGeneration((n) => n + 1)}
            >
              {t('qr.refresh')}
            </Button>
          </div>
        ) : null}
      </div>
      <p className="login-qr-note" data-testid="login-qr-note">
        {t(state.status === 'scanned' ? 'qr.scanned' : 'qr.hint')}
      </p>
    </div>
  );
}
