import { fromDayString, toDayString } from '../../ui/dates/periods.ts';
import { addDays } from './calendar-grid.ts';
import type {
  TCalendarEntry,
  TMaintenanceEntry,
  TPlanningConfirmInput,
  TPlanningDriverRef,
  TPlanningEntry,
  TPlanningPreview,
  TPlanningSlot,
  TPlanningVehicleRef,
} from './planning-types.ts';

/**
 * What the calendar does with the entries the server answers: one list per day, in a stable
 * order, and the words each entry shows. Pure functions.
 */
export const SLOT_LABELS: Record<TPlanningSlot, string> = {
  full: 'Journée',
  first: '1re moitié (avant la passation)',
  second: '2e moitié (après la passation)',
};
export const SALARY_DAY_LABEL = 'Jour de salaire';
export const INTERIM_LABEL = 'Intérim';
export const MAINTENANCE_LABEL = 'Entretien';

const SLOT_ORDER: Record<TPlanningSlot, number> = { full: 0, first: 1, second: 2 };

export function isMaintenance(entry: TCalendarEntry): entry is TMaintenanceEntry {
  return entry.type === 'entretien';
}

/** 'Taxi 12 · AB-123-CD', or the registration alone. */
export function vehicleLabel(v: Pick<TPlanningVehicleRef, 'label' | 'registration_number'>): string {
  const label = v.label?.trim();
  return label && label !== v.registration_number ? `${label} · ${v.registration_number}` : v.registration_number;
}

export function driverName(d: Pick<TPlanningDriverRef, 'first_name' | 'last_name'> | null | undefined): string {
  return d ? `${d.first_name} ${d.last_name}`.trim() : '';
}

/** 'HH:mm' of a wire date (yyyy-MM-ddTHH:mm:ss), or '' when it carries no time. */
export function wireTime(value: string | null | undefined): string {
  const match = value ? /T(\d{2}):(\d{2})/.exec(value) : null;
  return match ? `${match[1]}:${match[2]}` : '';
}

/** '08:30 – 12:30' of an entry's slot, or ''. */
export function slotHours(entry: Pick<TPlanningEntry, 'start_date' | 'end_date'>): string {
  const from = wireTime(entry.start_date);
  const to = wireTime(entry.end_date);
  return from && to ? `${from} – ${to}` : '';
}

/** Everything an entry says, in one line: the tooltip of its cell. */
export function entryTitle(entry: TCalendarEntry): string {
  if (isMaintenance(entry)) {
    const span = maintenanceSpan(entry);
    return [MAINTENANCE_LABEL, vehicleLabel(entry.vehicle), span].filter(Boolean).join(' · ');
  }
  const hours = slotHours(entry);
  return [
    vehicleLabel(entry.vehicle),
    driverName(entry.driver),
    `${SLOT_LABELS[entry.slot]}${hours ? ` ${hours}` : ''}`,
    entry.is_salary_day ? SALARY_DAY_LABEL : null,
    entry.role === 'interim' ? INTERIM_LABEL : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** The day (yyyy-MM-dd) of an entry, whether its date arrives as a day or a wire date. */
export function entryDay(entry: Pick<TCalendarEntry, 'date'>): string {
  return entry.date.slice(0, 10);
}

function compareEntries(a: TCalendarEntry, b: TCalendarEntry): number {
  // Maintenance first (the vehicle is off that day), then by vehicle, then by slot.
  const kind = Number(!isMaintenance(a)) - Number(!isMaintenance(b));
  if (kind) return kind;
  const byVehicle = vehicleLabel(a.vehicle).localeCompare(vehicleLabel(b.vehicle), 'fr');
  if (byVehicle) return byVehicle;
  if (isMaintenance(a) || isMaintenance(b)) return 0;
  return SLOT_ORDER[a.slot] - SLOT_ORDER[b.slot];
}

/** Days as yyyy-MM-dd, both included. */
export interface DayRange {
  from: string;
  to: string;
}

/** dd/MM/yyyy of a day or a wire date. */
function frenchDate(value: string): string {
  return `${value.slice(8, 10)}/${value.slice(5, 7)}/${value.slice(0, 4)}`;
}

/** The last day a maintenance holds: an end at midnight (00:00:00) ends the day before. */
function lastDayOf(entry: TMaintenanceEntry): string {
  const end = entry.end_date ?? entry.date;
  const endDay = end.slice(0, 10);
  return end.slice(11, 19) === '00:00:00' && endDay > (entry.start_date ?? entry.date).slice(0, 10) ? toDayString(addDays(fromDayString(endDay)!, -1)) : endDay;
}

/**
 * A maintenance record's dates in words ('du 06/03/2030 09:00 au 07/03/2030 17:00', 'le
 * 06/03/2030 de 09:00 à 12:00'); '' for a vehicle put in maintenance by hand (no known dates).
 */
export function maintenanceSpan(entry: TMaintenanceEntry): string {
  if (!entry.maintenance_id) return '';
  const from = wireTime(entry.start_date);
  const to = wireTime(entry.end_date);
  const first = entry.start_date.slice(0, 10);
  if (first === entry.end_date.slice(0, 10)) return `le ${frenchDate(first)}${from && to ? ` de ${from} à ${to}` : ''}`;
  return `du ${frenchDate(first)}${from && from !== '00:00' ? ` ${from}` : ''} au ${frenchDate(lastDayOf(entry))}${to && to !== '00:00' ? ` ${to}` : ''}`;
}

/**
 * The days a maintenance covers: its start to its end (a maintenance may arrive once per day or
 * once for its whole span), clipped to the days shown. An end at midnight ends the day before.
 */
export function maintenanceDays(entry: TMaintenanceEntry, shown: DayRange | null): string[] {
  let start = fromDayString(entry.start_date ?? '') ?? fromDayString(entry.date);
  let end = fromDayString(entry.end_date ? lastDayOf(entry) : '') ?? start;
  if (!start || !end || end < start) return [entryDay(entry)];
  const from = shown ? fromDayString(shown.from) : null;
  const to = shown ? fromDayString(shown.to) : null;
  if (from && from > start) start = from;
  if (to && to < end) end = to;
  const days: string[] = [];
  // A runaway span (bad data, no range given) must not freeze the page: no view shows a year.
  for (let d = start, n = 0; d <= end && n < 366; d = addDays(d, 1), n += 1) days.push(toDayString(d));
  return days;
}

/**
 * Entries grouped by day (yyyy-MM-dd), each day sorted. A maintenance shows on every day it
 * covers (within `shown`, when given), once per vehicle and day however many times it arrives.
 */
export function groupEntriesByDay(entries: readonly TCalendarEntry[], shown: DayRange | null = null): Map<string, TCalendarEntry[]> {
  const byDay = new Map<string, TCalendarEntry[]>();
  const maintenanceSeen = new Set<string>();
  const push = (day: string, entry: TCalendarEntry) => {
    const list = byDay.get(day);
    if (list) list.push(entry);
    else byDay.set(day, [entry]);
  };
  for (const entry of entries) {
    if (!isMaintenance(entry)) {
      push(entryDay(entry), entry);
      continue;
    }
    for (const day of maintenanceDays(entry, shown)) {
      const key = `${entry.vehicle.id}|${day}`;
      if (maintenanceSeen.has(key)) continue;
      maintenanceSeen.add(key);
      push(day, entry);
    }
  }
  for (const list of byDay.values()) list.sort(compareEntries);
  return byDay;
}

/** The days of a grouping that fall between two days (yyyy-MM-dd, included), in order. */
export function daysWithEntries(byDay: ReadonlyMap<string, unknown[]>, from: string, to: string): string[] {
  return [...byDay.keys()].filter((day) => day >= from && day <= to && (byDay.get(day)?.length ?? 0) > 0).sort();
}

/** A stable React key for an entry (preview entries have no id yet). */
export function entryKey(entry: TCalendarEntry): string {
  if (isMaintenance(entry)) return `m|${entry.vehicle.id}|${entryDay(entry)}`;
  return entry.id ?? `p|${entry.vehicle.id}|${entryDay(entry)}|${entry.slot}`;
}

/**
 * The vehicles a confirmation replaces: those the preview planned or reported a conflict for,
 * and those explicitly chosen, but never a vehicle without planning (it has nothing to replace
 * its entries with).
 */
export function confirmVehicleIds(preview: TPlanningPreview, chosen: readonly string[] = []): string[] {
  const unplanned = new Set(preview.vehicles_without_planning.map((v) => v.vehicle.id));
  const ids = new Set<string>(chosen);
  for (const e of preview.entries) ids.add(e.vehicle.id);
  for (const c of preview.conflicts) if (c.reason !== 'not_configured') ids.add(c.vehicle.id);
  return [...ids].filter((id) => !unplanned.has(id));
}

/** POST /planning/confirm's body from a preview. */
export function confirmBody(preview: TPlanningPreview, chosen: readonly string[] = []): TPlanningConfirmInput {
  return {
    start_date: preview.start_date.slice(0, 10),
    end_date: preview.end_date.slice(0, 10),
    vehicle_ids: confirmVehicleIds(preview, chosen),
    entries: preview.entries.map((e) => ({
      date: entryDay(e),
      vehicle_id: e.vehicle.id,
      driver_id: e.driver.id,
      slot: e.slot,
      is_salary_day: e.is_salary_day,
      role: e.role,
    })),
  };
}

/** Conflicts grouped by day, days in order (the preview's orange list). */
export function conflictsByDay<T extends { date: string }>(conflicts: readonly T[]): [string, T[]][] {
  const map = new Map<string, T[]>();
  for (const c of conflicts) {
    const day = c.date.slice(0, 10);
    map.set(day, [...(map.get(day) ?? []), c]);
  }
  return [...map.entries()].sort(([a], [b]) => a.localeCompare(b));
}
