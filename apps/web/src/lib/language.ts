import { LANGUAGE_SWITCH_RELOAD_MS, type Locale } from '@bible-qa/contract';
import type { AppStorage } from './storage.ts';

/**
 * Stores a language and reloads after 200 ms so every screen starts in it (spec §4, §9). An explicit choice also
 * records the selection and the default-language flag, so the edition's default language never overrides it.
 */
export function switchLanguage(
  storage: AppStorage,
  locale: Locale,
  reload: () => void,
  options: { explicit: boolean } = { explicit: true },
): ReturnType<typeof setTimeout> {
  storage.updateGlobalSettings({ language: locale });
  storage.setDefaultLanguageFlag();
  if (options.explicit) storage.setCache('languageSelection', locale);
  return setTimeout(reload, LANGUAGE_SWITCH_RELOAD_MS);
}
