import { readableTone } from './contrast.ts';

/**
 * The UI library's defaults of spec §9 are Vant's. antd-mobile is themed to Vant's palette through its CSS variables,
 * and the behavioural defaults live here so every component reads them from one place.
 */
export const VANT_PALETTE = {
  black: '#000',
  white: '#fff',
  gray1: '#f7f8fa',
  gray2: '#f2f3f5',
  gray3: '#ebedf0',
  gray4: '#dcdee0',
  gray5: '#c8c9cc',
  gray6: '#969799',
  gray7: '#646566',
  gray8: '#323233',
  red: '#ee0a24',
  blue: '#1989fa',
  orange: '#ff976a',
  orangeDark: '#ed6a0c',
  orangeLight: '#fffbe8',
  green: '#07c160',
} as const;

export const THEME_COLORS = {
  primary: VANT_PALETTE.blue,
  success: VANT_PALETTE.green,
  danger: VANT_PALETTE.red,
  warning: VANT_PALETTE.orange,
  text: VANT_PALETTE.gray8,
  textSecondary: VANT_PALETTE.gray7,
  weak: VANT_PALETTE.gray6,
  light: VANT_PALETTE.gray5,
  border: VANT_PALETTE.gray3,
  box: VANT_PALETTE.gray2,
  background: VANT_PALETTE.white,
  page: VANT_PALETTE.gray1,
} as const;

/**
 * What the screen shows in each mode (decision 0046): Vant's surfaces, with every colour that draws text at least
 * 4.5:1 against every surface text sits on. Vant's weak grey, red and orange are darkened in light mode; antd-mobile's
 * dark weak grey is lightened. `onSolid` is the text on a filled primary or danger colour: white in light mode, black
 * in dark mode, where the primary is light enough to read as text on the dark surfaces. `tint` is antd-mobile's
 * wathet, under a chosen option's primary text (Selector).
 */
export const THEME_TONES = {
  light: {
    surfaces: { background: THEME_COLORS.background, page: THEME_COLORS.page, box: THEME_COLORS.box, tint: '#e7f1ff' },
    text: {
      text: THEME_COLORS.text,
      textSecondary: THEME_COLORS.textSecondary,
      weak: '#6c6d6e',
      danger: '#d6081f',
      warning: '#b04e09',
    },
    onSolid: VANT_PALETTE.white,
  },
  dark: {
    surfaces: { background: '#1a1a1a', page: '#000000', box: '#0a0a0a', tint: '#0d2543' },
    text: { text: '#e6e6e6', textSecondary: '#b3b3b3', weak: '#8c8c8c', danger: '#ff4a58', warning: '#ffa930' },
    onSolid: '#000000',
  },
} as const;
export type ThemeMode = keyof typeof THEME_TONES;

/** Primary colours offered by the theme-colour setting; the first is Vant's own primary. The account keeps these. */
export const PRIMARY_CHOICES = {
  blue: VANT_PALETTE.blue,
  green: VANT_PALETTE.green,
  purple: '#7232dd',
  orange: VANT_PALETTE.orangeDark,
} as const;
export type PrimaryChoice = keyof typeof PRIMARY_CHOICES;

export const TOAST_DURATION_MS = 2000;
export const POPUP_Z_INDEX_BASE = 2000;
export const PICKER_OPTION_HEIGHT = 44;
export const PICKER_VISIBLE_OPTIONS = 6;
export const SWIPE_DURATION_MS = 500;
export const TABS_SWIPE_THRESHOLD = 5;
export const BACK_TOP_OFFSET = 200;
export const BACK_TOP_THROTTLE_MS = 100;
export const PULL_REFRESH_HEAD_HEIGHT = 50;
export const PULL_REFRESH_SUCCESS_MS = 500;
export const LIST_LOAD_OFFSET = 300;
export const LAZY_LOAD_CACHE_IMAGES = 200;
export const LAZY_LOAD_ATTEMPTS = 3;
export const IMAGE_PREVIEW_MIN_ZOOM = 1 / 3;
export const IMAGE_PREVIEW_MAX_ZOOM = 3;

/** The primary colour's tone in each mode: text in it, and `onSolid` text on it, both read at 4.5:1. */
export function primaryTones(primary: string = PRIMARY_CHOICES.blue): Record<ThemeMode, string> {
  const tones = {} as Record<ThemeMode, string>;
  for (const mode of Object.keys(THEME_TONES) as ThemeMode[]) {
    const { surfaces, onSolid } = THEME_TONES[mode];
    tones[mode] = readableTone(primary, [...Object.values(surfaces), onSolid], mode === 'light' ? 'black' : 'white');
  }
  return tones;
}

function modeVariables(mode: ThemeMode, primary: string): Record<string, string> {
  const { surfaces, text, onSolid } = THEME_TONES[mode];
  return {
    '--adm-color-text': text.text,
    '--adm-color-text-secondary': text.textSecondary,
    '--adm-color-weak': text.weak,
    '--adm-color-danger': text.danger,
    '--adm-color-warning': text.warning,
    '--adm-color-primary': primary,
    '--adm-color-text-light-solid': onSolid,
    '--adm-color-background': surfaces.background,
    '--adm-color-box': surfaces.box,
    '--adm-color-wathet': surfaces.tint,
    '--app-color-page': surfaces.page,
    ...(mode === 'light'
      ? { '--adm-color-light': THEME_COLORS.light, '--adm-color-border': THEME_COLORS.border }
      : undefined),
  };
}

const BRAND_VARIABLES: Record<string, string> = {
  '--adm-color-success': THEME_COLORS.success,
  '--adm-font-size-main': '14px',
  '--adm-popup-z-index': String(POPUP_Z_INDEX_BASE),
  '--adm-mask-z-index': String(POPUP_Z_INDEX_BASE),
  '--adm-center-popup-z-index': String(POPUP_Z_INDEX_BASE),
  '--adm-dialog-z-index': String(POPUP_Z_INDEX_BASE),
  '--adm-modal-z-index': String(POPUP_Z_INDEX_BASE),
  '--adm-popover-z-index': String(POPUP_Z_INDEX_BASE + 30),
};

/** Placeholders are text too: antd-mobile draws them in its light grey (1.6:1); they take the weak grey. */
const PLACEHOLDER_VARIABLES: Record<string, string> = { '--placeholder-color': 'var(--adm-color-weak)' };

function block(selector: string, variables: Record<string, string>): string {
  return `${selector}{${Object.entries(variables)
    .map(([name, value]) => `${name}:${value};`)
    .join('')}}`;
}

/**
 * The theme stylesheet. `:root:root` outranks antd-mobile's own `:root` defaults whatever the load order, and
 * `:root[data-prefers-color-scheme='dark']` its dark theme's `html[…]`.
 */
export function themeCss(primary?: string): string {
  const tones = primaryTones(primary);
  return [
    block(':root:root', BRAND_VARIABLES),
    block(":root:not([data-prefers-color-scheme='dark'])", modeVariables('light', tones.light)),
    block(":root[data-prefers-color-scheme='dark']", modeVariables('dark', tones.dark)),
    block(':root .adm-input,:root .adm-text-area,:root .adm-search-bar', PLACEHOLDER_VARIABLES),
  ].join('\n');
}

export function applyTheme(doc: Document, options: { darkMode?: boolean; primary?: string } = {}): void {
  let style = doc.getElementById('app-theme');
  if (!style) {
    style = doc.createElement('style');
    style.id = 'app-theme';
    doc.head.appendChild(style);
  }
  style.textContent = themeCss(options.primary);
  const root = doc.documentElement;
  if (options.darkMode) root.setAttribute('data-prefers-color-scheme', 'dark');
  else root.removeAttribute('data-prefers-color-scheme');
}
