/** Google Identity Services (spec §7: scopes email, profile, openid), loaded only when the server has a client id. */
export const GOOGLE_IDENTITY_SRC = 'https://accounts.google.com/gsi/client';
/** A script that has not loaded by then is treated as blocked: Google is unavailable in the current region (§8). */
export const GOOGLE_LOAD_TIMEOUT_MS = 10_000;

export interface GoogleIdentity {
  accounts: {
    id: {
      initialize(config: {
        client_id: string;
        callback: (response: { credential?: string }) => void;
        /** Put in the ID token's nonce claim: the server accepts the token only for the attempt that issued it. */
        nonce?: string;
        ux_mode?: 'popup' | 'redirect';
        use_fedcm_for_prompt?: boolean;
      }): void;
      prompt(): void;
    };
  };
}

declare global {
  interface Window {
    google?: GoogleIdentity;
  }
}

let loading: Promise<GoogleIdentity> | null = null;

/** Loads the script once per page; rejects when it fails or takes too long (a blocked network). */
export function loadGoogleIdentity(doc: Document = document): Promise<GoogleIdentity> {
  const win = doc.defaultView;
  if (win?.google?.accounts?.id) return Promise.resolve(win.google);
  loading ??= new Promise<GoogleIdentity>((resolve, reject) => {
    const script = doc.createElement('script');
    const timer = setTimeout(() => fail(new Error('Google Identity Services timed out')), GOOGLE_LOAD_TIMEOUT_MS);
    function fail(error: Error) {
      clearTimeout(timer);
      loading = null;
      script.remove();
      reject(error);
    }
    script.src = GOOGLE_IDENTITY_SRC;
    script.async = true;
    script.onload = () => {
      clearTimeout(timer);
      const google = win?.google;
      if (google?.accounts?.id) resolve(google);
      else fail(new Error('Google Identity Services loaded without its API'));
    };
    script.onerror = () => fail(new Error('Google Identity Services could not be loaded'));
    doc.head.append(script);
  });
  return loading;
}
