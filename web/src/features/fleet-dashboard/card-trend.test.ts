import { describe, expect, it } from 'vitest';
import { cardTrend } from './card-trend.ts';

describe('a dashboard card trend', () => {
  it('shows nothing when unchanged or when there is nothing to compare with', () => {
    expect(cardTrend('unchanged', 'yesterday', 'more-is-good')).toBeNull();
    expect(cardTrend('up', null, 'more-is-good')).toBeNull();
  });

  it('colours the arrow by what the figure means for the fleet', () => {
    expect(cardTrend('up', 'yesterday', 'more-is-good')).toEqual({ arrow: '↑', color: 'teal', label: 'En hausse par rapport à hier' });
    expect(cardTrend('up', 'yesterday', 'more-is-bad')).toMatchObject({ arrow: '↑', color: 'red' });
    expect(cardTrend('down', 'last_month', 'more-is-bad')).toEqual({ arrow: '↓', color: 'teal', label: 'En baisse par rapport aux mêmes jours du mois dernier' });
    expect(cardTrend('down', 'last_month', 'neutral')).toMatchObject({ color: 'gray' });
  });

  it('says a count of drivers or vehicles is compared with the end of last month', () => {
    expect(cardTrend('up', 'end_of_last_month', 'neutral')).toEqual({ arrow: '↑', color: 'gray', label: 'En hausse par rapport à la fin du mois dernier' });
  });
});
