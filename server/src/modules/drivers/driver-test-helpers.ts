import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import type { SignedIn, TestContext } from '../../../test/test-context.ts';
import { brands, colors, driverTypes, grades, models, vehicleTypes } from '../catalog/catalog.tables.ts';
import { vehicleConfigDrivers, vehicleConfigs, vehicles } from '../vehicles/vehicles.tables.ts';

/** Test helpers of the drivers module: reference rows, drivers through the API, vehicles by hand. */

export const as = (s: SignedIn) => ({ token: s.token, profileId: s.profile_id });

/** A phone number nobody used yet in this test database. */
export function freshPhone(): string {
  return `+2376${(randomBytes(4).readUInt32BE(0) % 100_000_000).toString().padStart(8, '0')}`;
}

/**
 * A shared reference row by name: the seeded one when the reference-data migration holds it,
 * else one created for the test.
 */
async function sharedRow(db: Db, table: typeof grades | typeof driverTypes, name: string): Promise<number> {
  const [row] = await db.select({ id: table.id }).from(table).where(and(eq(table.name, name), isNull(table.parkId))).limit(1);
  if (row) return row.id;
  const [created] = await db.insert(table).values({ name }).returning({ id: table.id });
  return created.id;
}

export async function referenceIds(db: Db) {
  return {
    titulaire: await sharedRow(db, driverTypes, 'Titulaire'),
    remplacant: await sharedRow(db, driverTypes, 'Remplaçant'),
    intermediaire: await sharedRow(db, grades, 'Intermediaire'),
    expert: await sharedRow(db, grades, 'Expert'),
  };
}

/** Creates a driver through the API and answers it. */
export async function addDriver(ctx: TestContext, s: SignedIn, body: Record<string, unknown>) {
  const r = await ctx.api('POST', '/api/driver', { ...as(s), body });
  if (r.code !== 5000) throw new Error(`driver not created: ${r.status} ${r.message}`);
  return r.data as { id: string; first_name: string; last_name: string; status: string };
}

async function firstOrCreate<T extends { id: number }>(find: () => Promise<T[]>, create: () => Promise<T[]>): Promise<number> {
  const [row] = await find();
  return (row ?? (await create())[0]).id;
}

/** A vehicle of the park, written straight into the table (the vehicles module is not needed). */
export async function insertVehicle(
  db: Db,
  parkId: string,
  v: { registration: string; label?: string; status?: 'active' | 'deactivated'; images?: string[]; createdAt?: Date },
): Promise<string> {
  const vehicleTypeId = await firstOrCreate(
    () => db.select({ id: vehicleTypes.id }).from(vehicleTypes).limit(1),
    () => db.insert(vehicleTypes).values({ name: 'Berline' }).returning({ id: vehicleTypes.id }),
  );
  const brandId = await firstOrCreate(
    () => db.select({ id: brands.id }).from(brands).where(eq(brands.name, 'Toyota')).limit(1),
    () => db.insert(brands).values({ name: 'Toyota' }).returning({ id: brands.id }),
  );
  const modelId = await firstOrCreate(
    () => db.select({ id: models.id }).from(models).where(and(eq(models.brandId, brandId), eq(models.name, 'Corolla'))).limit(1),
    () => db.insert(models).values({ brandId, name: 'Corolla' }).returning({ id: models.id }),
  );
  const colorId = await firstOrCreate(
    () => db.select({ id: colors.id }).from(colors).limit(1),
    () => db.insert(colors).values({ name: 'Blanc', hex: '#FFFFFF' }).returning({ id: colors.id }),
  );
  const [row] = await db
    .insert(vehicles)
    .values({
      parkId,
      vehicleTypeId,
      brandId,
      modelId,
      colorId,
      registrationNumber: v.registration,
      label: v.label ?? null,
      status: v.status ?? 'active',
      images: v.images ?? [],
      ...(v.createdAt ? { createdAt: v.createdAt } : {}),
    })
    .returning({ id: vehicles.id });
  return row.id;
}

/** A daily work planning listing these drivers with their work days (1 = Monday ... 7 = Sunday). */
export async function insertPlanning(
  db: Db,
  parkId: string,
  vehicleId: string,
  profiles: { driverId: string; workDays: number[]; hourIntervalId?: number }[],
  workPlanning: 'daily' | 'hourly' | 'weekly' = 'daily',
): Promise<void> {
  await db.insert(vehicleConfigs).values({
    vehicleId,
    parkId,
    workPlanning,
    numberDrivers: profiles.length,
    startTime: '08:30',
    endTime: '18:30',
    passationTime: workPlanning === 'hourly' ? '12:30' : null,
  });
  await db.insert(vehicleConfigDrivers).values(
    profiles.map((p, i) => ({ vehicleId, driverId: p.driverId, parkId, position: i + 1, workDays: p.workDays, hourIntervalId: p.hourIntervalId ?? null })),
  );
}

/** 1 = Monday ... 7 = Sunday of a `yyyy-MM-dd` day. */
export function weekday(day: string): number {
  const d = new Date(`${day}T00:00:00Z`).getUTCDay();
  return d === 0 ? 7 : d;
}
