import { describe, expect, it } from 'vitest';
import { defaultReportingPeriod, lastTwelveMonths, monthSlices, period, sameDaysLastMonth, thisAndLastMonth } from './accounting.periods.ts';

const TZ = 'Africa/Douala'; // UTC+1
const at = (iso: string) => new Date(iso);
const days = (p: { start: string; end: string }) => [p.start, p.end];

describe('reporting periods, in the park time zone', () => {
  it('default to the current month up to today from the 7th, to the whole previous month before', () => {
    expect(days(defaultReportingPeriod(TZ, at('2025-03-07T10:00:00Z')))).toEqual(['2025-03-01T00:00:00', '2025-03-07T23:59:59']);
    expect(days(defaultReportingPeriod(TZ, at('2025-03-06T10:00:00Z')))).toEqual(['2025-02-01T00:00:00', '2025-02-28T23:59:59']);
    expect(days(defaultReportingPeriod(TZ, at('2025-01-03T10:00:00Z')))).toEqual(['2024-12-01T00:00:00', '2024-12-31T23:59:59']);
    // 23:30 UTC on 6 March is already the 7th in Douala.
    expect(days(defaultReportingPeriod(TZ, at('2025-03-06T23:30:00Z')))[0]).toBe('2025-03-01T00:00:00');
  });

  it('compare whole months with whole months, and other periods day for day, clamped', () => {
    const cmp = (s: string, e: string) => days(sameDaysLastMonth(period(s, e, TZ), TZ));
    expect(cmp('2025-03-01T00:00:00', '2025-03-31T23:59:59')).toEqual(['2025-02-01T00:00:00', '2025-02-28T23:59:59']);
    expect(cmp('2024-03-01T00:00:00', '2024-03-31T23:59:59')).toEqual(['2024-02-01T00:00:00', '2024-02-29T23:59:59']);
    expect(cmp('2025-02-01T00:00:00', '2025-02-28T23:59:59')).toEqual(['2025-01-01T00:00:00', '2025-01-31T23:59:59']);
    expect(cmp('2025-01-01T00:00:00', '2025-01-31T23:59:59')).toEqual(['2024-12-01T00:00:00', '2024-12-31T23:59:59']);
    expect(cmp('2025-03-01T00:00:00', '2025-03-15T23:59:59')).toEqual(['2025-02-01T00:00:00', '2025-02-15T23:59:59']);
    expect(cmp('2025-03-15T00:00:00', '2025-03-30T23:59:59')).toEqual(['2025-02-15T00:00:00', '2025-02-28T23:59:59']);
    expect(cmp('2025-02-01T00:00:00', '2025-03-31T23:59:59')).toEqual(['2025-01-01T00:00:00', '2025-02-28T23:59:59']);
  });

  it('turn wall-clock days into instants of the park, the last second included', () => {
    const p = period('2025-03-01T00:00:00', '2025-03-31T23:59:59', TZ);
    expect(p.from.toISOString()).toBe('2025-02-28T23:00:00.000Z');
    expect(p.to.toISOString()).toBe('2025-03-31T23:00:00.000Z');
    expect(() => period('2025-03-02T00:00:00', '2025-03-01T23:59:59', TZ)).toThrow('La date de fin doit suivre la date de début');
  });

  it('cut a period at month boundaries, keeping its partial first and last months', () => {
    const slices = monthSlices(period('2025-01-15T00:00:00', '2025-03-10T23:59:59', TZ), TZ);
    expect(slices.map((s) => [s.month, s.period.start, s.period.end])).toEqual([
      ['2025-01', '2025-01-15T00:00:00', '2025-01-31T23:59:59'],
      ['2025-02', '2025-02-01T00:00:00', '2025-02-28T23:59:59'],
      ['2025-03', '2025-03-01T00:00:00', '2025-03-10T23:59:59'],
    ]);
    expect(monthSlices(lastTwelveMonths(TZ, at('2025-03-20T12:00:00Z')), TZ).map((s) => s.month)).toEqual([
      '2024-04', '2024-05', '2024-06', '2024-07', '2024-08', '2024-09', '2024-10', '2024-11', '2024-12', '2025-01', '2025-02', '2025-03',
    ]);
  });

  it('give this month so far and the whole previous month', () => {
    const { thisMonth, lastMonth } = thisAndLastMonth(TZ, at('2025-03-20T12:00:00Z'));
    expect(days(thisMonth)).toEqual(['2025-03-01T00:00:00', '2025-03-20T23:59:59']);
    expect(days(lastMonth)).toEqual(['2025-02-01T00:00:00', '2025-02-28T23:59:59']);
  });
});
