import { describe, expect, it } from 'vitest';
import { comparisonPeriod, defaultStatePeriod, lastTwelveMonths, parkToday, stateQuery, wireDay, yearsOffered } from './reporting-period.ts';

const d = (y: number, m: number, day: number) => new Date(y, m - 1, day);
const days = (p: { start: Date; end: Date }) => [p.start.toDateString(), p.end.toDateString(), p.end.getHours()];

describe('the default reporting period', () => {
  it('is the current month up to today from the 7th', () => {
    expect(days(defaultStatePeriod(d(2025, 3, 7)))).toEqual([d(2025, 3, 1).toDateString(), d(2025, 3, 7).toDateString(), 23]);
    expect(days(defaultStatePeriod(d(2025, 3, 31)))).toEqual([d(2025, 3, 1).toDateString(), d(2025, 3, 31).toDateString(), 23]);
  });

  it('is the whole previous month before the 7th, across a new year too', () => {
    expect(days(defaultStatePeriod(d(2025, 3, 6)))).toEqual([d(2025, 2, 1).toDateString(), d(2025, 2, 28).toDateString(), 23]);
    expect(days(defaultStatePeriod(d(2025, 1, 1)))).toEqual([d(2024, 12, 1).toDateString(), d(2024, 12, 31).toDateString(), 23]);
  });

  it("takes today in the park's time zone", () => {
    // 23:30 UTC on 6 March is already the 7th in Tokyo and Douala, still the 6th in New York.
    const instant = new Date('2025-03-06T23:30:00Z');
    expect(parkToday('Asia/Tokyo', instant).getDate()).toBe(7);
    expect(parkToday('Africa/Douala', instant).getDate()).toBe(7);
    expect(parkToday('America/New_York', instant).getDate()).toBe(6);
  });
});

describe('the comparison with last month', () => {
  it('maps whole months to whole months and other periods day for day, clamped', () => {
    const cmp = (s: Date, e: Date) => days(comparisonPeriod({ start: s, end: e }));
    expect(cmp(d(2025, 3, 1), d(2025, 3, 31))).toEqual([d(2025, 2, 1).toDateString(), d(2025, 2, 28).toDateString(), 23]);
    expect(cmp(d(2025, 2, 1), d(2025, 2, 28))).toEqual([d(2025, 1, 1).toDateString(), d(2025, 1, 31).toDateString(), 23]);
    expect(cmp(d(2025, 1, 1), d(2025, 1, 15))).toEqual([d(2024, 12, 1).toDateString(), d(2024, 12, 15).toDateString(), 23]);
    expect(cmp(d(2025, 3, 15), d(2025, 3, 30))).toEqual([d(2025, 2, 15).toDateString(), d(2025, 2, 28).toDateString(), 23]);
  });

  it('goes on the wire as calendar days, whatever the phone time zone', () => {
    expect(stateQuery({ start: d(2025, 3, 1), end: new Date(2025, 2, 15, 23, 59, 59, 999) }, null)).toEqual({
      start_date: '2025-03-01T00:00:00',
      end_date: '2025-03-15T23:59:59',
      start_date_last_month: '2025-02-01T00:00:00',
      end_date_last_month: '2025-02-15T23:59:59',
      groupe_id: undefined,
    });
    expect(stateQuery({ start: d(2025, 3, 1), end: d(2025, 3, 31) }, 'g-1').groupe_id).toBe('g-1');
    expect(wireDay('2025-02-28T23:59:59')).toBe('28/02/2025');
  });
});

describe('other periods', () => {
  it('offers the last 12 months to the diagram and the years from 2024 to the table', () => {
    expect(days(lastTwelveMonths(d(2025, 3, 20)))).toEqual([d(2024, 4, 1).toDateString(), d(2025, 3, 20).toDateString(), 23]);
    expect(yearsOffered(d(2026, 5, 1))).toEqual([2026, 2025, 2024]);
    expect(yearsOffered(d(2024, 5, 1))).toEqual([2024]);
  });
});
