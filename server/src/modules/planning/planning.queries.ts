import { and, asc, eq, gte, inArray, isNull, lte, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db/database.ts';
import { anyId, prepared } from '../../platform/db/prepared.ts';
import { brands, models } from '../catalog/catalog.tables.ts';
import { drivers } from '../drivers/drivers.tables.ts';
import { vehicleConfigs, vehicleRecipeConfigs, vehicles, type VehicleStatus } from '../vehicles/vehicles.tables.ts';
import type { BusyDay, EngineDriver } from './planning-engine.ts';
import { planningEntries, rotationGroupVehicles, rotationGroups } from './planning.tables.ts';

/**
 * Reading what the planning needs. Vehicles and drivers are read here read-only (their names,
 * status, days off), like the vehicles module reads drivers for its list: the calendar shows them
 * on every entry and going through each module's service would cost a round trip per entry.
 *
 * The calendar's read is one query over (park, day) (planning_entries_park_day_idx), or
 * (driver, day) for a driver's programme, and (vehicle, day, slot) for a vehicle's; names come from
 * the joined rows and scalar sub-selects on primary keys (brand, model, salary), as the vehicle
 * list does.
 */
export type Reader = Pick<Db, 'select' | 'selectDistinct'>;

const nameOf = (table: typeof brands | typeof models, id: PgColumn) => sql<string | null>`(select t.name from ${table} t where t.id = ${id})`;

export const vehicleRefColumns = {
  id: vehicles.id,
  label: vehicles.label,
  registrationNumber: vehicles.registrationNumber,
  status: vehicles.status,
  brandName: nameOf(brands, vehicles.brandId),
  modelName: nameOf(models, vehicles.modelId),
};
export type VehicleRefRow = { id: string; label: string | null; registrationNumber: string; status: string; brandName: string | null; modelName: string | null };

export const driverRefColumns = {
  id: drivers.id,
  firstName: drivers.firstName,
  lastName: drivers.lastName,
  image: drivers.image,
};
export type DriverRefRow = { id: string; firstName: string; lastName: string; image: string | null };

/** The park's vehicles among these ids (all of them when `ids` is absent), in registration order. */
export async function vehicleRefs(db: Reader, parkId: string, ids?: string[]): Promise<VehicleRefRow[]> {
  if (ids && ids.length === 0) return [];
  return prepared(
    db,
    db
      .select(vehicleRefColumns)
      .from(vehicles)
      .where(and(eq(vehicles.parkId, parkId), ids ? anyId(vehicles.id, ids) : undefined))
      .orderBy(asc(vehicles.registrationNumber)),
  );
}

/** The vehicles of the park with a work planning configured. */
export async function configuredVehicleIds(db: Reader, parkId: string): Promise<string[]> {
  const rows = await prepared(db, db.select({ id: vehicleConfigs.vehicleId }).from(vehicleConfigs).where(eq(vehicleConfigs.parkId, parkId)));
  return rows.map((r) => r.id);
}

/** A rotation group of the park, or null. */
export async function findRotationGroup(db: Reader, parkId: string, id: string) {
  const [row] = await db
    .select()
    .from(rotationGroups)
    .where(and(eq(rotationGroups.id, id), eq(rotationGroups.parkId, parkId)))
    .limit(1);
  return row ?? null;
}

export async function rotationGroupVehicleIds(db: Reader, parkId: string, groupId: string): Promise<string[]> {
  const rows = await db
    .select({ id: rotationGroupVehicles.vehicleId })
    .from(rotationGroupVehicles)
    .where(and(eq(rotationGroupVehicles.parkId, parkId), eq(rotationGroupVehicles.rotationGroupId, groupId)));
  return rows.map((r) => r.id);
}

/** The rotation group and interim of each of these vehicles that is in a group. */
export async function rotationOfVehicles(db: Reader, parkId: string, vehicleIds: string[]): Promise<Map<string, { groupId: string; interimDriverId: string | null }>> {
  const out = new Map<string, { groupId: string; interimDriverId: string | null }>();
  if (vehicleIds.length === 0) return out;
  const rows = await prepared(
    db,
    db
      .select({ vehicleId: rotationGroupVehicles.vehicleId, groupId: rotationGroupVehicles.rotationGroupId, interimDriverId: rotationGroupVehicles.interimDriverId })
      .from(rotationGroupVehicles)
      .where(and(eq(rotationGroupVehicles.parkId, parkId), anyId(rotationGroupVehicles.vehicleId, vehicleIds))),
  );
  for (const r of rows) out.set(r.vehicleId, { groupId: r.groupId, interimDriverId: r.interimDriverId });
  return out;
}

export type PlanningDriverRow = EngineDriver & { image: string | null; phone: string };

/** A driver's columns as the engine and availability read them (PlanningDriverRow). */
const planningDriverColumns = {
  id: drivers.id,
  firstName: drivers.firstName,
  lastName: drivers.lastName,
  image: drivers.image,
  phone: drivers.phone,
  blockedAt: drivers.blockedAt,
  desactivateAt: drivers.desactivateAt,
  daysOff: drivers.daysOff,
  startWorkAt: drivers.startWorkAt,
};

/** The park's drivers among these ids, with what availability reads. */
export async function planningDrivers(db: Reader, parkId: string, ids: string[]): Promise<PlanningDriverRow[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  return prepared(
    db,
    db
      .select(planningDriverColumns)
      .from(drivers)
      .where(and(eq(drivers.parkId, parkId), anyId(drivers.id, unique))),
  );
}

/**
 * The days these drivers already hold, in the period, on vehicles other than `exceptVehicleIds`
 * (whose entries are about to be replaced): what makes a driver busy elsewhere.
 */
export async function busyDays(db: Reader, parkId: string, driverIds: string[], exceptVehicleIds: string[], start: string, end: string): Promise<BusyDay[]> {
  const unique = [...new Set(driverIds)];
  if (unique.length === 0) return [];
  return db
    .selectDistinct({ driverId: planningEntries.driverId, day: planningEntries.day, vehicleId: planningEntries.vehicleId, registrationNumber: vehicles.registrationNumber })
    .from(planningEntries)
    .innerJoin(vehicles, eq(vehicles.id, planningEntries.vehicleId))
    .where(
      and(
        eq(planningEntries.parkId, parkId),
        gte(planningEntries.day, start),
        lte(planningEntries.day, end),
        anyId(planningEntries.driverId, unique),
        exceptVehicleIds.length ? sql`not (${anyId(planningEntries.vehicleId, exceptVehicleIds)})` : undefined,
      ),
    );
}

/** Each vehicle's configured salary amount (minor units), for the salary profile of a salary day. */
export async function salaryAmounts(db: Reader, parkId: string, vehicleIds: string[]): Promise<Map<string, number | null>> {
  const out = new Map<string, number | null>();
  if (vehicleIds.length === 0) return out;
  const rows = await prepared(
    db,
    db
      .select({ vehicleId: vehicleRecipeConfigs.vehicleId, salaryAmount: vehicleRecipeConfigs.salaryAmount })
      .from(vehicleRecipeConfigs)
      .where(and(eq(vehicleRecipeConfigs.parkId, parkId), anyId(vehicleRecipeConfigs.vehicleId, vehicleIds))),
  );
  for (const r of rows) out.set(r.vehicleId, r.salaryAmount);
  return out;
}

// ---------------------------------------------------------------- the calendar

export interface EntryRow {
  id: string;
  vehicleId: string;
  driverId: string;
  day: string;
  slot: 'full' | 'first' | 'second';
  startsAt: Date;
  endsAt: Date;
  isSalaryDay: boolean;
  role: 'principal' | 'interim';
  rotationGroupId: string | null;
  salaryAmount: number | null;
  vehicle: VehicleRefRow;
  driver: DriverRefRow;
}

export interface EntryFilter {
  start: string;
  end: string;
  vehicleId?: string;
  driverId?: string;
  vehicleIds?: string[];
}

/** The confirmed entries over a period with their vehicle and driver names: one query. */
export async function entriesWithNames(db: Reader, parkId: string, f: EntryFilter): Promise<EntryRow[]> {
  const conds: (SQL | undefined)[] = [eq(planningEntries.parkId, parkId), gte(planningEntries.day, f.start), lte(planningEntries.day, f.end)];
  if (f.vehicleId) conds.push(eq(planningEntries.vehicleId, f.vehicleId));
  if (f.driverId) conds.push(eq(planningEntries.driverId, f.driverId));
  if (f.vehicleIds) conds.push(f.vehicleIds.length ? anyId(planningEntries.vehicleId, f.vehicleIds) : sql`false`);
  const rows = await prepared(
    db,
    db
      .select({
        id: planningEntries.id,
        vehicleId: planningEntries.vehicleId,
        driverId: planningEntries.driverId,
        day: planningEntries.day,
        slot: planningEntries.slot,
        startsAt: planningEntries.startsAt,
        endsAt: planningEntries.endsAt,
        isSalaryDay: planningEntries.isSalaryDay,
        role: planningEntries.role,
        rotationGroupId: planningEntries.rotationGroupId,
        // Only a salary day shows the salary: the sub-select runs for those rows alone.
        salaryAmount: sql<number | null>`case when ${planningEntries.isSalaryDay} then (select r.salary_amount from ${vehicleRecipeConfigs} r where r.vehicle_id = ${planningEntries.vehicleId}) end`.mapWith(
          (v) => (v == null ? null : Number(v)),
        ),
        vehicle: vehicleRefColumns,
        driver: driverRefColumns,
      })
      .from(planningEntries)
      .innerJoin(vehicles, eq(vehicles.id, planningEntries.vehicleId))
      .innerJoin(drivers, eq(drivers.id, planningEntries.driverId))
      .where(and(...conds))
      .orderBy(asc(planningEntries.day), asc(vehicles.registrationNumber), asc(planningEntries.slot)),
  );
  return rows as EntryRow[];
}

/** The park's vehicles in maintenance (or only this one). */
export async function vehiclesInStatus(db: Reader, parkId: string, statuses: VehicleStatus[], vehicleId?: string): Promise<VehicleRefRow[]> {
  return db
    .select(vehicleRefColumns)
    .from(vehicles)
    .where(and(eq(vehicles.parkId, parkId), inArray(vehicles.status, statuses), vehicleId ? eq(vehicles.id, vehicleId) : undefined))
    .orderBy(asc(vehicles.registrationNumber));
}

/** One vehicle or driver of the park, for the work programmes (null when not of this park). */
export async function vehicleOfPark(db: Reader, parkId: string, id: string): Promise<VehicleRefRow | null> {
  const [row] = await db.select(vehicleRefColumns).from(vehicles).where(and(eq(vehicles.id, id), eq(vehicles.parkId, parkId))).limit(1);
  return row ?? null;
}

export async function driverOfPark(db: Reader, parkId: string, id: string): Promise<DriverRefRow | null> {
  const [row] = await db.select(driverRefColumns).from(drivers).where(and(eq(drivers.id, id), eq(drivers.parkId, parkId))).limit(1);
  return row ?? null;
}

// ---------------------------------------------------------------- availability

const noEntryOf = (column: PgColumn, start: string, end: string, by: 'vehicle' | 'driver') =>
  sql`not exists (select 1 from ${planningEntries} e where e.${sql.raw(by === 'vehicle' ? 'vehicle_id' : 'driver_id')} = ${column} and e.day between ${start} and ${end})`;

/**
 * The park's vehicles in service (not in maintenance nor deactivated) without any entry in the
 * period; with a rotation group, not those of another group.
 */
export async function availableVehicles(db: Reader, parkId: string, start: string, end: string, rotationGroupId?: string): Promise<VehicleRefRow[]> {
  return db
    .select(vehicleRefColumns)
    .from(vehicles)
    .where(
      and(
        eq(vehicles.parkId, parkId),
        notInArray(vehicles.status, ['maintain', 'deactivated']),
        noEntryOf(vehicles.id, start, end, 'vehicle'),
        rotationGroupId
          ? sql`not exists (select 1 from ${rotationGroupVehicles} g where g.vehicle_id = ${vehicles.id} and g.rotation_group_id <> ${rotationGroupId})`
          : undefined,
      ),
    )
    .orderBy(asc(vehicles.registrationNumber));
}

/**
 * The park's active drivers (neither suspended nor deactivated) without any entry in the period;
 * with a rotation group, not those holding a vehicle of another group.
 */
export async function availableDrivers(db: Reader, parkId: string, start: string, end: string, rotationGroupId?: string) {
  return db
    .select({ ...driverRefColumns, phone: drivers.phone })
    .from(drivers)
    .where(
      and(
        eq(drivers.parkId, parkId),
        isNull(drivers.blockedAt),
        isNull(drivers.desactivateAt),
        noEntryOf(drivers.id, start, end, 'driver'),
        rotationGroupId
          ? sql`not exists (select 1 from ${rotationGroupVehicles} g where (g.principal_driver_id = ${drivers.id} or g.interim_driver_id = ${drivers.id}) and g.rotation_group_id <> ${rotationGroupId})`
          : undefined,
      ),
    )
    .orderBy(asc(drivers.lastName), asc(drivers.firstName));
}

/** Drivers suspended, deactivated, or with days off: the candidates for the unavailability list. */
export async function unavailableDriverCandidates(db: Reader, parkId: string): Promise<PlanningDriverRow[]> {
  return db
    .select(planningDriverColumns)
    .from(drivers)
    .where(and(eq(drivers.parkId, parkId), or(sql`${drivers.blockedAt} is not null`, sql`${drivers.desactivateAt} is not null`, sql`cardinality(${drivers.daysOff}) > 0`)))
    .orderBy(asc(drivers.lastName), asc(drivers.firstName));
}
