import Checkbox from 'antd-mobile/es/components/checkbox';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The user-agreement tick box that must be ticked before login (spec §5). */
export function AgreementCheck({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  const { t } = useTranslation('login');
  return (
    <div className="form-agreement">
      <Checkbox checked={checked} onChange={onChange} data-testid="login-agreement" style={{ '--icon-size': '16px' }}>
        {t('agreement.prefix')}{' '}
      </Checkbox>
      <Link to="/service">{t('agreement.service')}</Link> {t('agreement.and')}{' '}
      <Link to="/policy">{t('agreement.policy')}</Link>
    </div>
  );
}
