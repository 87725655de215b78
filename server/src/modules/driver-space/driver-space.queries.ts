import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/database.ts';
import { parks } from '../access/access.tables.ts';
import { drivers } from '../drivers/drivers.tables.ts';
import { driverNotifications } from '../gps/gps.tables.ts';

/**
 * The driver space's reads. It reads the drivers of a phone and links them to the account (the
 * sign-in), and a driver's notifications, which the GPS module writes and only his space reads.
 */

export interface PhoneDriver {
  id: string;
  parkId: string;
  userId: string | null;
  firstName: string;
  lastName: string;
}

/**
 * The live (not deactivated) drivers of a phone, in every park. Parks store the phone as typed
 * through the form, with or without the leading '+': both are looked for.
 */
export async function liveDriversOfPhone(db: Pick<Db, 'select'>, phone: string): Promise<PhoneDriver[]> {
  const bare = phone.replace(/^\+/, '');
  return db
    .select({ id: drivers.id, parkId: drivers.parkId, userId: drivers.userId, firstName: drivers.firstName, lastName: drivers.lastName })
    .from(drivers)
    .where(and(inArray(drivers.phone, [`+${bare}`, bare]), isNull(drivers.desactivateAt)));
}

/**
 * Links these drivers to the account, and unlinks from it those that no longer have its phone or
 * were deactivated. Answers the parks where the account is a live driver, and the other accounts
 * the linked drivers left (a phone change), whose profiles the caller tidies.
 */
export async function linkDriversToUser(tx: Tx, userId: string, phone: string, driverIds: string[]): Promise<{ parkIds: string[]; leftUserIds: string[] }> {
  const bare = phone.replace(/^\+/, '');
  const left = driverIds.length
    ? await tx
        .select({ userId: drivers.userId })
        .from(drivers)
        .where(and(inArray(drivers.id, driverIds), sql`${drivers.userId} is not null and ${drivers.userId} <> ${userId}`))
    : [];
  if (driverIds.length) await tx.update(drivers).set({ userId }).where(inArray(drivers.id, driverIds));
  await tx
    .update(drivers)
    .set({ userId: null })
    .where(and(eq(drivers.userId, userId), or(sql`${drivers.phone} not in (${`+${bare}`}, ${bare})`, sql`${drivers.desactivateAt} is not null`)));
  const parkIds = await liveParksOfUser(tx, userId);
  return { parkIds, leftUserIds: [...new Set(left.map((r) => r.userId!))] };
}

/** The parks where the account is linked to a live driver. */
export async function liveParksOfUser(db: Pick<Db, 'selectDistinct'>, userId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ parkId: drivers.parkId })
    .from(drivers)
    .where(and(eq(drivers.userId, userId), isNull(drivers.desactivateAt)));
  return rows.map((r) => r.parkId);
}

export interface MyDriverRow {
  id: string;
  firstName: string;
  lastName: string;
  phone: string;
  email: string | null;
  image: string | null;
  blockedAt: Date | null;
  park: { id: string; name: string; currency: string; timeZone: string; logo: string | null };
}

/**
 * The driver the signed-in account is in this park: linked to the account, not deactivated, and
 * still of the account's phone (a phone changed by the park takes the space from the old number
 * at once). Undefined when there is none: the space is then closed to him.
 */
export async function myDriver(db: Db, parkId: string, userId: string): Promise<MyDriverRow | undefined> {
  const { rows } = await db.execute<{
    id: string; first_name: string; last_name: string; phone: string; email: string | null; image: string | null;
    blocked_at: string | null; park_name: string; currency: string; time_zone: string; logo: string | null;
  }>(sql`
    select d.id, d.first_name, d.last_name, d.phone, d.email, d.image, d.blocked_at,
           k.name as park_name, k.currency, k.time_zone, k.logo
      from ${drivers} d
      join ${parks} k on k.id = d.park_id
      join users u on u.id = d.user_id
     where d.park_id = ${parkId} and d.user_id = ${userId} and d.desactivate_at is null
       and u.phone is not null and ltrim(d.phone, '+') = ltrim(u.phone, '+')
     limit 1`);
  const r = rows[0];
  if (!r) return undefined;
  return {
    id: r.id,
    firstName: r.first_name,
    lastName: r.last_name,
    phone: r.phone,
    email: r.email,
    image: r.image,
    blockedAt: r.blocked_at ? new Date(r.blocked_at) : null,
    park: { id: parkId, name: r.park_name, currency: r.currency, timeZone: r.time_zone, logo: r.logo },
  };
}

/** His notifications, newest first (the latest 100), and how many are unread. */
export async function notificationsOf(db: Db, parkId: string, driverId: string) {
  const where = and(eq(driverNotifications.parkId, parkId), eq(driverNotifications.driverId, driverId));
  const [items, [counted]] = await Promise.all([
    db.select().from(driverNotifications).where(where).orderBy(desc(driverNotifications.createdAt), desc(driverNotifications.id)).limit(100),
    db.select({ n: sql<number>`count(*)::int` }).from(driverNotifications).where(and(where, isNull(driverNotifications.readAt))),
  ]);
  return { items, unread: counted?.n ?? 0 };
}

/** Marks his notifications read (those named, else all); another driver's ids are simply not his. */
export async function markNotificationsRead(db: Db, parkId: string, driverId: string, ids?: string[]): Promise<number> {
  const rows = await db
    .update(driverNotifications)
    .set({ readAt: new Date() })
    .where(
      and(
        eq(driverNotifications.parkId, parkId),
        eq(driverNotifications.driverId, driverId),
        isNull(driverNotifications.readAt),
        ids?.length ? inArray(driverNotifications.id, ids) : undefined,
      ),
    )
    .returning({ id: driverNotifications.id });
  return rows.length;
}
