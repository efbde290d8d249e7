import { describe, expect, it } from 'vitest';
import { HELP_LINES, LOCALES, dialled, isHelpLineNumber } from '@bible-qa/contract';
import { carePhrase } from './care-phrases.ts';

describe('the help line', () => {
  it.each(LOCALES)('in %s dials only numbers of the checked table, each shown as it is dialled', (locale) => {
    for (const name of ['emergency', 'emergencyAgain'] as const) {
      const text = carePhrase(name, locale);
      const links = [...text.matchAll(/\[([^\]]+)\]\(tel:([^)]+)\)/g)];
      expect(links.length).toBeGreaterThan(2);
      for (const [, shown, target] of links) {
        expect(isHelpLineNumber(target!), `${locale} ${target}`).toBe(true);
        expect(dialled(shown!)).toBe(target);
      }
      // No number outside a link: every number a reader sees can be tapped.
      const bare = text.replace(/\[[^\]]+\]\(tel:[^)]+\)/g, '').match(/\d[\d ]{1,}\d/g) ?? [];
      expect(bare).toEqual([]);
    }
  });

  it('has a public source and the date it was checked for every number', () => {
    for (const line of HELP_LINES) {
      expect(line.source).toMatch(/^https:\/\//);
      expect(line.checked).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });
});
