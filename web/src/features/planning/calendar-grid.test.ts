import { describe, expect, it } from 'vitest';
import { daysBetween, gridBounds, monthGrid, mondayOf, weekdayOf, weeksCovering, workWeeks } from './calendar-grid.ts';

const day = (y: number, m: number, d: number) => new Date(y, m - 1, d);
const keys = (week: { key: string }[]) => week.map((d) => d.key);

describe('month grid', () => {
  it('starts every week on Monday and pads March 2025 with the end of February and the start of April', () => {
    const weeks = monthGrid(2025, 2);
    expect(weeks).toHaveLength(6); // 1 March 2025 is a Saturday, 31 March a Monday
    expect(weeks.every((w) => w.length === 7 && w[0]!.weekday === 1 && w[6]!.weekday === 7)).toBe(true);
    expect(keys(weeks[0]!)).toEqual(['2025-02-24', '2025-02-25', '2025-02-26', '2025-02-27', '2025-02-28', '2025-03-01', '2025-03-02']);
    expect(weeks[0]!.map((d) => d.inPeriod)).toEqual([false, false, false, false, false, true, true]);
    expect(keys(weeks[5]!)).toEqual(['2025-03-31', '2025-04-01', '2025-04-02', '2025-04-03', '2025-04-04', '2025-04-05', '2025-04-06']);
    expect(weeks[5]!.filter((d) => d.inPeriod).map((d) => d.key)).toEqual(['2025-03-31']);
  });

  it('is exactly 4 weeks for a February starting on Monday, and counts leap days', () => {
    expect(monthGrid(2021, 1)).toHaveLength(4); // 1 Feb 2021 is a Monday, 28 days
    const leap = monthGrid(2024, 1).flat().filter((d) => d.inPeriod);
    expect(leap).toHaveLength(29);
    expect(leap[28]!.key).toBe('2024-02-29');
  });

  it('marks today, and crosses the year end', () => {
    const weeks = monthGrid(2024, 11, day(2024, 12, 31));
    expect(weeks.flat().filter((d) => d.isToday).map((d) => d.key)).toEqual(['2024-12-31']);
    expect(keys(weeks[weeks.length - 1]!)).toEqual(['2024-12-30', '2024-12-31', '2025-01-01', '2025-01-02', '2025-01-03', '2025-01-04', '2025-01-05']);
  });
});

describe('weeks and days', () => {
  it('numbers weekdays 1 (Monday) to 7 (Sunday) and finds the Monday of a Sunday in the week before', () => {
    expect(weekdayOf(day(2025, 3, 17))).toBe(1);
    expect(weekdayOf(day(2025, 3, 23))).toBe(7);
    expect(mondayOf(day(2025, 3, 23))).toEqual(day(2025, 3, 17));
    expect(mondayOf(day(2025, 1, 1))).toEqual(day(2024, 12, 30));
  });

  it('covers a short period with its whole weeks, and keeps only Monday to Friday for the work week', () => {
    const weeks = weeksCovering(day(2025, 3, 21), new Date(2025, 2, 25, 23, 59, 59, 999));
    expect(weeks.map((w) => w[0]!.key)).toEqual(['2025-03-17', '2025-03-24']);
    const work = workWeeks(weeks);
    expect(work.map(keys)).toEqual([
      ['2025-03-17', '2025-03-18', '2025-03-19', '2025-03-20', '2025-03-21'],
      ['2025-03-24', '2025-03-25', '2025-03-26', '2025-03-27', '2025-03-28'],
    ]);
    expect(work[1]!.map((d) => d.inPeriod)).toEqual([true, true, false, false, false]);
    expect(gridBounds(work)).toEqual({ start: day(2025, 3, 17), end: day(2025, 3, 28) });
    expect(gridBounds([])).toBeNull();
  });

  it('leaves out of the work week a week whose Monday to Friday are all outside the period', () => {
    // November 2026 starts on a Sunday: its first grid week (26-30 October) has no working day of November.
    const work = workWeeks(monthGrid(2026, 10));
    expect(work[0]!.map((d) => d.key)).toEqual(['2026-11-02', '2026-11-03', '2026-11-04', '2026-11-05', '2026-11-06']);
    expect(work).toHaveLength(5);
  });

  it('lists every day of a period, across a daylight-saving change', () => {
    const days = daysBetween(day(2025, 3, 29), new Date(2025, 3, 1, 23, 59));
    expect(days.map((d) => d.key)).toEqual(['2025-03-29', '2025-03-30', '2025-03-31', '2025-04-01']);
    expect(days.every((d) => d.inPeriod)).toBe(true);
  });
});
