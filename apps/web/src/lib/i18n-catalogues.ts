import type { Resource } from 'i18next';

/**
 * Every catalogue of every language, bundled at once: for tests and the catalogue check only. The app loads one
 * language at a time through `loadCatalogues` in i18n.ts.
 */
const catalogues = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', { eager: true, import: 'default' });

export const resources: Resource = Object.entries(catalogues).reduce<Resource>((all, [path, messages]) => {
  const [, language, namespace] = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path) ?? [];
  if (language && namespace) all[language] = { ...all[language], [namespace]: messages };
  return all;
}, {});
