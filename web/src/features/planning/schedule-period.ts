import { PLANNING_MAX_DAYS } from '@flotte/contract/planning';
import dayjs from '../../ui/dayjs.ts';
import { endOfDay, formatPeriod, startOfDay, toDayString, type Period } from '../../ui/dates/periods.ts';
import { addDays, daysBetween, mondayOf, WORK_WEEK_LENGTH, type CalendarDay } from './calendar-grid.ts';

/**
 * The planning calendar's period and views (spec 000 section 2 'Planning calendar'). The period
 * is what the person picked (preset, range or the view's default); the view decides how it is laid
 * out: every day as a narrow column (month), Monday to Friday as wide columns (work_week), or a
 * list of days (agenda). Pure functions.
 */
export const SCHEDULE_VIEWS = ['month', 'agenda', 'work_week'] as const;
export type ScheduleView = (typeof SCHEDULE_VIEWS)[number];
export const SCHEDULE_VIEW_LABELS: Record<ScheduleView, string> = {
  month: 'Mois',
  agenda: 'Agenda',
  work_week: 'Semaine de travail',
};

/** Under 768 px the planning reads one day at a time, and lists turn to cards. */
export const PHONE_QUERY = '(max-width: 47.99em)';

export function isScheduleView(value: unknown): value is ScheduleView {
  return typeof value === 'string' && (SCHEDULE_VIEWS as readonly string[]).includes(value);
}

/** Days the agenda lists by default: today and the next 13, what an owner plans ahead for. */
export const AGENDA_DAYS = 14;

/**
 * The period a view opens on: the current month for 'Mois' (the grid scrolls to today), the
 * current week for 'Semaine de travail', and today onwards for 'Agenda' — never a month of days
 * already gone.
 */
export function defaultViewPeriod(view: ScheduleView, today: Date): Period {
  const day = startOfDay(today);
  if (view === 'agenda') return { start: day, end: endOfDay(addDays(day, AGENDA_DAYS - 1)) };
  if (view === 'work_week') {
    const monday = mondayOf(day);
    return { start: monday, end: endOfDay(addDays(monday, 6)) };
  }
  return { start: new Date(day.getFullYear(), day.getMonth(), 1), end: endOfDay(new Date(day.getFullYear(), day.getMonth() + 1, 0)) };
}

/** The days a view shows of a period: all of them, or Monday to Friday for the work week. */
export function shownDays(period: Period, view: ScheduleView, today: Date): CalendarDay[] {
  const days = daysBetween(period.start, period.end, today);
  return view === 'work_week' ? days.filter((d) => d.weekday <= WORK_WEEK_LENGTH) : days;
}

/** The Monday-to-Sunday week of a day: what the phone's day view reads at once. */
export function weekPeriod(day: Date): Period {
  const monday = mondayOf(startOfDay(day));
  return { start: monday, end: endOfDay(addDays(monday, 6)) };
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

