import { toWireDate } from '../../platform/dates.ts';

/**
 * Calendar arithmetic on park days (`yyyy-MM-dd`, already in the park's time zone: no zone here),
 * and the buckets the revenue charts draw: months, ISO weeks (Monday first, spec 001 section 9),
 * years.
 */

const DAY_MS = 86_400_000;
const calendar = (day: string) => Date.parse(`${day}T00:00:00Z`);
const iso = (t: number) => new Date(t).toISOString().slice(0, 10);
const pad = (n: number) => String(n).padStart(2, '0');

export const addDays = (day: string, n: number) => iso(calendar(day) + n * DAY_MS);
export const daysBetween = (from: string, to: string) => Math.round((calendar(to) - calendar(from)) / DAY_MS);

/** Today in the park. */
export const parkToday = (timeZone: string, now = new Date()) => toWireDate(now, timeZone).slice(0, 10);

/** The first day of the day's month. */
export const monthStart = (day: string) => `${day.slice(0, 7)}-01`;

/** The last day of a month (`yyyy-MM`). */
export function monthEnd(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return `${month}-${pad(new Date(Date.UTC(y, m, 0)).getUTCDate())}`;
}

/** Monday of ISO week 1 of a year (the week holding 4 January). */
function isoWeekOneMonday(year: number): string {
  const jan4 = `${year}-01-04`;
  const weekday = (new Date(calendar(jan4)).getUTCDay() + 6) % 7; // 0 = Monday
  return addDays(jan4, -weekday);
}

export interface Bucket {
  key: string;
  label: string;
  start: string;
  end: string;
}

const MONTHS = ['Janv.', 'Févr.', 'Mars', 'Avr.', 'Mai', 'Juin', 'Juil.', 'Août', 'Sept.', 'Oct.', 'Nov.', 'Déc.'];

export function monthBuckets(year: number): Bucket[] {
  return MONTHS.map((label, i) => {
    const month = `${year}-${pad(i + 1)}`;
    return { key: month, label, start: `${month}-01`, end: monthEnd(month) };
  });
}

/** The ISO weeks of a year (52 or 53), Monday to Sunday. */
export function weekBuckets(year: number): Bucket[] {
  const first = isoWeekOneMonday(year);
  const next = isoWeekOneMonday(year + 1);
  const count = daysBetween(first, next) / 7;
  return Array.from({ length: count }, (_, i) => {
    const start = addDays(first, i * 7);
    return { key: `${year}-W${pad(i + 1)}`, label: `S${i + 1}`, start, end: addDays(start, 6) };
  });
}

export function yearBuckets(lastYear: number, count: number): Bucket[] {
  return Array.from({ length: count }, (_, i) => {
    const y = lastYear - count + 1 + i;
    return { key: String(y), label: String(y), start: `${y}-01-01`, end: `${y}-12-31` };
  });
}

/** Every day from `from` to `to`, inclusive. */
export function dayKeys(from: string, to: string): string[] {
  return Array.from({ length: daysBetween(from, to) + 1 }, (_, i) => addDays(from, i));
}

/** Every month (`yyyy-MM`) from `from`'s to `to`'s, inclusive. */
export function monthKeys(from: string, to: string): string[] {
  const out: string[] = [];
  const [y0, m0] = from.split('-').map(Number);
  const [y1, m1] = to.split('-').map(Number);
  for (let i = y0 * 12 + m0 - 1; i <= y1 * 12 + m1 - 1; i++) out.push(`${Math.floor(i / 12)}-${pad((i % 12) + 1)}`);
  return out;
}
