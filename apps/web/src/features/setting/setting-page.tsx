import { EXPRESSIONS, LOCALES, VERSION_LABEL, type Expression, type Locale } from '@bible-qa/contract';
import { ActionSheet, List, Switch } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Page } from '../../components/page.tsx';
import { useLocale } from '../../lib/i18n.ts';
import { switchLanguage } from '../../lib/language.ts';
import { MEMBER_MODIFY_PATH, chooseExpression, storedExpression } from '../../lib/preferences.ts';
import { useServices } from '../../lib/services.tsx';
import { useVerifiedSession } from '../../lib/use-verified-session.ts';
import { PRIMARY_CHOICES, applyTheme, type PrimaryChoice } from '../../lib/theme.ts';
import { AccountActions } from './account-actions.tsx';
import { NewsSheet } from './news-sheet.tsx';
import { PersonalInfo } from './personal-info.tsx';
import { copyProductLink, shareProduct } from './setting-actions.ts';
import { SharedLinks } from './shared-links.tsx';
import './setting.css';
import { Toast } from '../../lib/overlays.ts';

type Sheet = 'language' | 'theme' | 'links' | 'expression' | 'news' | null;

/** /setting — the settings and "more" list of spec §2. */
export function SettingPage() {
  const { t } = useTranslation('setting');
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const locale = useLocale();
  const { api, storage, reload } = useServices();
  const { loggedIn, user } = useVerifiedSession();
  const [settings, setSettings] = useState(() => storage.getGlobalSettings());
  const [sheet, setSheet] = useState<Sheet>(null);
  // The tradition chosen here or in the tour; an account's own until then.
  const [expression, setExpression] = useState<Expression>(
    () => storedExpression(storage) ?? user?.expression ?? 'none',
  );

  function pickExpression(next: Expression) {
    setSheet(null);
    setExpression(next);
    chooseExpression(api, storage, next, loggedIn).then(
      () => Toast.show({ icon: 'success', content: t('expression.saved') }),
      () => undefined, // the API client has shown the server's message
    );
  }

  function updateAppearance(patch: { darkMode?: boolean; themeColor?: string }) {
    storage.updateGlobalSettings(patch);
    // The account keeps them too (user info holds the theme colour and dark mode); the device's choice applies now.
    if (loggedIn) void api.post(MEMBER_MODIFY_PATH, patch).catch(() => undefined);
    const next = { ...settings, ...patch };
    setSettings(next);
    applyTheme(document, { darkMode: next.darkMode, primary: next.themeColor });
  }

  function chooseLanguage(next: Locale) {
    setSheet(null);
    if (next === locale) return;
    Toast.show({ icon: 'loading', content: t('language.switching'), duration: 0 });
    switchLanguage(storage, next, reload);
  }

  return (
    <Page testId="page-setting" tone="muted">
      <List header={t('item.personalInfo')} mode="card">
        <PersonalInfo user={user} onLogin={() => navigate('/login')} />
        {loggedIn && (user?.phone || user?.email) ? (
          <List.Item
            data-testid="setting-password"
            onClick={() => navigate(`/set-pwd/${user.phone ? 'mobile' : 'mail'}`)}
          >
            {t(user.hasPassword ? 'item.changePassword' : 'item.setPassword')}
          </List.Item>
        ) : null}
      </List>

      <List header={t('group.reading')} mode="card">
        <List.Item data-testid="setting-plans" onClick={() => navigate('/plans')}>
          {t('item.plans')}
        </List.Item>
        <List.Item data-testid="setting-notes" onClick={() => navigate('/notes')}>
          {t('item.notes')}
        </List.Item>
        <List.Item data-testid="setting-export" onClick={() => navigate('/export')}>
          {t('item.export')}
        </List.Item>
      </List>

      <List header={t('group.general')} mode="card">
        <List.Item
          data-testid="setting-language"
          extra={<span data-testid="setting-language-current">{tc(`language.${locale}`)}</span>}
          onClick={() => setSheet('language')}
        >
          {t('item.language')}
        </List.Item>
        <List.Item
          extra={
            <Switch
              data-testid="setting-dark-mode"
              checked={Boolean(settings.darkMode)}
              onChange={(darkMode) => updateAppearance({ darkMode })}
            />
          }
        >
          {t('item.darkMode')}
        </List.Item>
        <List.Item
          data-testid="setting-theme-color"
          extra={
            <span className="setting-swatch" style={{ background: settings.themeColor ?? PRIMARY_CHOICES.blue }} />
          }
          onClick={() => setSheet('theme')}
        >
          {t('item.themeColor')}
        </List.Item>
        <List.Item
          data-testid="setting-expression"
          extra={<span data-testid="setting-expression-current">{t(`expression.${expression}`)}</span>}
          onClick={() => setSheet('expression')}
        >
          {t('item.expression')}
        </List.Item>
        <List.Item data-testid="setting-feedback" onClick={() => navigate('/feedback')}>
          {t('item.feedback')}
        </List.Item>
        {user?.role === 'admin' ? (
          <>
            <List.Item data-testid="setting-admin-feedback" onClick={() => navigate('/admin/feedback')}>
              {t('item.adminFeedback')}
            </List.Item>
            <List.Item data-testid="setting-admin-measures" onClick={() => navigate('/admin/measures')}>
              {t('item.adminMeasures')}
            </List.Item>
          </>
        ) : null}
        <List.Item data-testid="setting-news" onClick={() => setSheet('news')}>
          {t('item.news')}
        </List.Item>
      </List>

      <List header={t('group.about')} mode="card">
        <List.Item data-testid="setting-about" onClick={() => navigate('/about')}>
          {t('item.about')}
        </List.Item>
        <List.Item onClick={() => navigate('/help')}>{t('item.help')}</List.Item>
        <List.Item onClick={() => navigate('/service')}>{t('item.service')}</List.Item>
        <List.Item onClick={() => navigate('/policy')}>{t('item.policy')}</List.Item>
        <List.Item data-testid="setting-share" onClick={() => void shareProduct(t)}>
          {t('item.share')}
        </List.Item>
        <List.Item data-testid="setting-copy-link" onClick={() => void copyProductLink(t)}>
          {t('item.copyLink')}
        </List.Item>
        {loggedIn ? (
          <List.Item data-testid="setting-share-links" onClick={() => setSheet('links')}>
            {t('item.shareLinks')}
          </List.Item>
        ) : null}
        <List.Item extra={<span data-testid="setting-version">{VERSION_LABEL}</span>}>{t('item.version')}</List.Item>
      </List>

      {loggedIn ? <AccountActions user={user} /> : null}

      <SharedLinks open={sheet === 'links'} onClose={() => setSheet(null)} />
      <NewsSheet open={sheet === 'news'} onClose={() => setSheet(null)} />
      <ActionSheet
        visible={sheet === 'expression'}
        onClose={() => setSheet(null)}
        extra={t('expression.title')}
        cancelText={tc('common.cancel')}
        actions={EXPRESSIONS.map((value) => ({
          key: value,
          bold: value === expression,
          text: <span data-testid={`setting-expression-${value}`}>{t(`expression.${value}`)}</span>,
          onClick: () => pickExpression(value),
        }))}
      />
      <ActionSheet
        visible={sheet === 'language'}
        onClose={() => setSheet(null)}
        extra={t('language.title')}
        cancelText={tc('common.cancel')}
        actions={LOCALES.map((value) => ({
          key: value,
          bold: value === locale,
          text: <span data-testid={`setting-language-${value}`}>{tc(`language.${value}`)}</span>,
          onClick: () => chooseLanguage(value),
        }))}
      />
      <ActionSheet
        visible={sheet === 'theme'}
        onClose={() => setSheet(null)}
        extra={t('theme.title')}
        cancelText={tc('common.cancel')}
        actions={(Object.keys(PRIMARY_CHOICES) as PrimaryChoice[]).map((choice) => ({
          key: choice,
          text: (
            <span className="setting-theme-option" data-testid={`setting-theme-${choice}`}>
              <span className="setting-swatch" style={{ background: PRIMARY_CHOICES[choice] }} />
              {t(`theme.${choice}`)}
            </span>
          ),
          onClick: () => {
            setSheet(null);
            updateAppearance({ themeColor: PRIMARY_CHOICES[choice] });
          },
        }))}
      />
    </Page>
  );
}
