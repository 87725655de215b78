import { wallClockInZone } from '@flotte/contract/wire-date';
import { defaultReportingPeriod, endOfDay, startOfDay, type Period } from '../../ui/dates/periods.ts';

/**
 * The accounting state's periods. Days are the park's days: a picked day is sent as that calendar
 * day (`yyyy-MM-ddT00:00:00` to `T23:59:59`), never shifted by the phone's time zone, and the
 * server reads it in the park's zone. Pure functions, mirrored by the server's defaults.
 */

/** Today in the park (a local Date at midnight), or the phone's today without a zone. */
export function parkToday(timeZone?: string | null, now: Date = new Date()): Date {
  if (!timeZone) return startOfDay(now);
  const wall = wallClockInZone(now, timeZone);
  return new Date(Number(wall.slice(0, 4)), Number(wall.slice(5, 7)) - 1, Number(wall.slice(8, 10)));
}

/**
 * Spec 001 section 4: the current month, or the previous month before the 7th. The current month
 * stops at today: the picker allows no future day, and the comparison is then the same days of
 * last month.
 */
export function defaultStatePeriod(today: Date): Period {
  const p = defaultReportingPeriod(today);
  const todayEnd = endOfDay(today);
  return { start: p.start, end: p.end > todayEnd ? todayEnd : p.end };
}

const lastDayOf = (year: number, month: number) => new Date(year, month + 1, 0).getDate();

function monthBack(date: Date, toLastDay: boolean): Date {
  const year = date.getMonth() === 0 ? date.getFullYear() - 1 : date.getFullYear();
  const month = (date.getMonth() + 11) % 12;
  const day = toLastDay ? lastDayOf(year, month) : Math.min(date.getDate(), lastDayOf(year, month));
  return new Date(year, month, day);
}

/**
 * The same period last month: whole months map to whole months (all of February for March), other
 * periods keep their days, clamped to the shorter month (15-31 March: 15-28 February).
 */
export function comparisonPeriod(p: Period): Period {
  const whole = p.start.getDate() === 1 && p.end.getDate() === lastDayOf(p.end.getFullYear(), p.end.getMonth());
  return { start: monthBack(p.start, false), end: endOfDay(monthBack(p.end, whole)) };
}

const pad = (n: number) => String(n).padStart(2, '0');
const day = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
/** A picked day as the first or last second the server counts. */
export const wireStart = (d: Date) => `${day(d)}T00:00:00`;
export const wireEnd = (d: Date) => `${day(d)}T23:59:59`;

/** GET /accounting/state's query for a period, its comparison and a vehicle group. */
export function stateQuery(p: Period, groupId: string | null) {
  const previous = comparisonPeriod(p);
  return {
    start_date: wireStart(p.start),
    end_date: wireEnd(p.end),
    start_date_last_month: wireStart(previous.start),
    end_date_last_month: wireEnd(previous.end),
    groupe_id: groupId ?? undefined,
  };
}

/** The last 12 months up to today (the diagram's first view). */
export function lastTwelveMonths(today: Date): Period {
  return { start: new Date(today.getFullYear(), today.getMonth() - 11, 1), end: endOfDay(today) };
}

/** 'dd/MM/yyyy' of a wire date, without reading it through any time zone. */
export function wireDay(value: string): string {
  return `${value.slice(8, 10)}/${value.slice(5, 7)}/${value.slice(0, 4)}`;
}

/** Years the P&L table offers: from 2024 (spec 001 section 9) to the current one, newest first. */
export function yearsOffered(today: Date): number[] {
  const last = Math.max(today.getFullYear(), 2024);
  return Array.from({ length: last - 2024 + 1 }, (_, i) => last - i);
}
