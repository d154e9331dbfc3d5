// WCAG 2.2 AA contrast of every theme (issue 11): every text / background pair the design system draws
// with the theme tokens, tinted backgrounds (`bg-success/10 text-success` badges, alerts, pills) included,
// at 4.5:1, and UI parts (input borders, focus rings, icons on tints) at 3:1.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { THEMES } from './themes.ts';

const css = fs.readFileSync(path.join(import.meta.dirname, 'themes.css'), 'utf8');
const tokensOf = (id: string): Record<string, string> => {
  const block = new RegExp(`\\[data-theme='${id}'\\]\\s*\\{([^}]*)\\}`).exec(css)?.[1] ?? '';
  return Object.fromEntries(
    [...block.matchAll(/--zan-([a-z0-9-]+):\s*([^;]+);/g)].map((t) => [t[1], t[2]!.trim()]),
  );
};

type Rgb = [number, number, number];
const rgb = (hex: string): Rgb => {
  const n = parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
};
/** `bg-x/NN` over a backdrop: the browser composites the colour at NN% opacity in sRGB. */
const over = (top: Rgb, alpha: number, under: Rgb): Rgb =>
  top.map((c, i) => Math.round(c * alpha + under[i]! * (1 - alpha))) as Rgb;
const luminance = ([r, g, b]: Rgb) => {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
};
export const contrast = (a: Rgb, b: Rgb) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
};

const TONES = ['primary', 'accent', 'success', 'warning', 'danger'] as const;
const PLANES = ['bg', 'surface', 'surface-2'] as const;
/** The strongest tint behind tone-coloured text in the UI (badges, alerts, pills, chips: /10 and /12). */
const TEXT_TINT = 0.12;
/** The strongest tint behind tone-coloured icons (the MCQ and Complete! marks: /15, /20). */
const ICON_TINT = 0.2;

type Pair = { what: string; fg: Rgb; bg: Rgb; min: number };

function pairsOf(id: string): Pair[] {
  const t = tokensOf(id);
  const c = (k: string) => {
    if (!t[k]) throw new Error(`${id} has no --zan-${k}`);
    return rgb(t[k]);
  };
  const pairs: Pair[] = [];
  const text = (what: string, fg: Rgb, bg: Rgb) => pairs.push({ what, fg, bg, min: 4.5 });
  const part = (what: string, fg: Rgb, bg: Rgb) => pairs.push({ what, fg, bg, min: 3 });
  for (const plane of PLANES) {
    text(`fg on ${plane}`, c('fg'), c(plane));
    text(`muted on ${plane}`, c('muted'), c(plane));
    for (const tone of TONES) {
      // Links, counts, status words in a tone colour.
      text(`${tone} on ${plane}`, c(tone), c(plane));
      // Badges, alerts, pills and active chips: tone text on its own tint.
      text(`${tone} on ${tone}/12 over ${plane}`, c(tone), over(c(tone), TEXT_TINT, c(plane)));
      // Icons in a tinted tile (non-text: 3:1).
      part(`${tone} icon on ${tone}/20 over ${plane}`, c(tone), over(c(tone), ICON_TINT, c(plane)));
      // Focus ring (primary) and tone-coloured borders of controls.
      part(`${tone} outline next to ${plane}`, c(tone), c(plane));
    }
    text(`fg on primary/10 over ${plane}`, c('fg'), over(c('primary'), 0.1, c(plane)));
    // Input borders (fields use the muted colour for their border).
    part(`muted field border on ${plane}`, c('muted'), c(plane));
  }
  text('primary-fg on primary', c('primary-fg'), c('primary'));
  text('danger-fg on danger', c('danger-fg'), c('danger'));
  return pairs;
}

describe('theme contrast (WCAG 2.2 AA)', () => {
  it('covers the 20 themes', () => expect(THEMES).toHaveLength(20));

  it.each(THEMES.map((t) => t.id))('%s: every text and UI-part pair meets its ratio', (id) => {
    const failures = pairsOf(id)
      .map((p) => ({ ...p, ratio: contrast(p.fg, p.bg) }))
      .filter((p) => p.ratio < p.min)
      .map((p) => `${p.what}: ${p.ratio.toFixed(2)} < ${p.min}`);
    expect(failures).toEqual([]);
  });

  it('computes known ratios', () => {
    expect(contrast(rgb('#000000'), rgb('#ffffff'))).toBeCloseTo(21, 5);
    expect(contrast(rgb('#767676'), rgb('#ffffff'))).toBeCloseTo(4.54, 2);
    expect(over(rgb('#000000'), 0.5, rgb('#ffffff'))).toEqual([128, 128, 128]);
  });
});
