import { describe, expect, it } from 'vitest';
import { formatPeriod, presetPeriod, type Period } from '../../ui/dates/periods.ts';
import { defaultSchedulePeriod, fetchRange, isScheduleView, periodFits, isWholeMonth, periodLength, periodQuery, periodTitle, shiftPeriod, visibleRange } from './schedule-period.ts';

const day = (y: number, m: number, d: number) => new Date(y, m - 1, d);
const end = (y: number, m: number, d: number) => new Date(y, m - 1, d, 23, 59, 59, 999);
const tuesday = new Date(2025, 2, 18, 15, 42);

describe('schedule period', () => {
  it('defaults to the current month, or the previous one before the 7th (spec 000 section 4)', () => {
    expect(formatPeriod(defaultSchedulePeriod(tuesday))).toBe('01/03/2025 – 31/03/2025');
    expect(formatPeriod(defaultSchedulePeriod(day(2025, 3, 6)))).toBe('01/02/2025 – 28/02/2025');
    expect(formatPeriod(defaultSchedulePeriod(day(2025, 1, 2)))).toBe('01/12/2024 – 31/12/2024');
  });

  it('the presets give the periods the calendar shows', () => {
    expect(periodQuery(presetPeriod('Today', tuesday))).toEqual({ start_date: '2025-03-18', end_date: '2025-03-18' });
    expect(periodQuery(presetPeriod('Tomorrow', tuesday))).toEqual({ start_date: '2025-03-19', end_date: '2025-03-19' });
    expect(periodQuery(presetPeriod('ThisWeek', tuesday))).toEqual({ start_date: '2025-03-17', end_date: '2025-03-23' });
    expect(periodQuery(presetPeriod('ThisMonth', tuesday))).toEqual({ start_date: '2025-03-01', end_date: '2025-03-31' });
  });

  it('moves a whole month by a month, across the year and into February', () => {
    const january: Period = { start: day(2025, 1, 1), end: end(2025, 1, 31) };
    expect(isWholeMonth(january)).toBe(true);
    expect(formatPeriod(shiftPeriod(january, 1))).toBe('01/02/2025 – 28/02/2025');
    expect(formatPeriod(shiftPeriod(january, -1))).toBe('01/12/2024 – 31/12/2024');
    expect(shiftPeriod(january, 1).end.getHours()).toBe(23);
  });

  it('moves any other period by its own length', () => {
    const week = presetPeriod('ThisWeek', tuesday);
    expect(periodLength(week)).toBe(7);
    expect(formatPeriod(shiftPeriod(week, 1))).toBe('24/03/2025 – 30/03/2025');
    expect(formatPeriod(shiftPeriod(presetPeriod('Today', day(2025, 3, 31)), 1))).toBe('01/04/2025 – 01/04/2025');
    const tenDays: Period = { start: day(2025, 3, 1), end: end(2025, 3, 10) };
    expect(isWholeMonth(tenDays)).toBe(false);
    expect(formatPeriod(shiftPeriod(tenDays, -1))).toBe('19/02/2025 – 28/02/2025');
  });

  it('widens the grids to whole weeks, and leaves the agenda on the period', () => {
    const march: Period = { start: day(2025, 3, 1), end: end(2025, 3, 31) };
    expect(periodQuery(visibleRange(march, 'month'))).toEqual({ start_date: '2025-02-24', end_date: '2025-04-06' });
    expect(periodQuery(visibleRange(march, 'work_week'))).toEqual({ start_date: '2025-02-24', end_date: '2025-04-06' });
    expect(periodQuery(visibleRange(march, 'agenda'))).toEqual({ start_date: '2025-03-01', end_date: '2025-03-31' });
  });

  it('reads whole weeks unless that would span more than 93 days, then only the period', () => {
    const march: Period = { start: day(2025, 3, 1), end: end(2025, 3, 31) };
    expect(periodQuery(fetchRange(march, 'month'))).toEqual({ start_date: '2025-02-24', end_date: '2025-04-06' });
    const quarter: Period = { start: day(2025, 1, 1), end: end(2025, 4, 3) }; // 93 days, Wednesday to Thursday
    expect(periodFits(quarter)).toBe(true);
    expect(periodQuery(fetchRange(quarter, 'work_week'))).toEqual({ start_date: '2025-01-01', end_date: '2025-04-03' });
    expect(periodFits({ start: day(2025, 1, 1), end: end(2025, 4, 4) })).toBe(false);
  });

  it('titles a month by its French name, a day by its date, other periods by their bounds', () => {
    expect(periodTitle({ start: day(2025, 3, 1), end: end(2025, 3, 31) })).toBe('mars 2025');
    expect(periodTitle(presetPeriod('Today', tuesday))).toBe('mardi 18 mars 2025');
    expect(periodTitle(presetPeriod('ThisWeek', tuesday))).toBe('17/03/2025 – 23/03/2025');
  });

  it('accepts only the three views', () => {
    expect(['month', 'agenda', 'work_week'].every(isScheduleView)).toBe(true);
    expect(['week', '', null, 'Month'].some(isScheduleView)).toBe(false);
  });
});
