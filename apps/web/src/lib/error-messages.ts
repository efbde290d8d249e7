import { errorCode, errorMessage, type ErrorName } from '@bible-qa/contract';
import { useLocale } from './i18n.ts';

/** Messages of the shared error catalogue (validation, voice, login …) in the language on screen. */
export function useErrorMessage(): (name: ErrorName, args?: readonly string[]) => string {
  const locale = useLocale();
  return (name, args) => errorMessage(name, locale, args);
}

export { errorCode, errorMessage };
