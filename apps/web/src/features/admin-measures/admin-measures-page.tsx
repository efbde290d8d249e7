import type { UserInfo } from '@bible-qa/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, DotLoading, ErrorBlock, Input, Tag } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../components/page.tsx';
import { useServices } from '../../lib/services.tsx';
import { useVerifiedSession } from '../../lib/use-verified-session.ts';
import { accountState, findUserQuery, measuresQuery, type AccountState } from './admin-measures.queries.ts';
import { MeasureForm } from './measure-form.tsx';
import { MeasureList } from './measure-list.tsx';
import './admin-measures.css';

const STATE_COLOR: Record<AccountState, 'success' | 'default' | 'warning' | 'danger'> = {
  normal: 'success',
  warning: 'default',
  limitation: 'warning',
  suspension: 'danger',
  lock: 'danger',
  deletion: 'danger',
};

/**
 * /admin/measures — find an account by phone or e-mail, see its state and its measures, apply one or lift one,
 * each with its reason (spec §4, §6). Admins only; the API refuses anyone else too.
 */
export function AdminMeasuresPage() {
  const { t } = useTranslation('setting');
  const { user } = useVerifiedSession();
  const [typed, setTyped] = useState('');
  const [account, setAccount] = useState('');
  if (user?.role !== 'admin') {
    return (
      <Page testId="page-admin-measures">
        <ErrorBlock
          status="disconnected"
          title={t('measures.forbidden')}
          description={null}
          data-testid="admin-measures-forbidden"
        />
      </Page>
    );
  }
  return (
    <Page testId="page-admin-measures" tone="muted">
      <form
        className="admin-measures-search"
        onSubmit={(event) => {
          event.preventDefault();
          setAccount(typed.trim());
        }}
      >
        <Input
          data-testid="admin-measures-account"
          aria-label={t('measures.account')}
          placeholder={t('measures.accountPlaceholder')}
          value={typed}
          onChange={setTyped}
          clearable
        />
        <Button type="submit" color="primary" size="small" data-testid="admin-measures-find" disabled={!typed.trim()}>
          {t('measures.find')}
        </Button>
      </form>
      {account ? (
        <FoundAccount key={account} account={account} />
      ) : (
        <p className="admin-measures-hint">{t('measures.hint')}</p>
      )}
    </Page>
  );
}

function FoundAccount({ account }: { account: string }) {
  const { t } = useTranslation('setting');
  const { api } = useServices();
  const found = useQuery({ ...findUserQuery(api, account), retry: false });
  if (found.isPending) {
    return (
      <div className="admin-measures-loading">
        <DotLoading />
      </div>
    );
  }
  if (found.isError || !found.data) {
    return (
      <ErrorBlock
        status="empty"
        title={t('measures.notFound')}
        description={t('measures.notFoundHint', { account })}
        data-testid="admin-measures-not-found"
      />
    );
  }
  return <AccountCard user={found.data} />;
}

function AccountCard({ user }: { user: UserInfo }) {
  const { t } = useTranslation('setting');
  const { api } = useServices();
  const measures = useQuery(measuresQuery(api, user.id));
  const state = accountState(measures.data ?? []);
  return (
    <>
      <section className="admin-measures-card" data-testid="admin-measures-user" data-user-id={user.id}>
        <div className="admin-measures-head">
          <strong>{user.name || t('personal.unknown')}</strong>
          <Tag color={STATE_COLOR[state]} data-testid="admin-measures-state" data-state={state}>
            {t(`measures.state.${state}`)}
          </Tag>
          {user.role === 'admin' ? <Tag color="primary">{t('personal.admin')}</Tag> : null}
        </div>
        <dl className="admin-measures-facts">
          {user.phone ? (
            <>
              <dt>{t('measures.phone')}</dt>
              <dd>{user.phone}</dd>
            </>
          ) : null}
          {user.email ? (
            <>
              <dt>{t('measures.email')}</dt>
              <dd>{user.email}</dd>
            </>
          ) : null}
          <dt>{t('measures.id')}</dt>
          <dd className="admin-measures-id">{user.id}</dd>
        </dl>
      </section>
      <MeasureForm userId={user.id} />
      <MeasureList query={measures} />
    </>
  );
}
