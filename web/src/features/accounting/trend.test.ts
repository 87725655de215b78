import { describe, expect, it } from 'vitest';
import { percentChange, trendOf } from '@flotte/contract/accounting';
import { formatPercent, trendView } from './trend.ts';

describe('trends', () => {
  it('are up, down or unchanged, with the change relative to the previous amount', () => {
    expect([trendOf(120, 100), trendOf(80, 100), trendOf(100, 100)]).toEqual(['up', 'down', 'unchanged']);
    expect(percentChange(125, 100)).toBe(25);
    expect(percentChange(10_000, 18_000)).toBe(-44.44);
    // A loss that shrinks is a rise.
    expect(percentChange(-50, -100)).toBe(50);
    expect(percentChange(0, 0)).toBe(0);
    expect(percentChange(500, 0)).toBeNull();
  });

  it('show nothing when unchanged, and colour the arrow by whether the change is good news', () => {
    expect(trendView('unchanged', 'revenue')).toBeNull();
    expect(trendView('unchanged', 'expenses')).toBeNull();
    expect(trendView('up', 'revenue')).toMatchObject({ arrow: '↑', color: 'teal' });
    expect(trendView('down', 'result')).toMatchObject({ arrow: '↓', color: 'red' });
    expect(trendView('up', 'expenses')).toMatchObject({ arrow: '↑', color: 'red' });
    expect(trendView('down', 'expenses')).toMatchObject({ arrow: '↓', color: 'teal' });
  });

  it('print their percentage with a sign, nothing when there was nothing to compare with', () => {
    expect(formatPercent(25)).toBe('+25 %');
    expect(formatPercent(-44.44)).toBe('−44.44 %');
    expect(formatPercent(1234.5)).toBe('+1,234.5 %');
    expect(formatPercent(0)).toBe('0 %');
    expect(formatPercent(null)).toBe('');
  });
});
