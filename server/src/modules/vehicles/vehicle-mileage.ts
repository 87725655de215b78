import { and, eq, isNull, lte, or } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { vehicles } from './vehicles.tables.ts';

/**
 * The odometer readings other modules write into a vehicle inside their own transaction (today a
 * finished maintenance; later GPS). An odometer only goes up: a reading below the vehicle's
 * current mileage is a typing mistake, refused rather than silently rolling the count back (the
 * service reminders count kilometres from it). The owner can still correct the mileage by hand in
 * the vehicle's form.
 */

export interface MileageReading {
  /** The odometer read, in km; undefined or null leaves the mileage as it is. */
  mileage?: number | null;
  /** The mileage of the next oil change, in km; undefined or null leaves it as it is (see oilChangeDone). */
  mileageForVidange?: number | null;
  /**
   * An oil change was just done. Without a new next oil-change mileage the old one is cleared: it
   * named the oil change just done, and left in place it would make the oil-change reminder fall
   * due again within days (the reminder then counts its interval from this oil change).
   */
  oilChangeDone?: boolean;
}

const formatKm = (km: number) => `${km.toLocaleString('fr-FR').replace(/\u202f/g, '\u00a0')}\u00a0km`;

/**
 * Writes the reading into the vehicle of the park, in the caller's transaction. The mileage is
 * raised in one conditional update (never lowered, even against a concurrent reading); a lower one
 * is refused with 400 naming `field`. The next oil change must lie beyond the vehicle's mileage.
 */
export async function recordVehicleMileage(tx: Tx, parkId: string, vehicleId: string, reading: MileageReading, fields = { mileage: 'mileage', mileageForVidange: 'mileage_for_vidange' }): Promise<void> {
  const { mileage, mileageForVidange, oilChangeDone = false } = reading;
  if (mileage == null && mileageForVidange == null && !oilChangeDone) return;
  const set: Partial<typeof vehicles.$inferInsert> = {};
  if (mileage != null) set.mileage = mileage;
  if (mileageForVidange != null) set.mileageForVidange = mileageForVidange;
  else if (oilChangeDone) set.mileageForVidange = null;
  const [written] = await tx
    .update(vehicles)
    .set(set)
    .where(and(eq(vehicles.id, vehicleId), eq(vehicles.parkId, parkId), mileage == null ? undefined : or(isNull(vehicles.mileage), lte(vehicles.mileage, mileage))))
    .returning({ mileage: vehicles.mileage });
  if (!written) {
    const [current] = await tx.select({ mileage: vehicles.mileage }).from(vehicles).where(and(eq(vehicles.id, vehicleId), eq(vehicles.parkId, parkId)));
    if (!current) throw new AppError('VEHICLE_NOT_FOUND');
    const message = `${new AppError('MILEAGE_BELOW_CURRENT').message} (${formatKm(current.mileage ?? 0)})`;
    throw new AppError('MILEAGE_BELOW_CURRENT', { message, fieldErrors: [{ field: fields.mileage, message }] });
  }
  if (mileageForVidange != null && written.mileage != null && mileageForVidange <= written.mileage) {
    const message = `${new AppError('VIDANGE_MILEAGE_BELOW_CURRENT').message} (${formatKm(written.mileage)})`;
    throw new AppError('VIDANGE_MILEAGE_BELOW_CURRENT', { message, fieldErrors: [{ field: fields.mileageForVidange, message }] });
  }
}
