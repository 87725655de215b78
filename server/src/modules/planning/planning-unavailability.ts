import type { TDriverUnavailability, TPlanningPeriodQuery, TVehicleUnavailability } from '@flotte/contract';
import type { ActingProfile } from '../../platform/auth/auth-context.ts';
import { fromWireDate } from '../../platform/dates.ts';
import { maintenanceWindows, vehiclesWithOpenMaintenance } from '../maintenance/maintenance-windows.ts';
import { engineMaintenance } from './maintenance-holds.ts';
import { addDays, daysOf, driverFacts, driverUnavailableOn, frenchDay, maintenancePeriodText, WEEKDAY_NAMES } from './planning-engine.ts';
import { unavailableDriverCandidates, vehicleRefs, vehiclesInStatus } from './planning.queries.ts';
import { driverRefs, readPeriod, today, type PlanningDeps } from './planning.service.ts';
import { vehicleRef } from './planning-views.ts';

/** The unavailable vehicles and drivers of a period, with the reason in French. */

/**
 * GET /park/indisponibilities: the vehicles held by a maintenance during the period (each
 * maintenance with its dates), those put in 'maintain' by hand, and the deactivated ones.
 */
export async function vehicleUnavailabilities(deps: PlanningDeps, acting: ActingProfile, q: TPlanningPeriodQuery = {}): Promise<TVehicleUnavailability[]> {
  const tz = acting.park.timeZone;
  const p = readPeriod(deps, acting, q);
  const range = { from: fromWireDate(`${p.start}T00:00:00`, tz), to: fromWireDate(`${addDays(p.end, 1)}T00:00:00`, tz) };
  const [windows, rows] = await Promise.all([maintenanceWindows(deps.db, acting.parkId, range), vehiclesInStatus(deps.db, acting.parkId, ['maintain', 'deactivated'])]);
  const held = new Map((await vehicleRefs(deps.db, acting.parkId, [...new Set(windows.map((w) => w.vehicleId))])).map((v) => [v.id, v]));
  const out: TVehicleUnavailability[] = [];
  for (const w of windows) {
    const v = held.get(w.vehicleId);
    if (!v) continue;
    const m = engineMaintenance(w, tz);
    out.push({ vehicle: vehicleRef(v), reason: 'maintain', message: `Véhicule en entretien ${maintenancePeriodText(m)}`, maintenance_id: w.id, start_date: m.startsAt, end_date: m.endsAt });
  }
  const maintain = rows.filter((v) => v.status === 'maintain').map((v) => v.id);
  const explained = await vehiclesWithOpenMaintenance(deps.db, acting.parkId, maintain, fromWireDate(`${addDays(today(deps, tz), 1)}T00:00:00`, tz));
  for (const v of rows) {
    if (v.status === 'maintain' && (explained.has(v.id) || held.has(v.id))) continue;
    const reason = v.status as 'maintain' | 'deactivated';
    out.push({ vehicle: vehicleRef(v), reason, message: reason === 'maintain' ? 'Véhicule en maintenance' : 'Véhicule désactivé', maintenance_id: null, start_date: null, end_date: null });
  }
  return out;
}

/**
 * GET /indisponibles-drivers: for each driver, the days of the period he can't drive, grouped by
 * reason (suspended or deactivated from the stamp's day; his weekly days off on the other days).
 */
export async function driverUnavailabilities(deps: PlanningDeps, acting: ActingProfile, q: TPlanningPeriodQuery): Promise<TDriverUnavailability[]> {
  const p = readPeriod(deps, acting, q);
  const days = daysOf(p.start, p.end);
  const rows = await unavailableDriverCandidates(deps.db, acting.parkId);
  const out: TDriverUnavailability[] = [];
  const dRef = driverRefs(deps);
  for (const d of rows) {
    const f = driverFacts({ ...d, startWorkAt: null }, acting.park.timeZone);
    const byReason = { deactivated: [] as string[], suspended: [] as string[], day_off: [] as string[] };
    for (const day of days) {
      const why = driverUnavailableOn(f, day);
      if (why && why !== 'not_started') byReason[why].push(day);
    }
    if (byReason.deactivated.length) out.push({ driver: dRef(d), reason: 'deactivated', message: `Désactivé depuis le ${frenchDay(f.deactivatedDay!)}`, dates: byReason.deactivated });
    if (byReason.suspended.length) out.push({ driver: dRef(d), reason: 'suspended', message: `Suspendu depuis le ${frenchDay(f.blockedDay!)}`, dates: byReason.suspended });
    if (byReason.day_off.length) {
      const names = [...f.daysOff].sort().map((wd) => WEEKDAY_NAMES[wd]);
      out.push({ driver: dRef(d), reason: 'day_off', message: `Jour${names.length > 1 ? 's' : ''} de repos : ${names.join(', ')}`, dates: byReason.day_off });
    }
  }
  return out;
}
