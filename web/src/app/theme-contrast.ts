/*
 * Text contrast for the theme (WCAG 2.1 AA: 4.5:1 for body text). Mantine's light colour scheme
 * writes coloured text in shade 6 ('teal' text is 2.6:1 on white, 'red' 3.3:1), white on filled
 * shade 6, and light badges in shade 9 on shade 1 (orange 3.6:1, yellow 2.7:1). Rather than pick a
 * shade by hand per colour, each colour's text, filled and light-variant colours are computed from
 * its own palette: the first shade that reads at 4.5:1 on the backgrounds it is shown on, or its
 * darkest shade darkened until it does.
 */

/** WCAG AA for normal-size text. */
export const MIN_TEXT_CONTRAST = 4.5;

/** The page, a striped table row and a hovered row, all of which show coloured and dimmed text. */
export const PAGE_BACKGROUNDS = ['#ffffff', '#f8f9fa', '#f1f3f5'] as const;

type Rgb = [number, number, number];

function parseHex(hex: string): Rgb {
  const h = hex.replace('#', '');
  const full = h.length === 3 ? h.replace(/./g, (c) => c + c) : h;
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as Rgb;
}

function toHex(rgb: Rgb): string {
  return `#${rgb.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;
}

/** Relative luminance as WCAG 2.1 defines it. */
function luminance(hex: string): number {
  const [r, g, b] = parseHex(hex).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The WCAG contrast ratio of two '#rrggbb' colours, from 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

function readsOn(color: string, backgrounds: readonly string[], min: number): boolean {
  return backgrounds.every((bg) => contrastRatio(color, bg) >= min);
}

/** `color` itself if it reads at `min` on every background, else `color` mixed with black just enough. */
export function darkenUntilReadable(color: string, backgrounds: readonly string[], min = MIN_TEXT_CONTRAST): string {
  const rgb = parseHex(color);
  for (let step = 0; step <= 100; step++) {
    const candidate = toHex(rgb.map((v) => (v * (100 - step)) / 100) as Rgb);
    if (readsOn(candidate, backgrounds, min)) return candidate;
  }
  return '#000000';
}

/** The first shade from `from` on that reads on every background, else the darkest one darkened. */
export function readableShade(shades: readonly string[], from: number, backgrounds: readonly string[], min = MIN_TEXT_CONTRAST): string {
  for (let i = from; i < shades.length; i++) if (readsOn(shades[i]!, backgrounds, min)) return shades[i]!;
  return darkenUntilReadable(shades[shades.length - 1]!, backgrounds, min);
}

/**
 * The light scheme's CSS variables that make one colour's text readable: text and outline on the
 * page, white text on its filled variant (and a darker hover), and the light variant's text on its
 * shade-1 background (and shade 2, a hovered light button).
 */
export function readableColorVariables(name: string, shades: readonly string[], primaryShade: number): Record<string, string> {
  const text = readableShade(shades, primaryShade, PAGE_BACKGROUNDS);
  const filled = readableShade(shades, primaryShade, ['#ffffff']);
  const filledIndex = shades.indexOf(filled);
  const filledHover = filledIndex >= 0 && filledIndex < shades.length - 1 ? shades[filledIndex + 1]! : darkenUntilReadable(filled, ['#ffffff'], contrastRatio(filled, '#ffffff') + 1);
  return {
    [`--mantine-color-${name}-text`]: text,
    [`--mantine-color-${name}-outline`]: text,
    [`--mantine-color-${name}-filled`]: filled,
    [`--mantine-color-${name}-filled-hover`]: filledHover,
    [`--mantine-color-${name}-light-color`]: darkenUntilReadable(shades[9]!, [shades[1]!, shades[2]!]),
  };
}
