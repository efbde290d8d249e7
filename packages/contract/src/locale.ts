/**
 * The five UI and message languages of the product (spec §3, §9). zh-cn is the default and the fallback. Kept free of
 * zod (the schema is in locale-schema.ts) so the web app's first load can use these without the validation library.
 */
export const LOCALES = ['zh-cn', 'zh-tw', 'en', 'es-es', 'fr-fr'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'zh-cn';

/** Reads a Locale header leniently: case, underscores and region-less forms map to a supported locale. */
export function resolveLocale(value: string | undefined | null): Locale {
  if (!value) return DEFAULT_LOCALE;
  const v = value.trim().toLowerCase().replace('_', '-');
  if ((LOCALES as readonly string[]).includes(v)) return v as Locale;
  if (v === 'zh-hant' || v === 'zh-hk' || v === 'zh-mo' || v.startsWith('zh-hant')) return 'zh-tw';
  if (v.startsWith('zh')) return 'zh-cn';
  if (v.startsWith('en')) return 'en';
  if (v.startsWith('es')) return 'es-es';
  if (v.startsWith('fr')) return 'fr-fr';
  return DEFAULT_LOCALE;
}

/** A message in every locale; the catalogue's type makes a missing translation a compile error. */
export type Localized = Record<Locale, string>;
