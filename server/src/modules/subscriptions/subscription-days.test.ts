import { describe, expect, it } from 'vitest';
import { daysLeft } from './pricing.ts';
import { addDays, daysInclusive, parkToday, periodEnd, periodMonths } from './subscription-days.ts';

/** Calendar days of a subscription: whole days of the park's time zone, first and last included. */

describe('periodEnd', () => {
  it('ends the day before the same date a month later', () => {
    expect(periodEnd('2026-03-15', 1)).toBe('2026-04-14');
    expect(periodEnd('2026-12-01', 1)).toBe('2026-12-31');
    expect(periodEnd('2026-12-15', 1)).toBe('2027-01-14');
  });

  it('ends on the last day of a month too short for the date (Jan 31, Feb, leap years)', () => {
    expect(periodEnd('2026-01-31', 1)).toBe('2026-02-28');
    expect(periodEnd('2028-01-31', 1)).toBe('2028-02-29');
    expect(periodEnd('2026-01-29', 1)).toBe('2026-02-28');
    expect(periodEnd('2028-01-29', 1)).toBe('2028-02-28');
    expect(periodEnd('2026-03-31', 1)).toBe('2026-04-30');
  });

  it('an annual period: twelve months, across a 29 February', () => {
    expect(periodEnd('2026-11-26', 12)).toBe('2027-11-25');
    expect(periodEnd('2028-02-29', 12)).toBe('2029-02-28');
    expect(periodEnd('2027-03-01', 12)).toBe('2028-02-29');
    expect(periodMonths('annual')).toBe(12);
    expect(periodMonths('monthly')).toBe(1);
  });
});

describe('days', () => {
  it('count both ends; a day before the start is 0', () => {
    expect(daysInclusive('2026-11-01', '2026-11-30')).toBe(30);
    expect(daysInclusive('2026-11-30', '2026-11-30')).toBe(1);
    expect(daysInclusive('2026-12-01', '2026-11-30')).toBe(0);
    expect(daysInclusive('2028-02-01', '2028-02-29')).toBe(29);
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('on the last day one day is left', () => {
    expect(daysLeft({ startsOn: '2026-11-01', endsOn: '2026-11-30' }, '2026-11-30')).toBe(1);
  });

  it("today is the park's day, not UTC's", () => {
    const lateUtc = new Date('2026-11-26T23:30:00Z');
    expect(parkToday('Africa/Douala', lateUtc)).toBe('2026-11-27');
    expect(parkToday('Africa/Abidjan', lateUtc)).toBe('2026-11-26');
  });
});
