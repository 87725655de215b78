import { and, eq, notInArray, sql } from 'drizzle-orm';
import type { TDriverLicence, TDriverLicenceInputParsed } from '@flotte/contract';
import type { Db, Tx } from '../../platform/db/database.ts';
import { driverLicences } from './drivers.tables.ts';

/**
 * Driving licences (permis) of a driver: one per type (A to D), an expiry only when not permanent.
 * The rules of the form live in the contract (ZDriverLicences); the database holds one row per
 * driver and type (unique index), which is what lets an edit update a licence in place.
 */

export function licenceView(l: Pick<typeof driverLicences.$inferSelect, 'id' | 'type' | 'number' | 'permanent' | 'deliveryAt' | 'expireAt' | 'countryDelivery'>): TDriverLicence {
  return {
    id: l.id,
    type: l.type,
    driver_licence_number: l.number,
    permanent: l.permanent,
    delivery_at: l.deliveryAt,
    expire_at: l.permanent ? null : l.expireAt,
    country_delivery: l.countryDelivery,
  };
}

/**
 * The licences become exactly the list given: one per type, updated in place when the type was
 * already there (its id stays), the others removed.
 */
export async function replaceLicences(tx: Tx, parkId: string, driverId: string, list: TDriverLicenceInputParsed[]) {
  const types = list.map((l) => l.type);
  await tx
    .delete(driverLicences)
    .where(and(eq(driverLicences.driverId, driverId), types.length ? notInArray(driverLicences.type, types) : undefined));
  if (list.length === 0) return;
  await tx
    .insert(driverLicences)
    .values(
      list.map((l) => ({
        driverId,
        parkId,
        type: l.type,
        number: l.driver_licence_number,
        permanent: l.permanent,
        deliveryAt: l.delivery_at,
        expireAt: l.expire_at,
        countryDelivery: l.country_delivery,
      })),
    )
    .onConflictDoUpdate({
      target: [driverLicences.driverId, driverLicences.type],
      set: {
        number: sql`excluded.number`,
        permanent: sql`excluded.permanent`,
        deliveryAt: sql`excluded.delivery_at`,
        expireAt: sql`excluded.expire_at`,
        countryDelivery: sql`excluded.country_delivery`,
      },
    });
}
