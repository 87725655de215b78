import { sql } from 'drizzle-orm';
import { SUBSCRIPTION_PATH, SUBSCRIPTION_UPGRADE_PATH } from '@flotte/contract';
import type { Db, Tx } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { currentSubscription, vehiclesUsed } from './subscription-state.ts';

/**
 * The vehicles a subscription allows (issue 23): every vehicle not deactivated counts. Adding one
 * (a new vehicle, a deactivated one put back in service) needs room in the subscription running
 * today. The check and the write that follows run in one transaction holding the park's lock, so
 * two vehicles added at once never both take the last place.
 */

/**
 * Serialises whatever changes a park's vehicle count or its allowance: taken by the vehicle writes
 * below and available to a payment that changes the subscription's vehicle number.
 */
export async function lockParkVehicles(tx: Tx, parkId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`subscription-vehicles:${parkId}`}, 0))`);
}

const vehiclesWord = (n: number) => `${n.toLocaleString('fr-FR')} véhicule${n > 1 ? 's' : ''}`;

export function vehicleLimitMessage(allowed: number, used: number): string {
  return (
    `Votre abonnement couvre ${vehiclesWord(allowed)} et le parc en utilise déjà ${used.toLocaleString('fr-FR')}\u00a0: ` +
    'augmentez le nombre de véhicules de votre abonnement pour en ajouter.'
  );
}

/**
 * Takes the park's lock, then refuses when `adding` more vehicles would pass what the current
 * subscription allows (SUBSCRIPTION_VEHICLE_LIMIT, saying how many and where to add some), or when
 * no subscription runs `today` (SUBSCRIPTION_EXPIRED). Call it inside the transaction that writes.
 */
export async function assertVehicleSlots(tx: Tx, parkId: string, adding: number, today: string): Promise<void> {
  if (adding <= 0) return;
  await lockParkVehicles(tx, parkId);
  await checkVehicleSlots(tx, parkId, adding, today);
}

/**
 * The same check without the lock: a route calls it early, before storing uploads, so a vehicle
 * refused for its subscription leaves no file behind. Only assertVehicleSlots makes the write safe.
 */
export async function checkVehicleSlots(db: Db | Tx, parkId: string, adding: number, today: string): Promise<void> {
  if (adding <= 0) return;
  const current = await currentSubscription(db, parkId, today);
  if (!current) throw new AppError('SUBSCRIPTION_EXPIRED', { data: { renew_path: SUBSCRIPTION_PATH } });
  const used = await vehiclesUsed(db, parkId);
  const allowed = current.vehicleNumber;
  if (used + adding > allowed) {
    throw new AppError('SUBSCRIPTION_VEHICLE_LIMIT', {
      message: vehicleLimitMessage(allowed, used),
      data: { upgrade_path: SUBSCRIPTION_UPGRADE_PATH, vehicles_used: used, vehicles_allowed: allowed },
    });
  }
}
