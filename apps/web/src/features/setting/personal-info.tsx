import { SEXES, type UserInfo } from '@bible-qa/contract';
import { ActionSheet, Dialog, Input, List } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UserText } from '../../components/user-text.tsx';
import { Toast } from '../../lib/overlays.ts';
import { useModifyProfile } from './setting.queries.ts';

/** The longest name the server keeps (contract: modifyMemberRequestSchema). */
const NAME_MAX = 64;
type Sex = UserInfo['sex'];

/** Name, gender and role of the logged-in user (spec §2 settings), name and gender editable; or the way to log in. */
export function PersonalInfo({ user, onLogin }: { user: UserInfo | null; onLogin: () => void }) {
  const { t } = useTranslation('setting');
  const { t: tc } = useTranslation();
  const modify = useModifyProfile();
  const [editing, setEditing] = useState<'name' | 'sex' | null>(null);
  const [name, setName] = useState('');
  if (!user) {
    return (
      <List.Item data-testid="setting-login" description={t('personal.guest')} onClick={onLogin}>
        {t('item.login')}
      </List.Item>
    );
  }

  function save(patch: { name?: string; sex?: Sex }) {
    setEditing(null);
    modify.mutate(patch, {
      onSuccess: () => Toast.show({ icon: 'success', content: t('personal.saved') }),
      // The API client has shown the server's message (a limited account, a name too long …).
      onError: () => undefined,
    });
  }

  return (
    <>
      <List.Item
        data-testid="setting-personal-name"
        extra={
          <span data-testid="setting-personal-name-value">
            {user.name ? <UserText text={user.name} /> : t('personal.unknown')}
          </span>
        }
        onClick={() => {
          setName(user.name);
          setEditing('name');
        }}
      >
        {t('personal.name')}
      </List.Item>
      <List.Item
        data-testid="setting-personal-sex"
        extra={<span data-testid="setting-personal-sex-value">{t(`personal.${user.sex}`)}</span>}
        onClick={() => setEditing('sex')}
      >
        {t('personal.sex')}
      </List.Item>
      <List.Item extra={user.role === 'admin' ? t('personal.admin') : t('personal.user')}>
        {t('personal.role')}
      </List.Item>

      <Dialog
        visible={editing === 'name'}
        title={t('personal.editName')}
        content={
          <Input
            data-testid="setting-name-input"
            aria-label={t('personal.name')}
            placeholder={t('personal.namePlaceholder')}
            value={name}
            maxLength={NAME_MAX}
            clearable
            autoFocus
            onChange={setName}
            onEnterPress={() => save({ name: name.trim() })}
          />
        }
        closeOnMaskClick
        onClose={() => setEditing(null)}
        actions={[
          [
            { key: 'cancel', text: tc('common.cancel'), onClick: () => setEditing(null) },
            {
              key: 'save',
              text: <span data-testid="setting-name-save">{t('personal.save')}</span>,
              bold: true,
              onClick: () => save({ name: name.trim() }),
            },
          ],
        ]}
      />
      <ActionSheet
        visible={editing === 'sex'}
        onClose={() => setEditing(null)}
        extra={t('personal.chooseSex')}
        cancelText={tc('common.cancel')}
        actions={SEXES.map((value) => ({
          key: value,
          bold: value === user.sex,
          text: (
            <span data-testid={`setting-sex-${value}`}>
              {t(`personal.${value === 'unknown' ? 'preferNot' : value}`)}
            </span>
          ),
          onClick: () => save({ sex: value }),
        }))}
      />
    </>
  );
}
