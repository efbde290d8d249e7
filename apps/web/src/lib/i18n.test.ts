import { describe, expect, it } from 'vitest';
import { LOCALES } from '@bible-qa/contract';
import { resources } from './i18n-catalogues.ts';
import { FIRST_SCREEN_NAMESPACES, NAMESPACES, SOURCE_LANGUAGE, UI_LANGUAGES, createI18n } from './i18n.ts';

function keysOf(value: unknown, prefix = ''): string[] {
  if (!value || typeof value !== 'object') return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key));
}

const source = resources[SOURCE_LANGUAGE] ?? {};

const firstScreen = import.meta.glob<Record<string, unknown>>('../locales/*/first-screen.ts', {
  eager: true,
  import: 'default',
});
const pages = import.meta.glob<Record<string, unknown>>('../locales/*/catalogue.ts', {
  eager: true,
  import: 'default',
});
const namespacesOf = (files: Record<string, unknown> | undefined) =>
  Object.keys(files ?? {})
    .map((file) => file.replace(/^\.\/|\.json$/g, ''))
    .sort();

describe('locale catalogues', () => {
  it.each(Object.values(UI_LANGUAGES))(
    '%s: the first screen gets its namespaces at start-up, the pages the others after',
    (language) => {
      const early = namespacesOf(firstScreen[`../locales/${language}/first-screen.ts`]);
      const later = namespacesOf(pages[`../locales/${language}/catalogue.ts`]);
      expect(early).toEqual([...FIRST_SCREEN_NAMESPACES].sort());
      expect([...early, ...later].sort()).toEqual([...NAMESPACES].sort());
    },
  );

  it('ship one catalogue per contract locale, each with every namespace', () => {
    expect(Object.keys(resources).sort()).toEqual(Object.values(UI_LANGUAGES).sort());
    for (const language of Object.values(UI_LANGUAGES)) {
      expect(Object.keys(resources[language] ?? {}).sort()).toEqual([...NAMESPACES].sort());
    }
  });

  it.each(Object.values(UI_LANGUAGES).filter((l) => l !== SOURCE_LANGUAGE))('%s holds every zh-CN key', (language) => {
    for (const namespace of NAMESPACES) {
      const expected = keysOf(source[namespace]);
      const actual = new Set(keysOf(resources[language]?.[namespace]));
      expect(
        expected.filter((key) => !actual.has(key)),
        `${language}/${namespace}`,
      ).toEqual([]);
    }
  });

  it.each(Object.values(UI_LANGUAGES))('%s has no empty messages', (language) => {
    for (const namespace of NAMESPACES) {
      const walk = (value: unknown): string[] =>
        typeof value === 'string' ? [value] : Object.values(value as object).flatMap(walk);
      expect(walk(resources[language]?.[namespace]).filter((m) => !m.trim())).toEqual([]);
    }
  });

  it('translates the app title into each language', () => {
    const titles = LOCALES.map((locale) => createI18n(locale).t('app.title'));
    expect(titles[0]).toBe('圣经问答助手');
    expect(new Set(titles).size).toBe(LOCALES.length);
  });
});
