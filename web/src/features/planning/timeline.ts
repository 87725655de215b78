import type { CalendarDay } from './calendar-grid.ts';
import { entryDay, isMaintenance, maintenanceDays, vehicleLabel, type DayRange } from './planning-entries.ts';
import type { TCalendarEntry, TPlanningDriverRef, TPlanningEntry, TPlanningVehicleRef } from './planning-types.ts';

/**
 * The planning as a timeline: one row per vehicle, one cell per day, each cell the day's driver
 * (or the two drivers of an hourly planning, before and after the handover) and whether the
 * vehicle is in maintenance. Built once per answer in one pass over the entries, so a month of
 * 1,000 vehicles (some 31,000 entries) costs a few milliseconds. Pure functions.
 */
export interface TimelineCell {
  full: TPlanningEntry | null;
  first: TPlanningEntry | null;
  second: TPlanningEntry | null;
  maintenance: boolean;
}

export interface TimelineRow {
  vehicle: TPlanningVehicleRef;
  /** By day (yyyy-MM-dd); days without anything are absent. */
  cells: Map<string, TimelineCell>;
}

const collator = new Intl.Collator('fr', { numeric: true, sensitivity: 'base' });

function emptyCell(): TimelineCell {
  return { full: null, first: null, second: null, maintenance: false };
}

/**
 * One row per vehicle having an entry or a maintenance between `range.from` and `range.to`
 * (the server pads its answer by a day each side: those days are left out), by vehicle name.
 */
export function buildTimelineRows(entries: readonly TCalendarEntry[], range: DayRange): TimelineRow[] {
  const rows = new Map<string, TimelineRow>();
  const cellOf = (vehicle: TPlanningVehicleRef, day: string) => {
    let row = rows.get(vehicle.id);
    if (!row) rows.set(vehicle.id, (row = { vehicle, cells: new Map() }));
    let cell = row.cells.get(day);
    if (!cell) row.cells.set(day, (cell = emptyCell()));
    return cell;
  };
  for (const entry of entries) {
    if (isMaintenance(entry)) {
      for (const day of maintenanceDays(entry, range)) if (day >= range.from && day <= range.to) cellOf(entry.vehicle, day).maintenance = true;
      continue;
    }
    const day = entryDay(entry);
    if (day < range.from || day > range.to) continue;
    cellOf(entry.vehicle, day)[entry.slot] = entry;
  }
  const labelled = [...rows.values()].map((row) => ({ row, label: vehicleLabel(row.vehicle) }));
  labelled.sort((a, b) => collator.compare(a.label, b.label));
  return labelled.map((x) => x.row);
}

/** The entries of a cell, in slot order (one full day, or before then after the handover). */
export function cellEntries(cell: TimelineCell | undefined): TPlanningEntry[] {
  if (!cell) return [];
  return [cell.full, cell.first, cell.second].filter((e): e is TPlanningEntry => e !== null);
}

/** Whether the cell is split in two (hourly planning). */
export function isSplit(cell: TimelineCell | undefined): boolean {
  return !!cell && !cell.full && (cell.first !== null || cell.second !== null);
}

/** The range of whole days a list of calendar days covers. */
export function dayRangeOf(days: readonly CalendarDay[]): DayRange {
  return { from: days[0]?.key ?? '', to: days[days.length - 1]?.key ?? '' };
}

// ------------------------------------------------------------------ lists of lines by day

/** One line of the agenda: a day's heading or one vehicle's day. */
export type AgendaItem = { kind: 'day'; day: CalendarDay; count: number } | { kind: 'vehicle'; day: CalendarDay; row: TimelineRow; cell: TimelineCell | undefined };

/** The vehicles planned (or in maintenance) on one day, in the rows' order. */
export function rowsOnDay(rows: readonly TimelineRow[], day: string): TimelineRow[] {
  return rows.filter((row) => row.cells.has(day));
}

/**
 * The agenda: each day a heading followed by its vehicles, one line each. A day without anything
 * keeps its heading (count 0), so a gap in the planning reads as one.
 */
export function agendaItems(rows: readonly TimelineRow[], days: readonly CalendarDay[]): AgendaItem[] {
  const items: AgendaItem[] = [];
  for (const day of days) {
    const planned = rowsOnDay(rows, day.key);
    items.push({ kind: 'day', day, count: planned.length });
    for (const row of planned) items.push({ kind: 'vehicle', day, row, cell: row.cells.get(day.key) });
  }
  return items;
}

// ------------------------------------------------------------------ drivers' colours

/** Mantine colours a driver may get; yellow is kept for maintenance. */
export const DRIVER_COLORS = ['blue', 'teal', 'grape', 'orange', 'cyan', 'pink', 'indigo', 'lime', 'violet', 'green', 'red'] as const;
export type DriverColor = (typeof DRIVER_COLORS)[number];

/** A stable colour per driver (FNV-1a of the id): the same driver reads the same everywhere, every visit. */
export function driverColor(driverId: string): DriverColor {
  let hash = 0x811c9dc5;
  for (let i = 0; i < driverId.length; i += 1) {
    hash ^= driverId.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return DRIVER_COLORS[(hash >>> 0) % DRIVER_COLORS.length]!;
}

/** 'MK' for Moussa Kamga: what a day's narrow cell can show. */
export function driverInitials(d: Pick<TPlanningDriverRef, 'first_name' | 'last_name'>): string {
  const first = d.first_name.trim().charAt(0);
  const last = d.last_name.trim().charAt(0);
  return `${first}${last}`.toUpperCase() || '?';
}
