import { AppError } from '../../platform/errors.ts';
import { fromWireDate, toWireDate } from '../../platform/dates.ts';

/**
 * Reporting periods, reasoned about in the park's wall-clock time (a month is the park's month,
 * not UTC's) and turned into instants only to query. A period includes its first and last second;
 * queries read `[from, to)` with `to` one second after the last.
 */
export interface Period {
  /** First second, park wall-clock `yyyy-MM-ddTHH:mm:ss`. */
  start: string;
  /** Last second included. */
  end: string;
  from: Date;
  to: Date;
}

/** The day a report switches to the current month (spec 001 section 4: before the 7th, last month). */
export const REPORTING_SWITCH_DAY = 7;
/** The longest period the diagram draws, month by month. */
export const MAX_DIAGRAM_MONTHS = 36;

interface Wall {
  y: number;
  m: number; // 1-12
  d: number;
  time: string; // HH:mm:ss
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
const daysIn = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

function parseWall(wire: string): Wall {
  return { y: Number(wire.slice(0, 4)), m: Number(wire.slice(5, 7)), d: Number(wire.slice(8, 10)), time: wire.slice(11, 19) };
}
const formatWall = (w: Wall) => `${pad(w.y, 4)}-${pad(w.m)}-${pad(w.d)}T${w.time}`;

/** Months added to a wall-clock date, the day clamped to the target month (31 March - 1 = 28/29 February). */
function addMonths(w: Wall, months: number, lastDay = false): Wall {
  const index = w.y * 12 + (w.m - 1) + months;
  const y = Math.floor(index / 12);
  const m = (index % 12) + 1;
  return { y, m, d: lastDay ? daysIn(y, m) : Math.min(w.d, daysIn(y, m)), time: w.time };
}

export function period(start: string, end: string, timeZone: string): Period {
  const from = fromWireDate(start, timeZone, 'start_date');
  const last = fromWireDate(end, timeZone, 'end_date');
  if (last < from) throw new AppError('ACCOUNTING_PERIOD_INVALID');
  return { start, end, from, to: new Date(last.getTime() + 1000) };
}

/** A query's start date: a bare day starts at 00:00:00. */
export const startOf = (value: string) => (value.length === 10 ? `${value}T00:00:00` : value);
/** A query's end date: a bare day ends at 23:59:59. */
export const endOf = (value: string) => (value.length === 10 ? `${value}T23:59:59` : value);

/** Today in the park, as a wall-clock date. */
function today(timeZone: string, now: Date): Wall {
  return parseWall(toWireDate(now, timeZone));
}

function wholeMonth(y: number, m: number): { start: string; end: string } {
  return { start: `${pad(y, 4)}-${pad(m)}-01T00:00:00`, end: `${pad(y, 4)}-${pad(m)}-${pad(daysIn(y, m))}T23:59:59` };
}

/**
 * The default reporting period (spec 001 section 4): the current month, or the previous month
 * before the 7th, when last month is still being closed and is what people look at. The current
 * month stops at today: the picker allows no future dates, and comparing a month so far with the
 * same days of last month is the fair comparison.
 */
export function defaultReportingPeriod(timeZone: string, now = new Date()): Period {
  const t = today(timeZone, now);
  if (t.d < REPORTING_SWITCH_DAY) {
    const prev = addMonths({ ...t, d: 1 }, -1);
    const p = wholeMonth(prev.y, prev.m);
    return period(p.start, p.end, timeZone);
  }
  return period(`${pad(t.y, 4)}-${pad(t.m)}-01T00:00:00`, formatWall({ ...t, time: '23:59:59' }), timeZone);
}

/** The current month so far (to the end of today) and the whole previous month. */
export function thisAndLastMonth(timeZone: string, now = new Date()): { thisMonth: Period; lastMonth: Period } {
  const t = today(timeZone, now);
  const thisMonth = period(`${pad(t.y, 4)}-${pad(t.m)}-01T00:00:00`, formatWall({ ...t, time: '23:59:59' }), timeZone);
  const prev = addMonths({ ...t, d: 1 }, -1);
  const p = wholeMonth(prev.y, prev.m);
  return { thisMonth, lastMonth: period(p.start, p.end, timeZone) };
}

/**
 * The same period one month earlier. Whole months map to whole months (February for March, all of
 * it); other periods keep their days, clamped to the shorter month (15-31 March: 15-28 February).
 */
export function sameDaysLastMonth(p: Period, timeZone: string): Period {
  const s = parseWall(p.start);
  const e = parseWall(p.end);
  const whole = s.d === 1 && s.time === '00:00:00' && e.d === daysIn(e.y, e.m) && e.time === '23:59:59';
  const start = addMonths(s, -1);
  const end = addMonths(e, -1, whole);
  return period(formatWall(start), formatWall(end), timeZone);
}

/** The last 12 months, this one included (the diagram's default). */
export function lastTwelveMonths(timeZone: string, now = new Date()): Period {
  const t = today(timeZone, now);
  const first = addMonths({ ...t, d: 1 }, -11);
  return period(`${pad(first.y, 4)}-${pad(first.m)}-01T00:00:00`, formatWall({ ...t, time: '23:59:59' }), timeZone);
}

/** A calendar year of the park. */
export function yearPeriod(year: number, timeZone: string): Period {
  return period(`${pad(year, 4)}-01-01T00:00:00`, `${pad(year, 4)}-12-31T23:59:59`, timeZone);
}

export function currentYear(timeZone: string, now = new Date()): number {
  return today(timeZone, now).y;
}

/** Every month (`yyyy-MM`) a period touches, oldest first. */
export function monthsOf(p: Period): string[] {
  const s = parseWall(p.start);
  const e = parseWall(p.end);
  const out: string[] = [];
  for (let i = s.y * 12 + s.m - 1; i <= e.y * 12 + e.m - 1; i++) out.push(`${pad(Math.floor(i / 12), 4)}-${pad((i % 12) + 1)}`);
  return out;
}

/**
 * The period cut at the park's month boundaries (the first and last months partial when the
 * period is). Summing month by month as index ranges is about three times faster than grouping
 * every row by its month in the park's zone.
 */
export function monthSlices(p: Period, timeZone: string): { month: string; period: Period }[] {
  return monthsOf(p).map((month) => {
    const [y, m] = month.split('-').map(Number);
    const whole = wholeMonth(y, m);
    const start = whole.start > p.start ? whole.start : p.start;
    const end = whole.end < p.end ? whole.end : p.end;
    return { month, period: period(start, end, timeZone) };
  });
}

/** The period as the answers show it. */
export const shown = (p: Period) => ({ start_date: p.start, end_date: p.end });
