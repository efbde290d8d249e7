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
} as const satisfies Record<string, Localized>;

export type NoticeName = keyof typeof notices;

export function noticeMessage(name: NoticeName, locale: Locale = DEFAULT_LOCALE): string {
  return notices[name][locale] ?? notices[name][DEFAULT_LOCALE];
}
