import { and, asc, eq } from 'drizzle-orm';
import { ownerDisplayName, type TOwner, type TOwnerInputParsed } from '@flotte/contract';
import type { Db, Tx } from '../../platform/db/database.ts';
import { toWireDate } from '../../platform/dates.ts';
import { parkTimeZone } from '../access/roles.service.ts';
import { vehicleOwners } from './owners.tables.ts';

/**
 * Vehicle owners (partners) of a park: a person or a company the park manages vehicles for.
 * Every query names the acting park; another park's owner is as unknown as a missing one.
 */

type OwnerRow = typeof vehicleOwners.$inferSelect;

function ownerView(r: OwnerRow, timeZone: string): TOwner {
  const view = {
    id: r.id,
    park_id: r.parkId,
    type: r.type,
    first_name: r.firstName,
    last_name: r.lastName,
    business_name: r.businessName,
    email: r.email,
    phone: r.phone,
    street: r.street,
    cni_number: r.cniNumber,
    driver_licence_number: r.driverLicenceNumber,
    created_at: toWireDate(r.createdAt, timeZone),
  };
  return { ...view, display_name: ownerDisplayName(view) };
}

export async function createOwner(db: Db, parkId: string, input: TOwnerInputParsed): Promise<TOwner> {
  const [row] = await db
    .insert(vehicleOwners)
    .values({
      parkId,
      type: input.type,
      firstName: input.first_name,
      lastName: input.last_name,
      businessName: input.business_name ?? null,
      email: input.email ?? null,
      phone: input.phone ?? null,
      street: input.street ?? null,
      cniNumber: input.cni_number ?? null,
      driverLicenceNumber: input.driver_licence_number ?? null,
    })
    .returning();
  return ownerView(row, await parkTimeZone(db, parkId));
}

/** The park's owners by display name, as the owner picker lists them. */
export async function listOwners(db: Db, parkId: string): Promise<TOwner[]> {
  const [rows, tz] = await Promise.all([
    db.select().from(vehicleOwners).where(eq(vehicleOwners.parkId, parkId)).orderBy(asc(vehicleOwners.createdAt)),
    parkTimeZone(db, parkId),
  ]);
  return rows
    .map((r) => ownerView(r, tz))
    .sort((a, b) => a.display_name.localeCompare(b.display_name, 'fr', { sensitivity: 'base' }));
}

/** One owner of the park as a vehicle shows it ({id, display_name}), or null. For the vehicles module. */
export async function findOwner(db: Db, parkId: string, id: string): Promise<{ id: string; display_name: string } | null> {
  const [row] = await db
    .select({ id: vehicleOwners.id, firstName: vehicleOwners.firstName, lastName: vehicleOwners.lastName, businessName: vehicleOwners.businessName })
    .from(vehicleOwners)
    .where(and(eq(vehicleOwners.id, id), eq(vehicleOwners.parkId, parkId)))
    .limit(1);
  if (!row) return null;
  return { id: row.id, display_name: ownerDisplayName({ first_name: row.firstName, last_name: row.lastName, business_name: row.businessName }) };
}

/**
 * An owner record written in the caller's transaction, answering its id: the contracts module makes
 * one for a driver who paid his vehicle off, in the transaction that records the last payment.
 */
export async function insertOwnerRecord(
  tx: Tx,
  parkId: string,
  input: { type: 'individuel' | 'entreprise'; firstName: string; lastName: string; email?: string | null; phone?: string | null },
): Promise<string> {
  const [row] = await tx
    .insert(vehicleOwners)
    .values({ parkId, type: input.type, firstName: input.firstName, lastName: input.lastName, email: input.email ?? null, phone: input.phone ?? null })
    .returning({ id: vehicleOwners.id });
  return row.id;
}
