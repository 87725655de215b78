import { isSameDay, toDayString } from '../../ui/dates/periods.ts';

/**
 * The calendar's days, built by hand (no calendar library).
 * Weeks start on Monday (spec 000 section 9). Days are local dates at midnight, named by their
 * `yyyy-MM-dd`, the key planning entries are grouped by. Pure functions.
 */
export interface CalendarDay {
  /** yyyy-MM-dd */
  key: string;
  date: Date;
  /** 1 = Monday ... 7 = Sunday (the spec's day_id). */
  weekday: number;
  isToday: boolean;
}

/** Spec 000 section 9: 'Lundi' to 'Dimanche'. */
export const WEEKDAY_NAMES = ['Lundi', 'Mardi', 'Mercredi', 'Jeudi', 'Vendredi', 'Samedi', 'Dimanche'] as const;
export const WEEKDAY_SHORT_NAMES = ['Lun', 'Mar', 'Mer', 'Jeu', 'Ven', 'Sam', 'Dim'] as const;
/** The work_week view shows Monday to Friday. */
export const WORK_WEEK_LENGTH = 5;

export function addDays(date: Date, days: number): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);
}

/** 1 = Monday ... 7 = Sunday. */
export function weekdayOf(date: Date): number {
  return ((date.getDay() + 6) % 7) + 1;
}

export function mondayOf(date: Date): Date {
  return addDays(date, 1 - weekdayOf(date));
}

function dayOnly(date: Date): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate());
}

function calendarDay(date: Date, today: Date | null): CalendarDay {
  return {
    key: toDayString(date),
    date,
    weekday: weekdayOf(date),
    isToday: today ? isSameDay(date, today) : false,
  };
}

/** Every day from `start` to `end` (whole days, both included), in order. */
export function daysBetween(start: Date, end: Date, today: Date | null = null): CalendarDay[] {
  const first = dayOnly(start);
  const last = dayOnly(end);
  const days: CalendarDay[] = [];
  for (let d = first; d <= last; d = addDays(d, 1)) days.push(calendarDay(d, today));
  return days;
}

