import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { DIMMED_COLOR } from './theme.ts';
import { contrastRatio, darkenUntilReadable, MIN_TEXT_CONTRAST, PAGE_BACKGROUNDS, readableColorVariables, readableShade } from './theme-contrast.ts';

describe('contrastRatio', () => {
  it('gives the WCAG figures: 21 for black on white, 1 for a colour on itself, 3.32 for Mantine gray 6', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#205dd3', '#205dd3')).toBe(1);
    expect(contrastRatio('#868e96', '#ffffff')).toBeCloseTo(3.32, 2);
  });
});

describe('darkenUntilReadable', () => {
  it('keeps a colour that already reads', () => {
    expect(darkenUntilReadable('#000000', ['#ffffff'])).toBe('#000000');
  });

  it('darkens just enough: Mantine orange 9 on orange 1 reaches 4.5:1, one step less does not', () => {
    const bg = DEFAULT_THEME.colors.orange[1];
    const dark = darkenUntilReadable(DEFAULT_THEME.colors.orange[9], [bg]);
    expect(contrastRatio(dark, bg)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    expect(contrastRatio(dark, bg)).toBeLessThan(MIN_TEXT_CONTRAST + 0.3);
  });
});

describe('readableShade', () => {
  it('takes the first shade from the start that reads on every background', () => {
    // Red 6 and 7 read at 3.3 and 3.8:1 on white, red 8 at 4.5:1.
    expect(readableShade(DEFAULT_THEME.colors.red, 6, ['#ffffff'])).toBe(DEFAULT_THEME.colors.red[8]);
  });
});

describe('readableColorVariables', () => {
  it('makes every Mantine colour readable: text on the page, white on filled, light variant text on its tint', () => {
    for (const [name, shades] of Object.entries(DEFAULT_THEME.colors)) {
      const v = readableColorVariables(name, shades, 6);
      for (const bg of PAGE_BACKGROUNDS) expect(contrastRatio(v[`--mantine-color-${name}-text`]!, bg), `${name} text on ${bg}`).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
      expect(contrastRatio(v[`--mantine-color-${name}-filled`]!, '#ffffff'), `white on ${name} filled`).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
      expect(contrastRatio(v[`--mantine-color-${name}-light-color`]!, shades[1]), `${name} light`).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
      expect(contrastRatio(v[`--mantine-color-${name}-filled-hover`]!, '#ffffff'), `white on ${name} hovered`).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    }
  });

  it("keeps a colour's own shade when it already reads (the brand blue stays #205dd3)", () => {
    const brand = ['#e8f0fd', '#d0def9', '#a3bdf2', '#729aeb', '#4a7de4', '#336be0', '#205DD3', '#1a4eb3', '#153f92', '#0f2f6e'];
    expect(readableColorVariables('brand', brand, 6)['--mantine-color-brand-filled']).toBe('#205DD3');
  });
});

describe('the dimmed gray', () => {
  it('reads at 4.5:1 on white, striped and hovered rows and the brand tint of the active navigation entry', () => {
    for (const bg of [...PAGE_BACKGROUNDS, '#e9ecef', '#e8f0fd']) expect(contrastRatio(DIMMED_COLOR, bg), bg).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
  });
});
