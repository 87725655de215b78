import { describe, expect, it } from 'vitest';
import {
  completeRange,
  defaultReportingPeriod,
  formatPeriod,
  fromDayString,
  isFutureDay,
  periodBounds,
  presetOf,
  presetPeriod,
  toDayString,
  type DateRange,
  type Period,
  type PeriodView,
} from './periods.ts';

const day = (y: number, m: number, d: number) => new Date(y, m - 1, d);
/** A period as the dd/MM/yyyy text people read, plus a check that it spans whole days. */
function shown(period: Period | DateRange): string {
  expect(period.start?.getHours()).toBe(0);
  expect(period.start?.getMinutes()).toBe(0);
  expect(period.end?.getHours()).toBe(23);
  expect(period.end?.getMilliseconds()).toBe(999);
  return formatPeriod(period);
}

// Tuesday 18 March 2025, mid-afternoon.
const tuesday = new Date(2025, 2, 18, 15, 42);

describe('period presets', () => {
  it('Today and Tomorrow are whole days', () => {
    expect(shown(presetPeriod('Today', tuesday))).toBe('18/03/2025 – 18/03/2025');
    expect(shown(presetPeriod('Tomorrow', tuesday))).toBe('19/03/2025 – 19/03/2025');
  });

  it('Tomorrow crosses month and year ends', () => {
    expect(shown(presetPeriod('Tomorrow', day(2024, 12, 31)))).toBe('01/01/2025 – 01/01/2025');
    expect(shown(presetPeriod('Tomorrow', day(2024, 2, 28)))).toBe('29/02/2024 – 29/02/2024');
  });

  it('ThisWeek runs Monday to Sunday, Sunday belonging to the week that ends on it', () => {
    expect(shown(presetPeriod('ThisWeek', tuesday))).toBe('17/03/2025 – 23/03/2025');
    expect(shown(presetPeriod('ThisWeek', day(2025, 3, 23)))).toBe('17/03/2025 – 23/03/2025');
    expect(shown(presetPeriod('ThisWeek', day(2025, 3, 17)))).toBe('17/03/2025 – 23/03/2025');
    expect(shown(presetPeriod('ThisWeek', day(2025, 1, 1)))).toBe('30/12/2024 – 05/01/2025');
  });

  it('ThisMonth is the calendar month, leap February included', () => {
    expect(shown(presetPeriod('ThisMonth', tuesday))).toBe('01/03/2025 – 31/03/2025');
    expect(shown(presetPeriod('ThisMonth', day(2024, 2, 10)))).toBe('01/02/2024 – 29/02/2024');
    expect(shown(presetPeriod('ThisMonth', day(2025, 4, 30)))).toBe('01/04/2025 – 30/04/2025');
  });

  it('recognises which preset a range is', () => {
    expect(presetOf(presetPeriod('ThisWeek', tuesday), tuesday)).toBe('ThisWeek');
    expect(presetOf({ start: day(2025, 3, 19), end: day(2025, 3, 19) }, tuesday)).toBe('Tomorrow');
    expect(presetOf({ start: day(2025, 3, 2), end: day(2025, 3, 9) }, tuesday)).toBeNull();
    expect(presetOf({ start: null, end: null }, tuesday)).toBeNull();
  });
});

describe('defaultReportingPeriod', () => {
  it('is the previous month before the 7th', () => {
    expect(shown(defaultReportingPeriod(day(2025, 3, 1)))).toBe('01/02/2025 – 28/02/2025');
    expect(shown(defaultReportingPeriod(new Date(2025, 2, 6, 23, 59)))).toBe('01/02/2025 – 28/02/2025');
  });

  it('is the current month from the 7th', () => {
    expect(shown(defaultReportingPeriod(day(2025, 3, 7)))).toBe('01/03/2025 – 31/03/2025');
    expect(shown(defaultReportingPeriod(day(2025, 3, 31)))).toBe('01/03/2025 – 31/03/2025');
  });

  it('goes back to December of the previous year in early January', () => {
    expect(shown(defaultReportingPeriod(day(2025, 1, 3)))).toBe('01/12/2024 – 31/12/2024');
  });
});

describe('periodBounds', () => {
  it('gives the day, the Monday-to-Sunday week and the month', () => {
    expect(shown(periodBounds(tuesday, 'day'))).toBe('18/03/2025 – 18/03/2025');
    expect(shown(periodBounds(tuesday, 'week'))).toBe('17/03/2025 – 23/03/2025');
    expect(shown(periodBounds(tuesday, 'month'))).toBe('01/03/2025 – 31/03/2025');
  });

  it('refuses any other view with the spec message', () => {
    for (const view of ['year', 'hebdo', '', 'Day']) {
      expect(() => periodBounds(tuesday, view as PeriodView)).toThrow(
        "Vue non prise en charge : utilisez 'day', 'week' ou 'month'.",
      );
    }
  });
});

describe('completeRange (what Apply does)', () => {
  it('makes a lone start a one-day period', () => {
    expect(shown(completeRange({ start: day(2025, 3, 10), end: null }))).toBe('10/03/2025 – 10/03/2025');
  });

  it('keeps a range, as whole days, and puts reversed ends in order', () => {
    expect(shown(completeRange({ start: day(2025, 3, 3), end: day(2025, 3, 12) }))).toBe('03/03/2025 – 12/03/2025');
    expect(shown(completeRange({ start: day(2025, 3, 12), end: day(2025, 3, 3) }))).toBe('03/03/2025 – 12/03/2025');
  });

  it('leaves nothing picked as nothing', () => {
    expect(completeRange({ start: null, end: null })).toEqual({ start: null, end: null });
    expect(formatPeriod({ start: null, end: null })).toBe('');
  });
});

describe('day helpers', () => {
  it('tells future days from today, whatever the hour', () => {
    expect(isFutureDay(new Date(2025, 2, 18, 23, 59), tuesday)).toBe(false);
    expect(isFutureDay(new Date(2025, 2, 19, 0, 0), tuesday)).toBe(true);
    expect(isFutureDay(day(2025, 3, 17), tuesday)).toBe(false);
  });

  it('reads and writes YYYY-MM-DD as local days', () => {
    expect(toDayString(new Date(2025, 0, 5, 23, 30))).toBe('2025-01-05');
    expect(fromDayString('2025-01-05')).toEqual(day(2025, 1, 5));
    expect(fromDayString('2025-01-05 00:00:00')).toEqual(day(2025, 1, 5));
    expect(fromDayString('nope')).toBeNull();
  });
});
