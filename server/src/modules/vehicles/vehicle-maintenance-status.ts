import { and, asc, eq, gt, isNotNull, lte, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/database.ts';
import { maintenances } from '../maintenance/maintenance.tables.ts';
import { vehicles, type VehicleStatus } from './vehicles.tables.ts';

/**
 * A vehicle's status while a maintenance runs (issue 18 section 1): a vehicle with an open
 * ('available') maintenance whose [start_at, end_at) holds the instant is 'maintain' (yellow); the
 * status it had before is kept on that maintenance (vehicle_status_before) and given back once no
 * maintenance runs any more (ended, finished or canceled), only if the vehicle is still 'maintain'
 * (someone may have changed it by hand meanwhile). A deactivated vehicle stays deactivated.
 *
 * A maintenance's vehicle_status_before is set while it "holds" the status and cleared when it is
 * given back, so a later manual 'maintain' is never undone by an old maintenance. Back-to-back
 * maintenances hand the remembered status on to the next one.
 *
 * Called in the transaction that creates, cancels or finishes a maintenance, and every 5 minutes
 * for every park by the maintenance-status job (starts and ends that nobody clicked).
 */
export async function syncVehicleMaintenanceStatus(tx: Tx | Db, parkId: string, vehicleId: string, now: Date): Promise<VehicleStatus | null> {
  // The vehicle row's lock orders concurrent syncs (the job and a cancel) of the same vehicle; 'no
  // key update', as the status update itself, so rows referencing the vehicle can still be written.
  const [vehicle] = await tx
    .select({ status: vehicles.status })
    .from(vehicles)
    .where(and(eq(vehicles.id, vehicleId), eq(vehicles.parkId, parkId)))
    .for('no key update');
  if (!vehicle) return null;
  const [running] = await tx
    .select({ id: maintenances.id, before: maintenances.vehicleStatusBefore })
    .from(maintenances)
    .where(
      and(
        eq(maintenances.parkId, parkId),
        eq(maintenances.vehicleId, vehicleId),
        eq(maintenances.status, 'available'),
        lte(maintenances.startAt, now),
        gt(maintenances.endAt, now),
      ),
    )
    .orderBy(asc(maintenances.startAt))
    .limit(1);
  // The maintenances that put the vehicle in 'maintain' and no longer run (normally one at most).
  const holders = await tx
    .select({ id: maintenances.id, before: maintenances.vehicleStatusBefore })
    .from(maintenances)
    .where(
      and(
        eq(maintenances.parkId, parkId),
        eq(maintenances.vehicleId, vehicleId),
        isNotNull(maintenances.vehicleStatusBefore),
        running ? ne(maintenances.id, running.id) : undefined,
      ),
    )
    .orderBy(sql`${maintenances.endAt} desc`);
  const release = async () => {
    if (holders.length === 0) return;
    await tx
      .update(maintenances)
      .set({ vehicleStatusBefore: null })
      .where(and(eq(maintenances.parkId, parkId), sql`${maintenances.id} = any(${sql.param(holders.map((h) => h.id))}::uuid[])`));
  };

  if (running) {
    if (vehicle.status === 'deactivated') return vehicle.status;
    if (!running.before) {
      // 'maintain' already: put there by the maintenance just ended (hand its memory on), or by hand
      // (nothing to give back later).
      const before = vehicle.status !== 'maintain' ? vehicle.status : (holders[0]?.before ?? null);
      if (before) await tx.update(maintenances).set({ vehicleStatusBefore: before }).where(eq(maintenances.id, running.id));
    }
    await release();
    if (vehicle.status !== 'maintain') {
      await tx.update(vehicles).set({ status: 'maintain' }).where(eq(vehicles.id, vehicleId));
    }
    return 'maintain';
  }
  if (holders.length === 0) return vehicle.status;
  const back = holders[0].before!;
  await release();
  if (vehicle.status === 'maintain') {
    await tx.update(vehicles).set({ status: back }).where(eq(vehicles.id, vehicleId));
    return back;
  }
  return vehicle.status;
}

/**
 * The vehicles whose status may be out of step at `now`, in every park: those with an open
 * maintenance running now or holding a remembered status (its end passed, maybe with the status
 * changed by hand meanwhile), read from the partial index of open maintenances (scheduled, running
 * or to close); and those a maintenance put in 'maintain' (vehicles in 'maintain' are few).
 * Finishing and canceling sync their vehicle in their own transaction.
 */
export async function vehiclesToSync(db: Db, now: Date): Promise<{ park_id: string; vehicle_id: string }[]> {
  const at = now.toISOString();
  const { rows } = await db.execute<{ park_id: string; vehicle_id: string }>(sql`
    select park_id, vehicle_id from maintenances
     where status = 'available'
       and ((start_at <= ${at}::timestamptz and end_at > ${at}::timestamptz) or vehicle_status_before is not null)
    union
    select m.park_id, m.vehicle_id from vehicles v join maintenances m on m.vehicle_id = v.id
     where v.status = 'maintain' and m.vehicle_status_before is not null`);
  return rows;
}

/** The job's work: each vehicle in its own short transaction, so one failure leaves the others done. */
export async function syncAllVehicleMaintenanceStatuses(db: Db, now = new Date()): Promise<{ vehicles: number; changed: number; failed: number }> {
  let changed = 0;
  let failed = 0;
  const todo = await vehiclesToSync(db, now);
  for (const t of todo) {
    try {
      const [before] = await db.select({ status: vehicles.status }).from(vehicles).where(eq(vehicles.id, t.vehicle_id));
      const after = await db.transaction((tx) => syncVehicleMaintenanceStatus(tx, t.park_id, t.vehicle_id, now));
      if (before && after !== before.status) changed += 1;
    } catch {
      failed += 1;
    }
  }
  return { vehicles: todo.length, changed, failed };
}
