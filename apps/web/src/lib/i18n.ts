import { DEFAULT_LOCALE, LOCALES, errorMessage, resolveLocale, type ErrorName, type Locale } from '@bible-qa/contract';
import i18next, { type i18n as I18n, type Resource } from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';

/** UI language tags of the catalogues (src/locales/<tag>) for each contract locale sent in the `Locale` header. */
export const UI_LANGUAGES = {
  'zh-cn': 'zh-CN',
  'zh-tw': 'zh-TW',
  en: 'en',
  'es-es': 'es-ES',
  'fr-fr': 'fr-FR',
} as const satisfies Record<Locale, string>;
export type UiLanguage = (typeof UI_LANGUAGES)[Locale];

export const SOURCE_LANGUAGE: UiLanguage = UI_LANGUAGES[DEFAULT_LOCALE];
export const NAMESPACES = [
  'common',
  'chat',
  'login',
  'setting',
  'about',
  'service',
  'policy',
  'help',
  'devotionals',
  'collections',
  'feedback',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

const catalogues = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', { eager: true, import: 'default' });

/** Every catalogue, keyed by UI language then namespace. */
export const resources: Resource = Object.entries(catalogues).reduce<Resource>((all, [path, messages]) => {
  const [, language, namespace] = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path) ?? [];
  if (language && namespace) all[language] = { ...all[language], [namespace]: messages };
  return all;
}, {});

export function toUiLanguage(locale: Locale): UiLanguage {
  return UI_LANGUAGES[locale];
}

export function toLocale(language: string | undefined): Locale {
  return resolveLocale(language);
}

/** zh-CN is both the default and the fallback (spec §3). */
export function createI18n(locale: Locale = DEFAULT_LOCALE): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources,
    lng: toUiLanguage(locale),
    fallbackLng: SOURCE_LANGUAGE,
    supportedLngs: LOCALES.map(toUiLanguage),
    ns: [...NAMESPACES],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
  return instance;
}

/** The contract locale of the language on screen. */
export function useLocale(): Locale {
  const { i18n } = useTranslation();
  return toLocale(i18n.language);
}

/** Messages of the shared error catalogue (validation, voice, login …) in the language on screen. */
export function useErrorMessage(): (name: ErrorName, args?: readonly string[]) => string {
  const locale = useLocale();
  return (name, args) => errorMessage(name, locale, args);
}
