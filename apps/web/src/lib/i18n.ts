import { DEFAULT_LOCALE, LOCALES, resolveLocale, type ErrorName, type Locale } from '@bible-qa/contract';
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
] as const;
export type Namespace = (typeof NAMESPACES)[number];

/**
 * What the first screen shows (the chat, its tour, the shared words): fetched at start-up. Code outside a page's
 * route uses only these; a page's route waits for the rest (app/routes.tsx), fetched once the first screen is up.
 */
export const FIRST_SCREEN_NAMESPACES = ['common', 'chat', 'tour'] as const satisfies readonly Namespace[];

/**
 * The catalogues are fetched per language, in two requests (locales/<lang>/first-screen.ts and catalogue.ts each
 * gather a language's namespaces): only the language on screen and the zh-CN fallback are loaded, the first screen's
 * before createI18n (loadCatalogues), the pages' after (loadMoreCatalogues). Tests add every catalogue at once
 * (addCatalogues).
 */
type Catalogue = Record<string, Record<string, unknown>>;
type CatalogueLoaders = Record<string, () => Promise<Catalogue>>;
const firstScreenLoaders = import.meta.glob<Catalogue>('../locales/*/first-screen.ts', { import: 'default' });
const pageLoaders = import.meta.glob<Catalogue>('../locales/*/catalogue.ts', { import: 'default' });
const loaded: Resource = {};
const instances = new Set<I18n>();
let languages: string[] = [SOURCE_LANGUAGE];
let more: Promise<void> | null = null;

/** Adds catalogues, keyed by UI language then namespace, to what is loaded and to every instance made. */
export function addCatalogues(resources: Resource): void {
  for (const [language, namespaces] of Object.entries(resources)) {
    loaded[language] = { ...loaded[language], ...namespaces };
    for (const instance of instances) {
      for (const [namespace, messages] of Object.entries(namespaces)) {
        instance.addResourceBundle(language, namespace, messages, true, true);
      }
    }
  }
}

async function fetchCatalogues(loaders: CatalogueLoaders, file: string): Promise<void> {
  const catalogues = await Promise.all(
    languages.map(async (language) => {
      const load = loaders[`../locales/${language}/${file}`];
      return [language, load ? await load() : {}] as const;
    }),
  );
  for (const [language, files] of catalogues) {
    const namespaces = Object.fromEntries(
      Object.entries(files).map(([name, messages]) => [name.replace(/^\.\/|\.json$/g, ''), messages]),
    );
    addCatalogues({ [language]: namespaces });
  }
}

/** Fetches the first screen's catalogues of a locale's language and of the zh-CN fallback. */
export async function loadCatalogues(locale: Locale = DEFAULT_LOCALE): Promise<void> {
  languages = [...new Set<string>([toUiLanguage(locale), SOURCE_LANGUAGE])];
  await fetchCatalogues(firstScreenLoaders, 'first-screen.ts');
}

/** Fetches the pages' catalogues of the same languages, once; resolves when they are there. */
export function loadMoreCatalogues(): Promise<void> {
  more ??= fetchCatalogues(pageLoaders, 'catalogue.ts').catch((error: unknown) => {
    // Offline, or a release replaced them: the next page asks again.
    more = null;
    throw error;
  });
  return more;
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
  // The pages' catalogues, fetched later, reach it too.
  instances.add(instance);
  return instance;
}

/** The contract locale of the language on screen. */
export function useLocale(): Locale {
  const { i18n } = useTranslation();
  return toLocale(i18n.language);
}

/**
 * Messages of the shared error catalogue in the language on screen, loaded with the first one needed: the catalogue
 * holds every message in five languages, which the first screen does not show (decision 0029). Pages use the
 * synchronous `useErrorMessage` of lib/error-messages.ts.
 */
export function useLaterErrorMessage(): (name: ErrorName, args?: readonly string[]) => Promise<string> {
  const locale = useLocale();
  return (name, args) => import('./error-messages.ts').then((errors) => errors.errorMessage(name, locale, args));
}

/** The wire code of an error of the catalogue, loaded like its message. */
export const laterErrorCode = (name: ErrorName): Promise<number> =>
  import('./error-messages.ts').then((errors) => errors.errorCode(name));
