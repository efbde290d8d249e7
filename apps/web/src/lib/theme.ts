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

/** Primary colours offered by the theme-colour setting; the first is Vant's own primary. */
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

const LIGHT_VARIABLES: Record<string, string> = {
  '--adm-color-text': THEME_COLORS.text,
  '--adm-color-text-secondary': THEME_COLORS.textSecondary,
  '--adm-color-weak': THEME_COLORS.weak,
  '--adm-color-light': THEME_COLORS.light,
  '--adm-color-border': THEME_COLORS.border,
  '--adm-color-box': THEME_COLORS.box,
  '--adm-color-background': THEME_COLORS.background,
  '--app-color-page': THEME_COLORS.page,
};

const BRAND_VARIABLES: Record<string, string> = {
  '--adm-color-primary': THEME_COLORS.primary,
  '--adm-color-success': THEME_COLORS.success,
  '--adm-color-danger': THEME_COLORS.danger,
  '--adm-color-warning': THEME_COLORS.warning,
  '--adm-font-size-main': '14px',
  '--adm-popup-z-index': String(POPUP_Z_INDEX_BASE),
  '--adm-mask-z-index': String(POPUP_Z_INDEX_BASE),
  '--adm-center-popup-z-index': String(POPUP_Z_INDEX_BASE),
  '--adm-dialog-z-index': String(POPUP_Z_INDEX_BASE),
  '--adm-modal-z-index': String(POPUP_Z_INDEX_BASE),
  '--adm-popover-z-index': String(POPUP_Z_INDEX_BASE + 30),
};

function block(selector: string, variables: Record<string, string>): string {
  return `${selector}{${Object.entries(variables)
    .map(([name, value]) => `${name}:${value};`)
    .join('')}}`;
}

/**
 * The theme stylesheet. `:root:root` outranks antd-mobile's own `:root` defaults whatever the load order; the light
 * surface colours step aside in dark mode so antd-mobile's dark theme applies.
 */
export function themeCss(): string {
  return [
    block(':root:root', BRAND_VARIABLES),
    block(":root:not([data-prefers-color-scheme='dark'])", LIGHT_VARIABLES),
    block(":root[data-prefers-color-scheme='dark']", { '--app-color-page': '#000' }),
  ].join('\n');
}

export function applyTheme(doc: Document, options: { darkMode?: boolean; primary?: string } = {}): void {
  let style = doc.getElementById('app-theme');
  if (!style) {
    style = doc.createElement('style');
    style.id = 'app-theme';
    doc.head.appendChild(style);
  }
  style.textContent = themeCss();
  const root = doc.documentElement;
  if (options.darkMode) root.setAttribute('data-prefers-color-scheme', 'dark');
  else root.removeAttribute('data-prefers-color-scheme');
  if (options.primary) root.style.setProperty('--adm-color-primary', options.primary);
  else root.style.removeProperty('--adm-color-primary');
}
