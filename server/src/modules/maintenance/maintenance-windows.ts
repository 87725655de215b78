import { and, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { anyId } from '../../platform/db/prepared.ts';
import { maintenances } from './maintenance.tables.ts';

/**
 * When maintenances hold their vehicles, for the planning (which plans nobody then and shows an
 * 'entretien' entry) and the recipes (none expected then). Read-only, by the planning module.
 *
 * - 'available' (scheduled, or running while its dates run): from start_at to end_at;
 * - 'finished': the vehicle was in the garage from start_at until it was finished, at most to
 *   end_at (a job finished early frees the days after it; one finished before its start held
 *   nothing), looked for FINISHED_LOOKBACK_DAYS back;
 * - 'canceled': never held the vehicle.
 */
export interface MaintenanceWindow {
  id: string;
  vehicleId: string;
  startAt: Date;
  endAt: Date;
}

type Reader = Pick<Db, 'select' | 'selectDistinct'>;

/**
 * A finished maintenance is looked for only among those begun at most this many days before the
 * range: no index reads finished maintenances by their end, and a park's history is long (the
 * bench's: 200,000), so the read stays a short range of (park, status, start_at). A vehicle held
 * longer than a quarter by one maintenance would show its first quarter only, in periods past.
 */
export const FINISHED_LOOKBACK_DAYS = 92;

const DAY_MS = 86_400_000;

/**
 * The park's maintenances holding a vehicle at some moment of [from, to) (of these vehicles only,
 * when given), ordered by vehicle then start. Each window is [startAt, endAt).
 */
export async function maintenanceWindows(db: Reader, parkId: string, range: { from: Date; to: Date; vehicleIds?: string[] }): Promise<MaintenanceWindow[]> {
  if (range.vehicleIds && range.vehicleIds.length === 0) return [];
  const columns = { id: maintenances.id, vehicleId: maintenances.vehicleId, startAt: maintenances.startAt, endAt: maintenances.endAt, finishedAt: maintenances.finishedAt };
  const common = and(eq(maintenances.parkId, parkId), range.vehicleIds ? anyId(maintenances.vehicleId, range.vehicleIds) : undefined, lt(maintenances.startAt, range.to), gt(maintenances.endAt, range.from));
  // Two index ranges: the open ones by their end (maintenances_open_idx, few), the finished ones
  // by their start (maintenances_park_status_start_idx), each read apart so each keeps its plan.
  const [open, finished] = [
    await db.select(columns).from(maintenances).where(and(common, eq(maintenances.status, 'available'))),
    await db
      .select(columns)
      .from(maintenances)
      .where(and(common, eq(maintenances.status, 'finished'), gt(maintenances.startAt, new Date(range.from.getTime() - FINISHED_LOOKBACK_DAYS * DAY_MS)))),
  ];
  const windows: MaintenanceWindow[] = open.map((r) => ({ id: r.id, vehicleId: r.vehicleId, startAt: r.startAt, endAt: r.endAt }));
  for (const r of finished) {
    // Held until it was finished, at most to its end.
    const endAt = r.finishedAt && r.finishedAt < r.endAt ? r.finishedAt : r.endAt;
    if (endAt > r.startAt && endAt > range.from) windows.push({ id: r.id, vehicleId: r.vehicleId, startAt: r.startAt, endAt });
  }
  return windows.sort((a, b) => (a.vehicleId < b.vehicleId ? -1 : a.vehicleId > b.vehicleId ? 1 : a.startAt.getTime() - b.startAt.getTime()));
}

/**
 * Of these vehicles, those with a maintenance still open ('available') that has begun by `by`: their
 * status 'maintain' comes from a maintenance, whose dates then say when they are held. A vehicle in
 * 'maintain' without one was put there by hand (or by the demo): held until its status changes.
 */
export async function vehiclesWithOpenMaintenance(db: Reader, parkId: string, vehicleIds: string[], by: Date): Promise<Set<string>> {
  if (vehicleIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ vehicleId: maintenances.vehicleId })
    .from(maintenances)
    .where(and(eq(maintenances.parkId, parkId), eq(maintenances.status, 'available'), anyId(maintenances.vehicleId, vehicleIds), lt(maintenances.startAt, by)));
  return new Set(rows.map((r) => r.vehicleId));
}
