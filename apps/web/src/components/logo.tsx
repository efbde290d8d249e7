import { useTranslation } from 'react-i18next';
import logo from '../assets/logo.svg';
import logoSecond from '../assets/logo-second.svg';
import logoSecondZh from '../assets/logo-second-zh.svg';

/** The three logo assets (spec §9): the mark, and the wordmark in a Chinese and a Latin variant. */
export function Logo({ variant = 'mark', className }: { variant?: 'mark' | 'wordmark'; className?: string }) {
  const { t, i18n } = useTranslation();
  const source = variant === 'mark' ? logo : i18n.language === 'zh-CN' ? logoSecondZh : logoSecond;
  return <img className={className} src={source} alt={t('app.logoAlt')} />;
}
