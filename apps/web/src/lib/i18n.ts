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
  'tour',
  'feedback',
  'reader',
  'search',
  'notes',
  'plans',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

/**
 * The catalogues are fetched per language, one request each (locales/<lang>/catalogue.ts gathers a language's
 * namespaces): only the language on screen and the zh-CN fallback are loaded (loadCatalogues, before createI18n).
 * Tests add every catalogue at once (addCatalogues).
 */
const loaders = import.meta.glob<Record<string, Record<string, unknown>>>('../locales/*/catalogue.ts', {
  import: 'default',
});
const loaded: Resource = {};

/** Adds catalogues, keyed by UI language then namespace. */
export function addCatalogues(resources: Resource): void {
  for (const [language, namespaces] of Object.entries(resources))
    loaded[language] = { ...loaded[language], ...namespaces };
}

/** Fetches the catalogues of a locale's language and of the zh-CN fallback. */
export async function loadCatalogues(locale: Locale = DEFAULT_LOCALE): Promise<void> {
  const languages = [...new Set<string>([toUiLanguage(locale), SOURCE_LANGUAGE])];
  const catalogues = await Promise.all(
    languages.map(async (language) => {
      const load = loaders[`../locales/${language}/catalogue.ts`];
      return [language, load ? await load() : {}] as const;
    }),
  );
  for (const [language, files] of catalogues) {
    const namespaces = Object.fromEntries(
      Object.entries(files).map(([file, messages]) => [file.replace(/^\.\/|\.json$/g, ''), messages]),
    );
    addCatalogues({ [language]: namespaces });
  }
}

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
    resources: loaded,
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
