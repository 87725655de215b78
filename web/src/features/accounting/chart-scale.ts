/**
 * The scale of the P&L bars: a round top value above the largest bar (1, 2, 2.5 or 5 times a
 * power of ten) and evenly spaced ticks, so the axis reads '0, 250,000, 500,000 ...'.
 */
export function niceMax(value: number): number {
  if (!(value > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 2.5, 5, 10]) {
    if (value <= step * power) return step * power;
  }
  return 10 * power;
}

export function ticks(max: number, count = 4): number[] {
  return Array.from({ length: count + 1 }, (_, i) => (max * i) / count);
}

/** '1.2 M', '350 k', '900': axis labels short enough for a phone. */
export function compactAmount(value: number): string {
  const abs = Math.abs(value);
  const sign = value < 0 ? '−' : '';
  const trim = (n: number) => String(Math.round(n * 10) / 10);
  if (abs >= 1_000_000_000) return `${sign}${trim(abs / 1_000_000_000)} Md`;
  if (abs >= 1_000_000) return `${sign}${trim(abs / 1_000_000)} M`;
  if (abs >= 1_000) return `${sign}${trim(abs / 1_000)} k`;
  return `${sign}${trim(abs)}`;
}
