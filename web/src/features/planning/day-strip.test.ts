import { describe, expect, it } from 'vitest';
import { stepDay, stepWeek, stripDays, stripLabel } from './day-strip.ts';

const day = (y: number, m: number, d: number) => new Date(y, m - 1, d);

describe('day strip', () => {
  it('shows the week of the selected day, Monday first, today marked', () => {
    const strip = stripDays(day(2026, 11, 26), day(2026, 11, 26)); // a Thursday
    expect(strip.map((d) => d.key)).toEqual(['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29']);
    expect(strip.filter((d) => d.isToday).map((d) => d.key)).toEqual(['2026-11-26']);
    expect(stripLabel(strip[0]!)).toEqual({ weekday: 'Lun', number: '23' });
  });

  it('moves a week keeping the weekday, and a day across the week and month ends', () => {
    expect(stepWeek(day(2026, 11, 26), 1)).toEqual(day(2026, 12, 3));
    expect(stepWeek(day(2026, 11, 26), -1)).toEqual(day(2026, 11, 19));
    expect(stepDay(day(2026, 11, 29), 1)).toEqual(day(2026, 11, 30));
    expect(stepDay(day(2026, 12, 1), -1)).toEqual(day(2026, 11, 30));
    // The day after Sunday opens the next week's strip.
    expect(stripDays(stepDay(day(2026, 11, 29), 1), day(2026, 11, 26))[0]!.key).toBe('2026-11-30');
  });

  it('marks no day when today is in another week', () => {
    expect(stripDays(day(2026, 12, 10), day(2026, 11, 26)).some((d) => d.isToday)).toBe(false);
  });
});
