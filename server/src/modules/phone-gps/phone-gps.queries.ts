import { and, count, desc, eq, gte, isNotNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { parks, profiles } from '../access/access.tables.ts';
import { drivers } from '../drivers/drivers.tables.ts';
import { planningEntries } from '../planning/planning.tables.ts';
import { driverPositions } from './phone-gps.tables.ts';

/** The phone GPS module's reads and writes; every one names its park. */

export type PositionRow = typeof driverPositions.$inferSelect;

export interface ShiftRow {
  startsAt: Date;
  endsAt: Date;
}

/**
 * His confirmed planning slots that end after `now` and start by `dayEnd`, earliest first: the
 * one he is in (a night slot of yesterday's service day too) and today's next ones. `days` are the
 * service days to look at (yesterday and today, park zone), which the (driver_id, day) index serves.
 */
export async function shiftsAround(db: Pick<Db, 'select'>, parkId: string, driverId: string, days: string[], now: Date, dayEnd: Date): Promise<ShiftRow[]> {
  return db
    .select({ startsAt: planningEntries.startsAt, endsAt: planningEntries.endsAt })
    .from(planningEntries)
    .where(
      and(
        eq(planningEntries.driverId, driverId),
        eq(planningEntries.parkId, parkId),
        sql`${planningEntries.day} = any(${sql.param(days)}::date[])`,
        sql`${planningEntries.endsAt} > ${now.toISOString()}::timestamptz`,
        sql`${planningEntries.startsAt} <= ${dayEnd.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(planningEntries.startsAt);
}

/** The drivers of the park on duty at `now` (within a confirmed slot). */
export async function driversOnDuty(db: Pick<Db, 'selectDistinct'>, parkId: string, days: string[], now: Date): Promise<Set<string>> {
  const rows = await db
    .selectDistinct({ driverId: planningEntries.driverId })
    .from(planningEntries)
    .where(
      and(
        eq(planningEntries.parkId, parkId),
        sql`${planningEntries.day} = any(${sql.param(days)}::date[])`,
        sql`${planningEntries.startsAt} <= ${now.toISOString()}::timestamptz`,
        sql`${planningEntries.endsAt} > ${now.toISOString()}::timestamptz`,
      ),
    );
  return new Set(rows.map((r) => r.driverId));
}

export async function consentOf(db: Pick<Db, 'select'>, parkId: string, driverId: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: drivers.gpsConsentAt })
    .from(drivers)
    .where(and(eq(drivers.id, driverId), eq(drivers.parkId, parkId)))
    .limit(1);
  return row?.at ?? null;
}

/** Sets (keeping the first date when already given) or withdraws his consent; answers it as it now is. */
export async function setConsent(db: Db, parkId: string, driverId: string, consent: boolean, now: Date): Promise<Date | null> {
  const [row] = await db
    .update(drivers)
    .set({ gpsConsentAt: consent ? sql`coalesce(${drivers.gpsConsentAt}, ${now.toISOString()}::timestamptz)` : null })
    .where(and(eq(drivers.id, driverId), eq(drivers.parkId, parkId)))
    .returning({ at: drivers.gpsConsentAt });
  return row?.at ?? null;
}

export interface NewPosition {
  parkId: string;
  driverId: string;
  recordedAt: Date;
  receivedAt: Date;
  latitude: number;
  longitude: number;
  accuracyM: number;
  speedKmh: number | null;
  heading: number | null;
}

/**
 * Stores the position unless one of his was received less than `spacingMs` ago. The transaction
 * takes an advisory lock on the driver, so two reports arriving together (two tabs, two app
 * instances) are spaced too: one stores, the other sees it. Answers false when refused.
 */
export async function insertSpaced(db: Db, p: NewPosition, spacingMs: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`driver-position:${p.driverId}`}, 0))`);
    const [recent] = await tx
      .select({ id: driverPositions.id })
      .from(driverPositions)
      .where(and(eq(driverPositions.driverId, p.driverId), gte(driverPositions.receivedAt, new Date(p.receivedAt.getTime() - spacingMs))))
      .limit(1);
    if (recent) return false;
    await tx.insert(driverPositions).values(p);
    return true;
  });
}

export interface ParkDriverRow {
  id: string;
  firstName: string;
  lastName: string;
  phone: string;
  image: string | null;
  profileId: string | null;
}

const driverRefColumns = {
  id: drivers.id,
  firstName: drivers.firstName,
  lastName: drivers.lastName,
  phone: drivers.phone,
  image: drivers.image,
  // His 'driver' profile in this park, when his account exists.
  // Spelled out: drizzle writes a column of the selected table unqualified, which p's columns would shadow.
  profileId: sql<string | null>`(select p.id from ${profiles} p where p.user_id = "drivers"."user_id" and p.park_id = "drivers"."park_id" and p.type = 'driver' and p.removed_at is null limit 1)`,
};

/**
 * The park's driver `id` names: his driver id, or his 'driver' profile's id (the spec's
 * profile_id). Undefined for another park's or an unknown id.
 */
export async function parkDriverByAnyId(db: Pick<Db, 'select'>, parkId: string, id: string): Promise<ParkDriverRow | undefined> {
  const [row] = await db
    .select(driverRefColumns)
    .from(drivers)
    .where(
      and(
        eq(drivers.parkId, parkId),
        sql`(${drivers.id} = ${id} or ${drivers.userId} = (select p.user_id from ${profiles} p where p.id = ${id} and p.park_id = ${parkId} and p.type = 'driver'))`,
      ),
    )
    .orderBy(sql`${drivers.id} = ${id} desc`)
    .limit(1);
  return row;
}

export interface ConsentedDriverRow extends ParkDriverRow {
  consentAt: Date;
  last: PositionRow | null;
}

/** The park's live drivers who consented, each with his last position (by fix time). */
export async function consentedDrivers(db: Db, parkId: string): Promise<ConsentedDriverRow[]> {
  const rows = await db
    .select({ ...driverRefColumns, consentAt: drivers.gpsConsentAt })
    .from(drivers)
    .where(and(eq(drivers.parkId, parkId), isNotNull(drivers.gpsConsentAt), sql`${drivers.desactivateAt} is null`))
    .orderBy(drivers.lastName, drivers.firstName);
  if (!rows.length) return [];
  // One statement for every last position: the (driver_id, recorded_at desc) index, once per driver.
  const last = await db
    .select()
    .from(driverPositions)
    .where(
      sql`${driverPositions.id} in (select (select x.id from ${driverPositions} x where x.driver_id = d.id order by x.recorded_at desc limit 1)
        from unnest(${sql.param(rows.map((r) => r.id))}::uuid[]) as d(id))`,
    );
  const byDriver = new Map(last.map((p) => [p.driverId, p]));
  return rows.map((r) => ({ ...r, consentAt: r.consentAt!, last: byDriver.get(r.id) ?? null }));
}

/** A page of his positions between two instants (either open), newest first, and how many there are. */
export async function positionPage(
  db: Pick<Db, 'select'>,
  parkId: string,
  driverId: string,
  range: { from?: Date; to?: Date },
  window: { limit: number; offset: number },
): Promise<{ items: PositionRow[]; total: number }> {
  const where = and(
    eq(driverPositions.driverId, driverId),
    eq(driverPositions.parkId, parkId),
    range.from ? gte(driverPositions.recordedAt, range.from) : undefined,
    range.to ? lte(driverPositions.recordedAt, range.to) : undefined,
  );
  const [items, [{ n }]] = await Promise.all([
    db.select().from(driverPositions).where(where).orderBy(desc(driverPositions.recordedAt), desc(driverPositions.id)).limit(window.limit).offset(window.offset),
    db.select({ n: count() }).from(driverPositions).where(where),
  ]);
  return { items, total: Number(n) };
}

export async function parkRetentionDays(db: Pick<Db, 'select'>, parkId: string): Promise<number> {
  const [row] = await db.select({ days: parks.gpsRetentionDays }).from(parks).where(eq(parks.id, parkId)).limit(1);
  return row?.days ?? 90;
}

/**
 * Deletes up to `batch` positions of the park older than its retention at `now`; answers how many
 * went. The job repeats it until a batch comes back short.
 */
export async function deleteExpiredBatch(db: Db, parkId: string, cutoff: Date, batch: number): Promise<number> {
  const gone = await db.execute<{ id: string }>(sql`
    delete from ${driverPositions} where id in (
      select id from ${driverPositions} where park_id = ${parkId} and recorded_at < ${cutoff.toISOString()}::timestamptz limit ${batch}
    ) returning id`);
  return gone.rows.length;
}

/** The parks holding positions older than their retention at `now`, with their cutoff. */
export async function parksWithExpired(db: Db, now: Date): Promise<{ parkId: string; cutoff: Date }[]> {
  const { rows } = await db.execute<{ park_id: string; cutoff: Date | string }>(sql`
    select p.id as park_id, ${now.toISOString()}::timestamptz - make_interval(days => p.gps_retention_days) as cutoff
    from ${parks} p
    where exists (
      select 1 from ${driverPositions} x
      where x.park_id = p.id and x.recorded_at < ${now.toISOString()}::timestamptz - make_interval(days => p.gps_retention_days)
    )`);
  return rows.map((r) => ({ parkId: r.park_id, cutoff: new Date(r.cutoff) }));
}
