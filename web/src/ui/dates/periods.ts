import { formatDate } from '../format.ts';

/**
 * Periods as people pick them: whole days, in the phone's local time. A period runs from the
 * first day at 00:00:00.000 to the last day at 23:59:59.999, so `toWireDate(end)` covers the
 * whole last day whichever screen turns it into a query. Weeks start on Monday (spec 001/002
 * section 9). Pure functions: no React, no Mantine, safe to use anywhere.
 */
export interface DateRange {
  start: Date | null;
  end: Date | null;
}

export interface Period {
  start: Date;
  end: Date;
}

export const EMPTY_RANGE: DateRange = { start: null, end: null };

export const PERIOD_PRESETS = ['Today', 'Tomorrow', 'ThisWeek', 'ThisMonth'] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];

export const PERIOD_PRESET_LABELS: Record<PeriodPreset, string> = {
  Today: "Aujourd'hui",
  Tomorrow: 'Demain',
  ThisWeek: 'Cette semaine',
  ThisMonth: 'Ce mois-ci',
};

export const PERIOD_VIEWS = ['day', 'week', 'month'] as const;
export type PeriodView = (typeof PERIOD_VIEWS)[number];
export const UNSUPPORTED_VIEW_MESSAGE = "Vue non prise en charge : utilisez 'day', 'week' ou 'month'.";

/** Day on which the reporting period switches to the current month (before it: previous month). */
export const REPORTING_SWITCH_DAY = 7;

export function startOfDay(date: Date): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate());
}

export function endOfDay(date: Date): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate(), 23, 59, 59, 999);
}

function addDays(date: Date, days: number): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);
}

/** Monday of the date's week. */
function startOfWeek(date: Date): Date {
  const sinceMonday = (date.getDay() + 6) % 7; // getDay: 0 = Sunday
  return addDays(date, -sinceMonday);
}

function monthOf(year: number, month: number): Period {
  // Day 0 of the next month is the last day of this one (28 to 31, leap years included).
  return { start: new Date(year, month, 1), end: endOfDay(new Date(year, month + 1, 0)) };
}

/** The day, Monday-to-Sunday week or calendar month that holds `date`. */
export function periodBounds(date: Date, view: PeriodView): Period {
  switch (view) {
    case 'day':
      return { start: startOfDay(date), end: endOfDay(date) };
    case 'week': {
      const monday = startOfWeek(date);
      return { start: monday, end: endOfDay(addDays(monday, 6)) };
    }
    case 'month':
      return monthOf(date.getFullYear(), date.getMonth());
    default:
      // Views also arrive from URLs and saved filters, where the type system can't help.
      throw new Error(UNSUPPORTED_VIEW_MESSAGE);
  }
}

export function presetPeriod(preset: PeriodPreset, today: Date = new Date()): Period {
  switch (preset) {
    case 'Today':
      return periodBounds(today, 'day');
    case 'Tomorrow':
      return periodBounds(addDays(today, 1), 'day');
    case 'ThisWeek':
      return periodBounds(today, 'week');
    case 'ThisMonth':
      return periodBounds(today, 'month');
  }
}

/**
 * Spec 002 section 4: the current month, or the previous month before the 7th, when last month's
 * figures are still being closed and are what people look at.
 */
export function defaultReportingPeriod(today: Date = new Date()): Period {
  if (today.getDate() < REPORTING_SWITCH_DAY) return monthOf(today.getFullYear(), today.getMonth() - 1);
  return monthOf(today.getFullYear(), today.getMonth());
}

/**
 * What Apply does with a picked range: whole days, and a lone start day becomes a one-day period
 * (spec: "If only a start is chosen, Apply sets the end equal to the start"). Ends before the
 * start are swapped rather than refused.
 */
export function completeRange(range: DateRange): DateRange {
  const first = range.start ?? range.end;
  if (!first) return EMPTY_RANGE;
  const last = range.start && range.end ? range.end : first;
  const [from, to] = last < first ? [last, first] : [first, last];
  return { start: startOfDay(from), end: endOfDay(to) };
}

export function isSameDay(a: Date, b: Date): boolean {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
}

/** Whether two ranges cover the same days (for showing which preset, if any, is active). */
export function sameDays(a: DateRange, b: DateRange): boolean {
  const same = (x: Date | null, y: Date | null) => (x && y ? isSameDay(x, y) : x === y);
  return same(a.start, b.start) && same(a.end, b.end);
}

/** The preset whose period the range is exactly, if any. */
export function presetOf(range: DateRange, today: Date = new Date()): PeriodPreset | null {
  return PERIOD_PRESETS.find((preset) => sameDays(range, presetPeriod(preset, today))) ?? null;
}

/** A day after today, with today taken in the phone's local time. */
export function isFutureDay(date: Date, today: Date = new Date()): boolean {
  return startOfDay(date) > startOfDay(today);
}

/** 'dd/MM/yyyy – dd/MM/yyyy', or '' when nothing is picked. */
export function formatPeriod(range: DateRange): string {
  if (!range.start) return '';
  return `${formatDate(range.start)} – ${formatDate(range.end ?? range.start)}`;
}

/** `YYYY-MM-DD` (local), the day format of the calendar widgets. */
export function toDayString(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Reads `YYYY-MM-DD` as local midnight (never UTC, which would shift the day west of Greenwich). */
export function fromDayString(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!match) return null;
  return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
}
