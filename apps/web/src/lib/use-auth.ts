import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { authFailureMessage, createAuthCalls } from './auth-calls.ts';
import { useErrorMessage } from './error-messages.ts';
import { REDIRECT_PARAM, safeRedirectTarget } from './safe-path.ts';
import { useServices } from './services.tsx';
import type { LoginResult } from './session.ts';
import { Toast } from './overlays.ts';

/** The query parameter carrying where to go after login (set when a 401 sends the user to login). */
export { REDIRECT_PARAM };

export function useAuthCalls() {
  const { api, storage } = useServices();
  return useMemo(() => createAuthCalls(api, storage.getRefreshToken), [api, storage]);
}

/** Shows the message for a failed auth call unless the API client already showed one. */
export function useAuthFailureToast(): (error: unknown) => void {
  const errorMessage = useErrorMessage();
  return (error) => {
    const name = authFailureMessage(error);
    if (name) Toast.show({ content: errorMessage(name) });
  };
}

/** After a login call returned tokens: store them, fetch the user, greet, and go back where the user was headed. */
export function useFinishLogin(): (result: LoginResult) => Promise<void> {
  const { session } = useServices();
  const { t } = useTranslation('login');
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  return async (result) => {
    await session.completeLogin(result);
    Toast.show({ icon: 'success', content: t('success') });
    navigate(safeRedirectTarget(searchParams.get(REDIRECT_PARAM), window.location.origin), { replace: true });
  };
}
