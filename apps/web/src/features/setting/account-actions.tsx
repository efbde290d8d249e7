import { ROOT_REDIRECT, type UserInfo } from '@bible-qa/contract';
import { Button, Checkbox, Input, Popup } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Dialog, Toast } from '../../lib/overlays.ts';
import { normalizeCode } from '../../lib/account.ts';
import { createAuthCalls } from '../../lib/auth-calls.ts';
import { useServices } from '../../lib/services.tsx';
import { useCountdown } from '../../lib/use-countdown.ts';
import { useDeregister } from './setting.queries.ts';

/** What deregistration erases, in the order the confirmation lists it (decision 0033). */
const ERASED = ['account', 'conversations', 'feedback', 'shares', 'profile'] as const;

/** Logout, and deleting the account (spec §4: "deregistration is allowed at any time"), for a logged-in user. */
export function AccountActions({ user }: { user: UserInfo | null }) {
  const { t } = useTranslation('setting');
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const { api, storage, session, reload } = useServices();
  const deregister = useDeregister();
  const [deleting, setDeleting] = useState(false);
  const [understood, setUnderstood] = useState(false);
  // Before the account goes, the owner shows it is them (decision 0033): the password, or a code to their own contact.
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const countdown = useCountdown();
  const contact = user?.phone
    ? ({ mode: 'mobile', account: user.phone } as const)
    : user?.email
      ? ({ mode: 'mail', account: user.email } as const)
      : null;
  const proofGiven = Boolean(password) || Boolean(code.trim()) || (!user?.hasPassword && !contact);

  async function confirmLogout() {
    if (!(await Dialog.confirm({ content: t('logout.confirm') }))) return;
    session.logout(reload);
    Toast.show({ content: t('logout.done') });
  }

  function close() {
    setDeleting(false);
    setUnderstood(false);
    setPassword('');
    setCode('');
  }

  async function sendCode() {
    if (!contact) return;
    try {
      const wait = await createAuthCalls(api, storage.getRefreshToken).sendCode(
        contact.mode,
        contact.account,
        'deregister',
      );
      // The button's countdown says the code is on its way.
      countdown.start(wait);
    } catch {
      // The API client has shown the server's message.
    }
  }

  function deleteAccount() {
    const proof = password
      ? { password }
      : code.trim() && contact
        ? { mode: contact.mode, code: normalizeCode(code) }
        : {};
    deregister.mutate(proof, {
      onSuccess: async () => {
        close();
        Toast.show({ icon: 'success', content: t('deregister.done') });
        // The reload must come after the landing is the address (a busy phone would otherwise reload the settings).
        await navigate(ROOT_REDIRECT, { replace: true });
        session.forget(reload);
      },
      // The API client has shown the server's message; the account is still there.
      onError: () => undefined,
    });
  }

  const account = user?.email ?? user?.phone ?? t('deregister.thisAccount');
  return (
    <div className="setting-logout">
      <Button block color="danger" fill="outline" data-testid="setting-logout" onClick={() => void confirmLogout()}>
        {t('item.logout')}
      </Button>
      <Button
        block
        fill="none"
        size="small"
        className="setting-deregister"
        data-testid="setting-deregister"
        onClick={() => setDeleting(true)}
      >
        {t('item.deregister')}
      </Button>
      <Popup
        visible={deleting}
        onMaskClick={close}
        onClose={close}
        bodyClassName="setting-deregister-popup"
        destroyOnClose
      >
        <section
          className="setting-deregister-sheet"
          data-testid="setting-deregister-sheet"
          aria-labelledby="deregister-title"
        >
          <h2 id="deregister-title">{t('deregister.title')}</h2>
          <p>{t('deregister.intro', { account })}</p>
          <ul data-testid="setting-deregister-erased">
            {ERASED.map((item) => (
              <li key={item}>{t(`deregister.erased.${item}`)}</li>
            ))}
          </ul>
          <p className="setting-deregister-kept" data-testid="setting-deregister-kept">
            {t('deregister.kept')}
          </p>
          <div className="setting-deregister-proof" data-testid="setting-deregister-proof">
            <p>{user?.hasPassword || contact ? t('deregister.proof') : t('deregister.proofFresh')}</p>
            {user?.hasPassword && (
              <Input
                type="password"
                value={password}
                onChange={setPassword}
                placeholder={t('deregister.passwordPlaceholder')}
                aria-label={t('deregister.password')}
                data-testid="setting-deregister-password"
              />
            )}
            {contact && (
              <div className="setting-deregister-code">
                <Input
                  value={code}
                  onChange={setCode}
                  inputMode="numeric"
                  maxLength={12}
                  placeholder={t('deregister.codePlaceholder')}
                  aria-label={t('deregister.code')}
                  data-testid="setting-deregister-code"
                />
                <Button
                  size="small"
                  disabled={countdown.remaining > 0}
                  data-testid="setting-deregister-send"
                  onClick={() => void sendCode()}
                >
                  {countdown.remaining > 0
                    ? t('deregister.resend', { seconds: countdown.remaining })
                    : t('deregister.sendCode')}
                </Button>
              </div>
            )}
          </div>
          <Checkbox
            checked={understood}
            onChange={setUnderstood}
            data-testid="setting-deregister-understood"
            style={{ '--icon-size': '18px', '--font-size': '14px' }}
          >
            {t('deregister.understood')}
          </Checkbox>
          <div className="setting-deregister-buttons">
            <Button block onClick={close} data-testid="setting-deregister-cancel">
              {tc('common.cancel')}
            </Button>
            <Button
              block
              color="danger"
              disabled={!understood || !proofGiven}
              loading={deregister.isPending}
              data-testid="setting-deregister-confirm"
              onClick={deleteAccount}
            >
              {t('deregister.confirm')}
            </Button>
          </div>
        </section>
      </Popup>
    </div>
  );
}
