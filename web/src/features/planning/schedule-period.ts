import { PLANNING_MAX_DAYS } from '@flotte/contract/planning';
import dayjs from '../../ui/dayjs.ts';
import { defaultReportingPeriod, endOfDay, formatPeriod, startOfDay, toDayString, type Period } from '../../ui/dates/periods.ts';
import { addDays, mondayOf } from './calendar-grid.ts';

/**
 * The planning calendar's period and views (spec 000 section 2 'Planning calendar'). The period
 * is what the person picked (preset, range or the default); the view decides how it is laid out,
 * and the month and work_week views widen it to whole weeks. Pure functions.
 */
export const SCHEDULE_VIEWS = ['month', 'agenda', 'work_week'] as const;
export type ScheduleView = (typeof SCHEDULE_VIEWS)[number];
export const SCHEDULE_VIEW_LABELS: Record<ScheduleView, string> = {
  month: 'Mois',
  agenda: 'Agenda',
  work_week: 'Semaine de travail',
};

export function isScheduleView(value: unknown): value is ScheduleView {
  return typeof value === 'string' && (SCHEDULE_VIEWS as readonly string[]).includes(value);
}

/** Spec 000 section 4: the current month, or the previous month before the 7th. */
export function defaultSchedulePeriod(today: Date): Period {
  return defaultReportingPeriod(today);
}

/** Whether a period is exactly one calendar month (1st to last day). */
export function isWholeMonth(period: Period): boolean {
  const { start, end } = period;
  return (
    start.getDate() === 1 &&
    start.getFullYear() === end.getFullYear() &&
    start.getMonth() === end.getMonth() &&
    addDays(end, 1).getDate() === 1
  );
}

/** Whole days in a period, both ends included. */
export function periodLength(period: Period): number {
  return Math.round((startOfDay(period.end).getTime() - startOfDay(period.start).getTime()) / 86_400_000) + 1;
}

/**
 * The previous (-1) or next (+1) period: a whole month moves by a month, anything else by its own
 * length (a week to the next week, a day to the next day).
 */
export function shiftPeriod(period: Period, direction: -1 | 1): Period {
  if (isWholeMonth(period)) {
    const y = period.start.getFullYear();
    const m = period.start.getMonth() + direction;
    return { start: new Date(y, m, 1), end: endOfDay(new Date(y, m + 1, 0)) };
  }
  const days = periodLength(period) * direction;
  return { start: addDays(period.start, days), end: endOfDay(addDays(period.end, days)) };
}

/** The days a view shows: whole Monday-to-Sunday weeks for the grids, the period itself for the agenda. */
export function visibleRange(period: Period, view: ScheduleView): Period {
  if (view === 'agenda') return { start: startOfDay(period.start), end: endOfDay(period.end) };
  const monday = mondayOf(period.start);
  return { start: monday, end: endOfDay(addDays(mondayOf(period.end), 6)) };
}

/**
 * What the calendar asks the server for: the days the view shows, or only the period when the
 * whole weeks would exceed what one read may span (PLANNING_MAX_DAYS).
 */
export function fetchRange(period: Period, view: ScheduleView): Period {
  const shown = visibleRange(period, view);
  return periodLength(shown) > PLANNING_MAX_DAYS ? visibleRange(period, 'agenda') : shown;
}

/** Whether a picked period is short enough to read or generate (PLANNING_MAX_DAYS days at most). */
export function periodFits(period: Period): boolean {
  return periodLength(period) <= PLANNING_MAX_DAYS;
}

/** The read's query (yyyy-MM-dd, whole days; the server pads them by a day each side). */
export function periodQuery(period: Period): { start_date: string; end_date: string } {
  return { start_date: toDayString(period.start), end_date: toDayString(period.end) };
}

/** The calendar's heading: 'mars 2025' for a whole month, else 'dd/MM/yyyy – dd/MM/yyyy'. */
export function periodTitle(period: Period): string {
  if (isWholeMonth(period)) return dayjs(period.start).format('MMMM YYYY');
  if (periodLength(period) === 1) return dayjs(period.start).format('dddd D MMMM YYYY');
  return formatPeriod(period);
}
