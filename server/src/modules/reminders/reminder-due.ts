import { VIDANGE_REPAIR_TYPE_ID, type TServiceUrgency } from '@flotte/contract';

/**
 * When a service reminder falls due, and how urgent it is: pure rules, shared by the reminders'
 * screen and the daily job (reminder-urgency.sql.ts says the same in SQL for the vehicle list and
 * the dashboard; a test holds the two together).
 *
 * The count starts from the last time the service was done (`last_done_at`, `last_done_km`). A
 * reminder never done counts from its creation day, and from the vehicle's mileage then: the
 * reminders service stores that reading in `last_done_km` at creation (with `last_done_at` null),
 * since a reminder created today for a vehicle at 52,000 km means "every 10,000 km from now", not
 * "at 10,000 km".
 */

export interface ReminderRule {
  repairTypeId: number | null;
  everyKm: number | null;
  everyMonths: number | null;
  /** yyyy-MM-dd: the park's day it was last done, or null. */
  lastDoneAt: string | null;
  /** The odometer when last done, or the vehicle's at the reminder's creation; null if unknown. */
  lastDoneKm: number | null;
  /** yyyy-MM-dd: the park's day the reminder was created. */
  createdOn: string;
  /** A one-time reminder once done: it no longer falls due. */
  done: boolean;
}

export interface VehicleReading {
  mileage: number | null;
  mileageForVidange: number | null;
}

export interface SoonThresholds {
  soonDays: number;
  soonKm: number;
}

export interface NextDue {
  /** yyyy-MM-dd, or null without a period in months. */
  date: string | null;
  km: number | null;
}

const DAY_MS = 86_400_000;

/**
 * A calendar day plus whole months, clamped at the month's end as people count: 31 January plus one
 * month is 28 February (29 in a leap year), as PostgreSQL's date + interval does.
 */
export function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number);
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = index - year * 12; // 0-based
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const date = new Date(Date.UTC(year, month, Math.min(d, lastDay)));
  return date.toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (yyyy-MM-dd): negative when `to` is earlier. */
export function daysFrom(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** Where the count starts: the last time done, else the creation day (and the reading stored then). */
export function countedFrom(r: ReminderRule): { date: string; km: number | null } {
  return { date: r.lastDoneAt ?? r.createdOn, km: r.lastDoneKm };
}

/**
 * The next due date and mileage. The oil change falls due at the vehicle's mileage_for_vidange when
 * it is set and still ahead of the count's start (a value at or behind it is the previous change's,
 * left as it was when the last one was finished without a new one given).
 */
export function nextDue(r: ReminderRule, v: VehicleReading): NextDue {
  if (r.done) return { date: null, km: null };
  const from = countedFrom(r);
  const date = r.everyMonths ? addMonths(from.date, r.everyMonths) : null;
  let km: number | null = r.everyKm && from.km !== null ? from.km + r.everyKm : null;
  if (r.repairTypeId === VIDANGE_REPAIR_TYPE_ID && v.mileageForVidange !== null && (from.km === null || v.mileageForVidange > from.km)) {
    km = v.mileageForVidange;
  }
  return { date, km };
}

const RANK: Record<TServiceUrgency, number> = { ok: 0, soon: 1, due: 2, overdue: 3 };
export const URGENCY_BY_RANK: TServiceUrgency[] = ['ok', 'soon', 'due', 'overdue'];

export function worstUrgency(list: Iterable<TServiceUrgency>): TServiceUrgency {
  let rank = 0;
  for (const u of list) rank = Math.max(rank, RANK[u]);
  return URGENCY_BY_RANK[rank];
}

/** By date: overdue after the day, due on it, soon within the park's days before it. */
export function dateUrgency(dueDate: string | null, today: string, t: SoonThresholds): TServiceUrgency {
  if (dueDate === null) return 'ok';
  const left = daysFrom(today, dueDate);
  return left < 0 ? 'overdue' : left === 0 ? 'due' : left <= t.soonDays ? 'soon' : 'ok';
}

/** By distance: overdue past the mileage, due at it, soon within the park's kilometres before it. */
export function kmUrgency(dueKm: number | null, mileage: number | null, t: SoonThresholds): TServiceUrgency {
  if (dueKm === null || mileage === null) return 'ok';
  const left = dueKm - mileage;
  return left < 0 ? 'overdue' : left === 0 ? 'due' : left <= t.soonKm ? 'soon' : 'ok';
}

export interface ReminderState extends NextDue {
  daysLeft: number | null;
  kmLeft: number | null;
  urgency: TServiceUrgency;
}

/** A reminder's next due and urgency on the park's `today`: whichever of date and distance comes first. */
export function reminderState(r: ReminderRule, v: VehicleReading, today: string, t: SoonThresholds): ReminderState {
  const due = nextDue(r, v);
  return {
    ...due,
    daysLeft: due.date === null ? null : daysFrom(today, due.date),
    kmLeft: due.km === null || v.mileage === null ? null : due.km - v.mileage,
    urgency: worstUrgency([dateUrgency(due.date, today, t), kmUrgency(due.km, v.mileage, t)]),
  };
}
