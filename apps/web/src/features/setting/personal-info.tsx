import type { UserInfo } from '@bible-qa/contract';
import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { UserText } from '../../components/user-text.tsx';

/** Name, gender and role of the logged-in user (spec §2 settings), or the way to log in. */
export function PersonalInfo({ user, onLogin }: { user: UserInfo | null; onLogin: () => void }) {
  const { t } = useTranslation('setting');
  if (!user) {
    return (
      <List.Item data-testid="setting-login" description={t('personal.guest')} onClick={onLogin}>
        {t('item.login')}
      </List.Item>
    );
  }
  const sex =
    user.sex === 'male' ? t('personal.male') : user.sex === 'female' ? t('personal.female') : t('personal.unknown');
  return (
    <>
      <List.Item
        data-testid="setting-personal-name"
        extra={user.name ? <UserText text={user.name} /> : t('personal.unknown')}
      >
        {t('personal.name')}
      </List.Item>
      <List.Item extra={sex}>{t('personal.sex')}</List.Item>
      <List.Item extra={user.role === 'admin' ? t('personal.admin') : t('personal.user')}>
        {t('personal.role')}
      </List.Item>
    </>
  );
}
