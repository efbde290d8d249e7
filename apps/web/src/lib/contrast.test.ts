import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { contrastRatio, readableTone } from './contrast.ts';
import { PRIMARY_CHOICES, THEME_TONES, primaryTones, themeCss, type ThemeMode } from './theme.ts';

/** Text at least 4.5:1 against what it sits on (WCAG 2 AA, issue 29), in both modes and with every theme colour. */
const MIN = 4.5;
const SRC = path.resolve(import.meta.dirname, '..');
const MODES = Object.keys(THEME_TONES) as ThemeMode[];

function cssFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? cssFiles(path.join(dir, entry.name))
      : entry.name.endsWith('.css')
        ? [path.join(dir, entry.name)]
        : [],
  );
}

/** Every `selector { … }` rule of the app's stylesheets, as its declarations by property. */
function rules(): { file: string; selector: string; declarations: Record<string, string> }[] {
  return cssFiles(SRC).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/([^{}]+)\{([^{}]*)\}/g)].map((match) => ({
      file: path.relative(SRC, file),
      selector: match[1]!.trim(),
      declarations: Object.fromEntries(
        match[2]!
          .split(';')
          .map((line) => line.split(':').map((part) => part.trim()))
          .filter((parts) => parts.length >= 2)
          .map(([name, ...value]) => [name!, value.join(':')]),
      ),
    })),
  );
}

describe('text contrast', () => {
  it.each(MODES)('reads every text colour at 4.5:1 on every %s surface', (mode) => {
    const { surfaces, text } = THEME_TONES[mode];
    for (const [role, colour] of Object.entries(text))
      for (const [surface, background] of Object.entries(surfaces))
        expect({ role, surface, ratio: contrastRatio(colour, background) >= MIN }).toEqual({
          role,
          surface,
          ratio: true,
        });
  });

  it.each(Object.entries(PRIMARY_CHOICES))(
    'reads the %s theme colour as text and under text in both modes',
    (_, hex) => {
      const tones = primaryTones(hex);
      for (const mode of MODES) {
        const { surfaces, onSolid } = THEME_TONES[mode];
        for (const background of Object.values(surfaces))
          expect(contrastRatio(tones[mode], background)).toBeGreaterThanOrEqual(MIN);
        // The "当前" badge, the reader's own bubble, a primary button: onSolid text on the primary fill.
        expect(contrastRatio(onSolid, tones[mode])).toBeGreaterThanOrEqual(MIN);
      }
    },
  );

  it('keeps a theme colour that already reads, and measures the pairs the issue found', () => {
    expect(primaryTones(PRIMARY_CHOICES.purple).light).toBe(PRIMARY_CHOICES.purple);
    expect(primaryTones(PRIMARY_CHOICES.green).dark).toBe(PRIMARY_CHOICES.green);
    // Before: Vant's weak grey on white and white on the green badge in dark mode.
    expect(contrastRatio('#969799', '#ffffff')).toBeCloseTo(2.92, 1);
    expect(contrastRatio('#ffffff', '#07c160')).toBeCloseTo(2.38, 1);
    expect(readableTone('#ffffff', ['#ffffff'], 'black')).not.toBe('#ffffff');
  });

  it('draws filled danger buttons with readable text in both modes', () => {
    for (const mode of MODES)
      expect(contrastRatio(THEME_TONES[mode].onSolid, THEME_TONES[mode].text.danger)).toBeGreaterThanOrEqual(MIN);
  });

  it('sets every mode variable and gives placeholders the weak grey', () => {
    const css = themeCss(PRIMARY_CHOICES.green);
    expect(css).toContain(`--adm-color-primary:${primaryTones(PRIMARY_CHOICES.green).light};`);
    expect(css).toContain(`--adm-color-primary:${primaryTones(PRIMARY_CHOICES.green).dark};`);
    expect(css).toContain(`--adm-color-text-light-solid:${THEME_TONES.dark.onSolid};`);
    expect(css).toContain('--placeholder-color:var(--adm-color-weak);');
  });

  it('puts only the on-solid colour on a primary fill, and no text in the light grey', () => {
    const offenders = rules().filter(({ declarations }) => {
      const background = declarations.background ?? declarations['background-color'] ?? '';
      const color = declarations.color ?? '';
      return (
        (background === 'var(--adm-color-primary)' && color !== '' && color !== 'var(--adm-color-text-light-solid)') ||
        color === 'var(--adm-color-light)'
      );
    });
    expect(offenders.map(({ file, selector }) => `${file} ${selector}`)).toEqual([]);
  });

  it("reads the first screen's text in both modes before the app's stylesheet loads", () => {
    const html = readFileSync(path.resolve(SRC, '../index.html'), 'utf8');
    const colour = (selector: string, property: string) => {
      const body = html.match(new RegExp(`${selector.replace(/[[\]'.-]/g, '\\$&')} \\{([^}]*)\\}`))?.[1] ?? '';
      return body.match(new RegExp(`(?:^|\\s)${property}: (#[0-9a-f]+)`))?.[1];
    };
    expect(contrastRatio(colour('.boot-text', 'color')!, '#ffffff')).toBeGreaterThanOrEqual(MIN);
    expect(contrastRatio(colour('.boot-input', 'color')!, colour('.boot-input', 'background')!)).toBeGreaterThanOrEqual(
      MIN,
    );
    const dark = "[data-prefers-color-scheme='dark']";
    expect(
      contrastRatio(colour(`${dark} .boot-text`, 'color')!, colour(`${dark} .boot-overlay`, 'background')!),
    ).toBeGreaterThanOrEqual(MIN);
    expect(
      contrastRatio(colour(`${dark} .boot-input`, 'color')!, colour(`${dark} .boot-input`, 'background')!),
    ).toBeGreaterThanOrEqual(MIN);
  });
});
