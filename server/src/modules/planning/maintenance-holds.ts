import type { TMaintenanceEntry, TPlanningVehicleRef } from '@flotte/contract';
import type { Db } from '../../platform/db/database.ts';
import { fromWireDate, toWireDate } from '../../platform/dates.ts';
import { maintenanceWindows, vehiclesWithOpenMaintenance, type MaintenanceWindow } from '../maintenance/maintenance-windows.ts';
import { addDays, type EngineMaintenance } from './planning-engine.ts';

/**
 * The maintenances as the planning reads them (issue 18 section 1): when a vehicle is held, for
 * the engine and the confirmation (nobody is planned on a slot meeting one, whatever the vehicle's
 * status today), and the calendar's 'entretien' entries with their real dates.
 *
 * A vehicle in status 'maintain' with an open maintenance that has begun is held by that
 * maintenance's dates. In 'maintain' without one (set by hand, or the demo) it is held as before
 * this issue: the whole period, shown from today on.
 */

type Reader = Pick<Db, 'select' | 'selectDistinct'>;

export interface MaintenanceHolds {
  /** Per vehicle, the maintenances meeting the range, wire datetimes in the park's zone. */
  byVehicle: Map<string, EngineMaintenance[]>;
  /** Vehicles whose 'maintain' status an open maintenance explains. */
  fromRecord: Set<string>;
}

/** The instants of a range of days (both included), with the day after for services past midnight. */
function dayRange(timeZone: string, start: string, end: string, extraDays = 1): { from: Date; to: Date } {
  return { from: fromWireDate(`${start}T00:00:00`, timeZone), to: fromWireDate(`${addDays(end, 1 + extraDays)}T00:00:00`, timeZone) };
}

/** The end of the park's today: a maintenance begun by then explains a 'maintain' status. */
function endOfToday(now: Date, timeZone: string): Date {
  return fromWireDate(`${addDays(toWireDate(now, timeZone).slice(0, 10), 1)}T00:00:00`, timeZone);
}

export function engineMaintenance(w: MaintenanceWindow, timeZone: string): EngineMaintenance {
  return { id: w.id, startsAt: toWireDate(w.startAt, timeZone), endsAt: toWireDate(w.endAt, timeZone) };
}

/** What holds these vehicles over the service days start..end (yyyy-MM-dd). */
export async function maintenanceHolds(
  db: Reader,
  parkId: string,
  timeZone: string,
  vehicles: readonly { id: string; status: string }[],
  start: string,
  end: string,
  now: Date,
): Promise<MaintenanceHolds> {
  const ids = vehicles.map((v) => v.id);
  const windows = await maintenanceWindows(db, parkId, { ...dayRange(timeZone, start, end), vehicleIds: ids });
  const byVehicle = new Map<string, EngineMaintenance[]>();
  for (const w of windows) byVehicle.set(w.vehicleId, [...(byVehicle.get(w.vehicleId) ?? []), engineMaintenance(w, timeZone)]);
  const inMaintain = vehicles.filter((v) => v.status === 'maintain').map((v) => v.id);
  const fromRecord = await vehiclesWithOpenMaintenance(db, parkId, inMaintain, endOfToday(now, timeZone));
  return { byVehicle, fromRecord };
}

/**
 * The calendar's 'entretien' entries over the days start..end: one per maintenance meeting them
 * (of one vehicle, when given), and, for the vehicles in 'maintain' no open maintenance explains,
 * one from today (or the period's start) to the period's end.
 */
export async function maintenanceCalendar(
  db: Reader,
  parkId: string,
  timeZone: string,
  p: { start: string; end: string },
  now: Date,
  refs: {
    /** The park's vehicles of these ids (planning.queries vehicleRefs). */
    byIds: (ids: string[]) => Promise<(TPlanningVehicleRef & { status?: string })[]>;
    /** The park's vehicles in status 'maintain' (one of them, with `vehicleId`). */
    inMaintain: () => Promise<TPlanningVehicleRef[]>;
  },
  vehicleId?: string,
): Promise<TMaintenanceEntry[]> {
  const windows = await maintenanceWindows(db, parkId, { ...dayRange(timeZone, p.start, p.end, 0), vehicleIds: vehicleId ? [vehicleId] : undefined });
  const maintain = await refs.inMaintain();
  const fromRecord = await vehiclesWithOpenMaintenance(db, parkId, maintain.map((v) => v.id), endOfToday(now, timeZone));
  const vehicleOf = new Map((await refs.byIds([...new Set(windows.map((w) => w.vehicleId))])).map((v) => [v.id, v]));
  const out: TMaintenanceEntry[] = [];
  for (const w of windows) {
    const vehicle = vehicleOf.get(w.vehicleId);
    if (!vehicle) continue;
    const m = engineMaintenance(w, timeZone);
    out.push({ type: 'entretien', maintenance_id: w.id, date: m.startsAt.slice(0, 10), start_date: m.startsAt, end_date: m.endsAt, vehicle: plainRef(vehicle) });
  }
  const today = toWireDate(now, timeZone).slice(0, 10);
  const from = p.start > today ? p.start : today;
  if (from <= p.end) {
    for (const v of maintain) {
      if (fromRecord.has(v.id)) continue;
      out.push({ type: 'entretien', maintenance_id: null, date: from, start_date: `${from}T00:00:00`, end_date: `${p.end}T23:59:59`, vehicle: plainRef(v) });
    }
  }
  return out;
}

function plainRef(v: TPlanningVehicleRef): TPlanningVehicleRef {
  return { id: v.id, label: v.label, registration_number: v.registration_number, brand: v.brand, model: v.model };
}
