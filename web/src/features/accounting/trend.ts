import type { TTrend } from '@flotte/contract/accounting';
import { formatAmount } from '../../ui/format.ts';

/** What a figure measures: more revenue or result is good news, more expenses is not. */
export type FigureKind = 'revenue' | 'expenses' | 'result';

export interface TrendView {
  arrow: '↑' | '↓';
  /** Mantine colour: green for good news, red for bad. */
  color: 'teal' | 'red';
  /** Read aloud and shown on hover. */
  label: string;
}

/**
 * How a trend shows beside a figure (spec 001 section 3: up, down, unchanged; unchanged shows
 * nothing). The arrow is the direction of the number; its colour says whether that is good.
 */
export function trendView(trend: TTrend, kind: FigureKind): TrendView | null {
  if (trend === 'unchanged') return null;
  const up = trend === 'up';
  const good = kind === 'expenses' ? !up : up;
  return { arrow: up ? '↑' : '↓', color: good ? 'teal' : 'red', label: up ? 'En hausse par rapport à la période précédente' : 'En baisse par rapport à la période précédente' };
}

/** '+25 %', '−44.44 %', '0 %'; nothing when there was nothing to compare with. */
export function formatPercent(percentage: number | null): string {
  if (percentage === null) return '';
  if (percentage === 0) return '0 %';
  const sign = percentage > 0 ? '+' : '−';
  return `${sign}${formatAmount(Math.abs(percentage))} %`;
}
