import { and, eq, gt, inArray, lt, sql } from 'drizzle-orm';
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
 *   nothing);
 * - 'canceled': never held the vehicle.
 */
export interface MaintenanceWindow {
  id: string;
  vehicleId: string;
  startAt: Date;
  endAt: Date;
}

type Reader = Pick<Db, 'select' | 'selectDistinct'>;

/** Where a finished maintenance stops holding its vehicle: its end, or its finish when earlier. */
const heldUntil = sql<Date>`case when ${maintenances.status} = 'finished' and ${maintenances.finishedAt} is not null
  then least(${maintenances.endAt}, ${maintenances.finishedAt}) else ${maintenances.endAt} end`;

/**
 * The park's maintenances holding a vehicle at some moment of [from, to) (of these vehicles only,
 * when given), ordered by vehicle then start. Each window is [startAt, endAt).
 */
export async function maintenanceWindows(db: Reader, parkId: string, range: { from: Date; to: Date; vehicleIds?: string[] }): Promise<MaintenanceWindow[]> {
  if (range.vehicleIds && range.vehicleIds.length === 0) return [];
  const rows = await db
    .select({ id: maintenances.id, vehicleId: maintenances.vehicleId, startAt: maintenances.startAt, endAt: maintenances.endAt, heldUntil: heldUntil.mapWith((v) => new Date(v)) })
    .from(maintenances)
    .where(
      and(
        eq(maintenances.parkId, parkId),
        inArray(maintenances.status, ['available', 'finished']),
        range.vehicleIds ? anyId(maintenances.vehicleId, range.vehicleIds) : undefined,
        lt(maintenances.startAt, range.to),
        gt(maintenances.endAt, range.from),
      ),
    )
    .orderBy(maintenances.vehicleId, maintenances.startAt);
  return rows
    .map((r) => ({ id: r.id, vehicleId: r.vehicleId, startAt: r.startAt, endAt: r.heldUntil }))
    .filter((w) => w.endAt.getTime() > w.startAt.getTime() && w.endAt.getTime() > range.from.getTime());
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
