// The 20 themes as typed data (ids, names, swatches) for the picker and the provider; the tokens
// themselves live in themes.css and public/theme-init.js knows the ids (themes.test.ts keeps all in sync).
type ThemeSwatches = { bg: string; surface: string; fg: string; primary: string; accent: string };
export type ThemeInfo = { id: string; name: string; scheme: 'light' | 'dark'; swatches: ThemeSwatches };

export const THEMES = [
  {
    id: 'default-light',
    name: 'Default Light',
    scheme: 'light',
    swatches: { bg: '#f6f7f9', surface: '#ffffff', fg: '#111827', primary: '#0f6e66', accent: '#4f46e5' },
  },
  {
    id: 'default-dark',
    name: 'Default Dark',
    scheme: 'dark',
    swatches: { bg: '#0b0f14', surface: '#131a22', fg: '#e6ebf1', primary: '#2dd4bf', accent: '#8590f8' },
  },
  {
    id: 'midnight',
    name: 'Midnight',
    scheme: 'dark',
    swatches: { bg: '#060a18', surface: '#0d1428', fg: '#e3e8f7', primary: '#7aa2ff', accent: '#c4a1ff' },
  },
  {
    id: 'nord',
    name: 'Nord',
    scheme: 'dark',
    swatches: { bg: '#2e3440', surface: '#3b4252', fg: '#eceff4', primary: '#bad9e9', accent: '#e2cfdc' },
  },
  {
    id: 'ocean',
    name: 'Ocean',
    scheme: 'dark',
    swatches: { bg: '#071a2b', surface: '#0c2439', fg: '#e2f1fb', primary: '#38bdf8', accent: '#5eead4' },
  },
  {
    id: 'forest',
    name: 'Forest',
    scheme: 'dark',
    swatches: { bg: '#0d1710', surface: '#142118', fg: '#e4efe4', primary: '#7ccf8a', accent: '#e0c36a' },
  },
  {
    id: 'mint',
    name: 'Mint',
    scheme: 'light',
    swatches: { bg: '#effaf5', surface: '#ffffff', fg: '#0e2a20', primary: '#04704f', accent: '#0e6a86' },
  },
  {
    id: 'monokai',
    name: 'Monokai',
    scheme: 'dark',
    swatches: { bg: '#1e1f1c', surface: '#272822', fg: '#f8f8f2', primary: '#a6e22e', accent: '#66d9ef' },
  },
  {
    id: 'espresso',
    name: 'Espresso',
    scheme: 'dark',
    swatches: { bg: '#1a1411', surface: '#231b17', fg: '#f1e7dc', primary: '#d9a066', accent: '#e7b8a2' },
  },
  {
    id: 'sepia',
    name: 'Sepia',
    scheme: 'light',
    swatches: { bg: '#f4ecd8', surface: '#fbf6ea', fg: '#3b2f20', primary: '#884a1c', accent: '#65527a' },
  },
  {
    id: 'synthwave',
    name: 'Synthwave',
    scheme: 'dark',
    swatches: { bg: '#1a1030', surface: '#241640', fg: '#f5ecff', primary: '#ff5fc6', accent: '#36f9f6' },
  },
  {
    id: 'dracula',
    name: 'Dracula',
    scheme: 'dark',
    swatches: { bg: '#21222c', surface: '#282a36', fg: '#f8f8f2', primary: '#c7a5f9', accent: '#ff8ecd' },
  },
  {
    id: 'solarized-light',
    name: 'Solarized Light',
    scheme: 'light',
    swatches: { bg: '#fdf6e3', surface: '#fffbf0', fg: '#073642', primary: '#1f6192', accent: '#5055ab' },
  },
  {
    id: 'solarized-dark',
    name: 'Solarized Dark',
    scheme: 'dark',
    swatches: { bg: '#002b36', surface: '#073642', fg: '#eee8d5', primary: '#77c4e8', accent: '#b2b6f0' },
  },
  {
    id: 'gruvbox',
    name: 'Gruvbox',
    scheme: 'dark',
    swatches: { bg: '#1d2021', surface: '#282828', fg: '#ebdbb2', primary: '#fabd2f', accent: '#8ec07c' },
  },
  {
    id: 'rose-pine',
    name: 'Rosé Pine',
    scheme: 'dark',
    swatches: { bg: '#191724', surface: '#1f1d2e', fg: '#e0def4', primary: '#ebbcba', accent: '#c4a7e7' },
  },
  {
    id: 'lavender',
    name: 'Lavender',
    scheme: 'light',
    swatches: { bg: '#f5f3ff', surface: '#ffffff', fg: '#1e1538', primary: '#6d28d9', accent: '#b41858' },
  },
  {
    id: 'sky',
    name: 'Sky',
    scheme: 'light',
    swatches: { bg: '#f0f7ff', surface: '#ffffff', fg: '#0b2540', primary: '#03659b', accent: '#702eed' },
  },
  {
    id: 'sakura',
    name: 'Sakura',
    scheme: 'light',
    swatches: { bg: '#fff5f7', surface: '#ffffff', fg: '#3a1622', primary: '#b41858', accent: '#702eed' },
  },
  {
    id: 'high-contrast',
    name: 'High Contrast',
    scheme: 'dark',
    swatches: { bg: '#000000', surface: '#0a0a0a', fg: '#ffffff', primary: '#ffd400', accent: '#5cc8ff' },
  },
] as const satisfies readonly ThemeInfo[];

export type ThemeId = (typeof THEMES)[number]['id'];
export const DEFAULT_THEME: ThemeId = 'default-light';

const ids = new Set<string>(THEMES.map((t) => t.id));
const isThemeId = (value: unknown): value is ThemeId => typeof value === 'string' && ids.has(value);
/** Any stored value → a known theme id (unknown or missing → the default). */
export const toThemeId = (value: unknown): ThemeId => (isThemeId(value) ? value : DEFAULT_THEME);
export const themeInfo = (id: ThemeId): ThemeInfo => THEMES.find((t) => t.id === id) ?? THEMES[0];
