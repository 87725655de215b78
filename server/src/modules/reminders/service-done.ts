import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database.ts';
import { vehicleReadings } from '../vehicles/vehicles.queries.ts';
import { serviceReminders } from './reminders.tables.ts';

export interface ServiceDone {
  parkId: string;
  vehicleId: string;
  /** The repair types the finished maintenance covered (its items'). */
  repairTypeIds: number[];
  /** The park's day the service was done (yyyy-MM-dd). */
  doneOn: string;
  /** The odometer read when it was finished; null when not given (the vehicle's stored mileage stands in). */
  mileage: number | null;
}

/**
 * A finished maintenance resets the vehicle's open reminders of the repair types it covered: the
 * next due is counted again from this day and odometer, and a one-time reminder is done. Called by
 * the maintenance module inside its finishing transaction, so both land or neither.
 */
export async function markServiceDone(tx: Tx, input: ServiceDone): Promise<void> {
  const typeIds = [...new Set(input.repairTypeIds)];
  if (typeIds.length === 0) return;
  let km = input.mileage;
  if (km === null) {
    // No reading given: the vehicle's last known mileage is the best count to start the next due from.
    const vehicle = (await vehicleReadings(tx, input.parkId, [input.vehicleId])).get(input.vehicleId);
    km = vehicle?.mileage ?? null;
  }
  await tx
    .update(serviceReminders)
    .set({
      lastDoneAt: input.doneOn,
      // Without any reading the previous count stands rather than losing it.
      lastDoneKm: km ?? sql`${serviceReminders.lastDoneKm}`,
      doneAt: sql`case when ${serviceReminders.recurring} then null else now() end`,
    })
    .where(
      and(
        eq(serviceReminders.parkId, input.parkId),
        eq(serviceReminders.vehicleId, input.vehicleId),
        inArray(serviceReminders.repairTypeId, typeIds),
        isNull(serviceReminders.doneAt),
      ),
    );
}
