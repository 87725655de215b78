import { describe, expect, it } from 'vitest';
import { daysBetween, mondayOf, weekdayOf } from './calendar-grid.ts';

const day = (y: number, m: number, d: number) => new Date(y, m - 1, d);

describe('weeks and days', () => {
  it('numbers weekdays 1 (Monday) to 7 (Sunday) and finds the Monday of a Sunday in the week before', () => {
    expect(weekdayOf(day(2025, 3, 17))).toBe(1);
    expect(weekdayOf(day(2025, 3, 23))).toBe(7);
    expect(mondayOf(day(2025, 3, 23))).toEqual(day(2025, 3, 17));
    expect(mondayOf(day(2025, 1, 1))).toEqual(day(2024, 12, 30));
  });

  it('lists every day of a period, across a daylight-saving change', () => {
    const days = daysBetween(day(2025, 3, 29), new Date(2025, 3, 1, 23, 59));
    expect(days.map((d) => d.key)).toEqual(['2025-03-29', '2025-03-30', '2025-03-31', '2025-04-01']);
  });
});
