// Keeps the three theme lists in sync (themes.css tokens, themes.ts, public/theme-init.js) and checks
// WCAG-AA text contrast of every theme's token pairs.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME, THEMES, toThemeId } from './themes.ts';

const css = fs.readFileSync(path.join(import.meta.dirname, 'themes.css'), 'utf8');
const init = fs.readFileSync(path.join(import.meta.dirname, '../../public/theme-init.js'), 'utf8');

const tokens = new Map(
  [...css.matchAll(/\[data-theme='([a-z-]+)'\]\s*\{([^}]*)\}/g)].map((m) => [
    m[1] ?? '',
    Object.fromEntries(
      [...(m[2] ?? '').matchAll(/--zan-([a-z0-9-]+):\s*([^;]+);/g)].map((t) => [t[1], t[2]?.trim()]),
    ),
  ]),
);

const luminance = (hex: string) => {
  const n = parseInt(hex.slice(1), 16);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
};
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
};

describe('themes', () => {
  it('has 20 themes with unique kebab-case ids, Default Light first and default', () => {
    expect(THEMES).toHaveLength(20);
    expect(new Set(THEMES.map((t) => t.id)).size).toBe(20);
    for (const t of THEMES) expect(t.id).toMatch(/^[a-z]+(-[a-z]+)*$/);
    expect(DEFAULT_THEME).toBe('default-light');
    expect(THEMES[0]).toMatchObject({ id: 'default-light', name: 'Default Light' });
    const names = THEMES.map((t) => t.name);
    for (const n of [
      'Default Dark',
      'Midnight',
      'Nord',
      'Ocean',
      'Forest',
      'Mint',
      'Monokai',
      'Espresso',
      'Sepia',
      'Synthwave',
      'Dracula',
    ])
      expect(names).toContain(n);
  });

  it('defines every theme in themes.css with the swatch colours of themes.ts', () => {
    expect([...tokens.keys()].sort()).toEqual(THEMES.map((t) => t.id).sort());
    for (const t of THEMES) {
      const tk = tokens.get(t.id)!;
      expect(tk.scheme).toBe(t.scheme);
      for (const key of ['bg', 'surface', 'fg', 'primary', 'accent'] as const)
        expect(tk[key], `${t.id} ${key}`).toBe(t.swatches[key]);
    }
  });

  it('lists exactly the same ids in public/theme-init.js', () => {
    const list = /var ids = \[([^\]]*)\]/.exec(init)?.[1] ?? '';
    const ids = [...list.matchAll(/'([a-z-]+)'/g)].map((m) => m[1]);
    expect(ids).toEqual(THEMES.map((t) => t.id));
    expect(init).toContain("'zan.theme'");
    expect(init).toContain("var theme = 'default-light'");
  });

  it.each(THEMES.map((t) => t.id))('%s meets WCAG-AA contrast for text tokens', (id) => {
    const t = tokens.get(id)!;
    const pairs: Array<[string, string]> = [
      ['fg', 'bg'],
      ['fg', 'surface'],
      ['fg', 'surface-2'],
      ['muted', 'surface'],
      ['muted', 'bg'],
      ['primary-fg', 'primary'],
      ['danger-fg', 'danger'],
      ['primary', 'surface'],
      ['accent', 'surface'],
      ['danger', 'surface'],
      ['success', 'surface'],
      ['warning', 'surface'],
    ];
    for (const [a, b] of pairs)
      expect(contrast(t[a]!, t[b]!), `${id}: ${a} on ${b}`).toBeGreaterThanOrEqual(4.5);
  });

  it('maps unknown stored values to the default', () => {
    expect(toThemeId('nord')).toBe('nord');
    expect(toThemeId('no-such-theme')).toBe('default-light');
    expect(toThemeId(null)).toBe('default-light');
  });
});
