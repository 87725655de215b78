import { startOfDay } from '../../ui/dates/periods.ts';
import { addDays, daysBetween, mondayOf, WEEKDAY_SHORT_NAMES, type CalendarDay } from './calendar-grid.ts';

/**
 * The phone's strip of days: the week (Monday to Sunday) of the day shown, to tap through, with
 * arrows to the week before and after. Pure functions.
 */
export const STRIP_LENGTH = 7;

/** The strip around `selected`: its week, today marked. */
export function stripDays(selected: Date, today: Date): CalendarDay[] {
  const monday = mondayOf(startOfDay(selected));
  return daysBetween(monday, addDays(monday, STRIP_LENGTH - 1), today);
}

/** The day a week earlier (-1) or later (+1): the strip's arrows keep the weekday. */
export function stepWeek(selected: Date, direction: -1 | 1): Date {
  return addDays(startOfDay(selected), STRIP_LENGTH * direction);
}

/** The day before (-1) or after (+1), which may move the strip to the next week. */
export function stepDay(selected: Date, direction: -1 | 1): Date {
  return addDays(startOfDay(selected), direction);
}

/** A strip chip's two lines: 'Lun' and '24'. */
export function stripLabel(day: CalendarDay): { weekday: string; number: string } {
  return { weekday: WEEKDAY_SHORT_NAMES[day.weekday - 1]!, number: String(day.date.getDate()) };
}
