import { wallClockInZone } from '@flotte/contract';

/**
 * Calendar days as 'yyyy-MM-dd' strings, the unit subscriptions are counted in. A subscription
 * covers whole days of the park's time zone, first and last included; the arithmetic below works
 * on the calendar (UTC midnights), so no time zone or daylight change shifts a day.
 */

const DAY_MS = 86_400_000;

function toUtc(day: string): number {
  const [y, m, d] = day.split('-').map(Number);
  return Date.UTC(y, m - 1, d);
}

function fromUtc(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Today in the park's time zone (`now` is the clock: tests pass a fake one). */
export function parkToday(timeZone: string, now: Date = new Date()): string {
  return wallClockInZone(now, timeZone).slice(0, 10);
}

export function addDays(day: string, n: number): string {
  return fromUtc(toUtc(day) + n * DAY_MS);
}

/** Days from a to b, both counted: the same day is 1; b before a is 0. */
export function daysInclusive(a: string, b: string): number {
  return Math.max(0, Math.round((toUtc(b) - toUtc(a)) / DAY_MS) + 1);
}

function daysInMonth(y: number, m0: number): number {
  return new Date(Date.UTC(y, m0 + 1, 0)).getUTCDate();
}

/**
 * The last day of `months` months starting on `start`: the day before the same date that many
 * months later (2026-03-15 + 1 month ends 2026-04-14). When that date doesn't exist (a start on the
 * 31st, or the 29th to 31st before February), the period ends on the last day of that month
 * (2026-01-31 + 1 month ends 2026-02-28), so no period is shorter than the calendar month it spans.
 */
export function periodEnd(start: string, months: number): string {
  const [y, m, d] = start.split('-').map(Number);
  const total = m - 1 + months;
  const ty = y + Math.floor(total / 12);
  const tm0 = ((total % 12) + 12) % 12;
  const last = daysInMonth(ty, tm0);
  if (d > last) return fromUtc(Date.UTC(ty, tm0, last));
  return fromUtc(Date.UTC(ty, tm0, d) - DAY_MS);
}

/** Months in one period of a plan. */
export function periodMonths(period: 'monthly' | 'annual'): number {
  return period === 'annual' ? 12 : 1;
}
