import type { TTrend } from '@flotte/contract/accounting';
import type { TComparedWith } from '@flotte/contract/fleet-dashboard';

/**
 * How a dashboard card's trend shows (spec 001 section 3: up, down, unchanged; unchanged shows
 * nothing). The arrow is the direction of the number; its colour says whether that is good news
 * for the fleet: more uncollected receipts or deleted recipes is bad, more collected is good, a
 * count of drivers or vehicles is neither.
 */
export type TrendMeaning = 'more-is-good' | 'more-is-bad' | 'neutral';

export interface CardTrendView {
  arrow: '↑' | '↓';
  color: 'teal' | 'red' | 'gray';
  label: string;
}

const SINCE: Record<TComparedWith, string> = {
  yesterday: 'par rapport à hier',
  last_month: 'par rapport aux mêmes jours du mois dernier',
  end_of_last_month: 'par rapport à la fin du mois dernier',
};

export function cardTrend(trend: TTrend, comparedWith: TComparedWith | null, meaning: TrendMeaning): CardTrendView | null {
  if (trend === 'unchanged' || !comparedWith) return null;
  const up = trend === 'up';
  const color = meaning === 'neutral' ? 'gray' : (meaning === 'more-is-good') === up ? 'teal' : 'red';
  return { arrow: up ? '↑' : '↓', color, label: `${up ? 'En hausse' : 'En baisse'} ${SINCE[comparedWith]}` };
}
