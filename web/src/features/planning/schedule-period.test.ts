import { describe, expect, it } from 'vitest';
import { formatPeriod, presetPeriod, type Period } from '../../ui/dates/periods.ts';
import { defaultViewPeriod, isScheduleView, periodFits, isWholeMonth, periodLength, periodQuery, periodTitle, shiftPeriod, shownDays, weekPeriod } from './schedule-period.ts';

const day = (y: number, m: number, d: number) => new Date(y, m - 1, d);
const end = (y: number, m: number, d: number) => new Date(y, m - 1, d, 23, 59, 59, 999);
const tuesday = new Date(2025, 2, 18, 15, 42);

describe('schedule period', () => {
  it('opens each view on its own period: the month, the week, today onwards', () => {
    expect(formatPeriod(defaultViewPeriod('month', tuesday))).toBe('01/03/2025 – 31/03/2025');
    expect(formatPeriod(defaultViewPeriod('month', day(2025, 3, 2)))).toBe('01/03/2025 – 31/03/2025');
    expect(formatPeriod(defaultViewPeriod('work_week', tuesday))).toBe('17/03/2025 – 23/03/2025');
    expect(formatPeriod(defaultViewPeriod('agenda', tuesday))).toBe('18/03/2025 – 31/03/2025');
    expect(defaultViewPeriod('agenda', tuesday).start.getHours()).toBe(0);
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

  it('shows every day of the period, or Monday to Friday for the work week', () => {
    const twoWeeks: Period = { start: day(2025, 3, 17), end: end(2025, 3, 30) };
    expect(shownDays(twoWeeks, 'month', tuesday)).toHaveLength(14);
    const work = shownDays(twoWeeks, 'work_week', tuesday);
    expect(work.map((d) => d.key)).toEqual(['2025-03-17', '2025-03-18', '2025-03-19', '2025-03-20', '2025-03-21', '2025-03-24', '2025-03-25', '2025-03-26', '2025-03-27', '2025-03-28']);
    expect(work.filter((d) => d.isToday).map((d) => d.key)).toEqual(['2025-03-18']);
  });

  it('reads the phone’s day in its Monday-to-Sunday week, and caps a read at 93 days', () => {
    expect(periodQuery(weekPeriod(day(2025, 3, 23)))).toEqual({ start_date: '2025-03-17', end_date: '2025-03-23' });
    expect(periodFits({ start: day(2025, 1, 1), end: end(2025, 4, 3) })).toBe(true);
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
