import { DEFAULT_LOCALE, type Locale, type Localized } from './locale.ts';

/** Success messages the server sends in the envelope's msg (spec §2, §4). */
const notices = {
  reply_stopped: {
    en: 'Reply stopped for you',
    'es-es': 'Respuesta detenida',
    'fr-fr': 'Réponse arrêtée',
    'zh-cn': '已为您停止回复',
    'zh-tw': '已為您停止回覆',
  },
  guest_history: {
    en: 'Log in to keep your exploration history permanently.',
    'es-es': 'Inicie sesión para conservar su historial de exploración de forma permanente.',
    'fr-fr': 'Connectez-vous pour conserver définitivement votre historique d’exploration.',
    'zh-cn': '登录后，你的探索记录将被永久保存。',
    'zh-tw': '登入後，你的探索記錄將被永久保存。',
  },
  /** The text of a verification code by SMS or e-mail: {0} the code, {1} the minutes it stays valid. */
  verification_code_text: {
    en: 'Your verification code is {0}. It is valid for {1} minutes. Do not share it with anyone.',
    'es-es': 'Su código de verificación es {0}. Es válido durante {1} minutos. No lo comparta con nadie.',
    'fr-fr': 'Votre code de vérification est {0}. Il est valable {1} minutes. Ne le communiquez à personne.',
    'zh-cn': '您的验证码是 {0}，{1} 分钟内有效。请勿告诉他人。',
    'zh-tw': '您的驗證碼是 {0}，{1} 分鐘內有效。請勿告訴他人。',
  },
  verification_code_subject: {
    en: 'Your verification code',
    'es-es': 'Su código de verificación',
    'fr-fr': 'Votre code de vérification',
    'zh-cn': '您的验证码',
    'zh-tw': '您的驗證碼',
  },
} as const satisfies Record<string, Localized>;

export type NoticeName = keyof typeof notices;

/** A notice in a locale, with `{0}`, `{1}` … replaced by the arguments. */
export function noticeMessage(name: NoticeName, locale: Locale = DEFAULT_LOCALE, args: readonly string[] = []): string {
  const template = notices[name][locale] ?? notices[name][DEFAULT_LOCALE];
  return template.replace(/\{(\d+)\}/g, (whole, i: string) => args[Number(i)] ?? whole);
}
