import { and, asc, count, desc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { TVehicleListQuery } from '@flotte/contract';
import type { Db } from '../../platform/db/database.ts';
import { pageWindow } from '../../platform/pagination.ts';
import { brands, colors, models, vehicleContractTypes, vehicleTypes } from '../catalog/catalog.tables.ts';
import { drivers } from '../drivers/drivers.tables.ts';
import { weekdayOf } from './current-driver.ts';
import { vehicleConfigDrivers, vehicleConfigs, vehicleGroups, vehicleRecipeConfigs, vehicles } from './vehicles.tables.ts';
import { containsPattern, folded, foldText } from '../../platform/db/search-text.ts';

/**
 * Reading vehicles. Reference names come in the same query as the vehicle (one round trip per
 * page); plannings and their drivers in one more query for the whole page, so the cost of a page
 * does not grow with the fleet. Drivers' names and status are read here, read-only, because every
 * row of the list shows its current driver.
 */
export type Reader = Pick<Db, 'select' | 'selectDistinct'>;

const listColumns = {
  vehicle: vehicles,
  brandName: brands.name,
  modelName: models.name,
  typeName: vehicleTypes.name,
  colorName: colors.name,
  colorHex: colors.hex,
  groupTitle: vehicleGroups.title,
  groupDescription: vehicleGroups.description,
  contractTypeName: vehicleContractTypes.name,
  hasConfig: sql<boolean>`exists (select 1 from ${vehicleConfigs} vc where vc.vehicle_id = ${vehicles.id})`,
  hasRecipe: sql<boolean>`exists (select 1 from ${vehicleRecipeConfigs} vr where vr.vehicle_id = ${vehicles.id})`,
};

export type VehicleRow = {
  vehicle: typeof vehicles.$inferSelect;
  brandName: string;
  modelName: string;
  typeName: string;
  colorName: string;
  colorHex: string;
  groupTitle: string | null;
  groupDescription: string | null;
  contractTypeName: string | null;
  hasConfig: boolean;
  hasRecipe: boolean;
};

/** The vehicles with their reference names, group and contract type: one round trip. */
function selectVehicles(db: Reader) {
  return db
    .select(listColumns)
    .from(vehicles)
    .innerJoin(brands, eq(brands.id, vehicles.brandId))
    .innerJoin(models, eq(models.id, vehicles.modelId))
    .innerJoin(vehicleTypes, eq(vehicleTypes.id, vehicles.vehicleTypeId))
    .innerJoin(colors, eq(colors.id, vehicles.colorId))
    .leftJoin(vehicleGroups, eq(vehicleGroups.id, vehicles.groupId))
    .leftJoin(vehicleContractTypes, eq(vehicleContractTypes.id, vehicles.contractTypeId));
}

/**
 * Label or registration (with or without its dashes and spaces) containing what was typed, read
 * from the stored folded column (trigram index), or a brand or model name containing it, matched
 * on the small reference tables first and then by model id (index on park and model).
 */
function searchCondition(search: string): SQL | undefined {
  const text = foldText(search.trim());
  if (!text) return undefined;
  const like = containsPattern(text);
  const plate = text.replace(/[\s-]/g, '');
  return or(
    sql`${vehicles.searchText} like ${like}`,
    ...(plate && plate !== text ? [sql`${vehicles.searchText} like ${containsPattern(plate)}`] : []),
    sql`${vehicles.modelId} in (select m.id from ${models} m join ${brands} b on b.id = m.brand_id
      where ${folded(sql`b.name || ' ' || m.name`)} like ${like} or ${folded(sql`m.name`)} like ${like})`,
  );
}

/**
 * A vehicle works on a weekday when its planning puts someone at the wheel that day (the reading of
 * current-driver.ts): any day under automatic alternation; a driver's work day; any day for an
 * hourly driver without work days; the salary day as soon as someone works at all.
 */
export function worksOn(weekday: number): SQL {
  return sql`exists (select 1 from ${vehicleConfigs} c
    where c.vehicle_id = ${vehicles.id}
      and exists (select 1 from ${vehicleConfigDrivers} d where d.vehicle_id = c.vehicle_id and (
        (c.alternation and c.number_drivers = 2 and c.work_planning <> 'hourly')
        or ${weekday}::int = any(d.work_days)
        or (c.work_planning = 'hourly' and cardinality(d.work_days) = 0)
        or (c.salary_day_id = ${weekday}::int and (cardinality(d.work_days) > 0 or c.work_planning = 'hourly')))))`;
}

function listCondition(parkId: string, q: TVehicleListQuery): SQL {
  const conds: (SQL | undefined)[] = [eq(vehicles.parkId, parkId)];
  if (q.search) conds.push(searchCondition(q.search));
  if (q.status) conds.push(eq(vehicles.status, q.status));
  if (q.group) conds.push(eq(vehicles.groupId, q.group));
  if (q.available_on_date) conds.push(eq(vehicles.status, 'active'), sql`not ${worksOn(weekdayOf(q.available_on_date))}`);
  return and(...conds)!;
}

/** A page of the park's vehicles, newest first, and how many match. */
export async function listVehicleRows(db: Reader, parkId: string, q: TVehicleListQuery): Promise<{ rows: VehicleRow[]; total: number }> {
  const where = listCondition(parkId, q);
  const { limit, offset } = pageWindow(q);
  const [rows, [{ total }]] = await Promise.all([
    selectVehicles(db).where(where).orderBy(desc(vehicles.createdAt), desc(vehicles.id)).limit(limit).offset(offset),
    // Brand and model are joined only when the search needs them.
    q.search
      ? db
          .select({ total: count() })
          .from(vehicles)
          .innerJoin(brands, eq(brands.id, vehicles.brandId))
          .innerJoin(models, eq(models.id, vehicles.modelId))
          .where(where)
      : db.select({ total: count() }).from(vehicles).where(where),
  ]);
  return { rows: rows as VehicleRow[], total };
}

export async function findVehicleRow(db: Reader, parkId: string, id: string): Promise<VehicleRow | null> {
  const [row] = await selectVehicles(db)
    .where(and(eq(vehicles.id, id), eq(vehicles.parkId, parkId)))
    .limit(1);
  return (row as VehicleRow | undefined) ?? null;
}

/** Whether another vehicle of the park carries this registration (in any case). */
export async function registrationTaken(db: Reader, parkId: string, registration: string, exceptId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: vehicles.id })
    .from(vehicles)
    .where(
      and(
        eq(vehicles.parkId, parkId),
        sql`upper(${vehicles.registrationNumber}) = upper(${registration})`,
        exceptId ? ne(vehicles.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return !!row;
}

// ---------------------------------------------------------------- plannings

export interface PlanningDriverRow {
  link: typeof vehicleConfigDrivers.$inferSelect;
  driver: {
    id: string;
    firstName: string;
    lastName: string;
    phone: string;
    image: string | null;
    blockedAt: Date | null;
    desactivateAt: Date | null;
  };
}

export interface StoredPlanning {
  config: typeof vehicleConfigs.$inferSelect;
  drivers: PlanningDriverRow[];
}

/** The plannings of these vehicles of the park, with their drivers in order. */
export async function planningsOf(db: Reader, parkId: string, vehicleIds: string[]): Promise<Map<string, StoredPlanning>> {
  const out = new Map<string, StoredPlanning>();
  if (vehicleIds.length === 0) return out;
  const [configs, links] = await Promise.all([
    db
      .select()
      .from(vehicleConfigs)
      .where(and(eq(vehicleConfigs.parkId, parkId), inArray(vehicleConfigs.vehicleId, vehicleIds))),
    db
      .select({
        link: vehicleConfigDrivers,
        driver: {
          id: drivers.id,
          firstName: drivers.firstName,
          lastName: drivers.lastName,
          phone: drivers.phone,
          image: drivers.image,
          blockedAt: drivers.blockedAt,
          desactivateAt: drivers.desactivateAt,
        },
      })
      .from(vehicleConfigDrivers)
      .innerJoin(drivers, eq(drivers.id, vehicleConfigDrivers.driverId))
      .where(and(eq(vehicleConfigDrivers.parkId, parkId), inArray(vehicleConfigDrivers.vehicleId, vehicleIds)))
      .orderBy(asc(vehicleConfigDrivers.vehicleId), asc(vehicleConfigDrivers.position)),
  ]);
  for (const config of configs) out.set(config.vehicleId, { config, drivers: [] });
  for (const row of links) out.get(row.link.vehicleId)?.drivers.push(row);
  return out;
}

/**
 * The other vehicles of the park, still in service (not deactivated), whose planning lists one of
 * these drivers: the candidates for a clash of work days.
 */
export async function otherVehiclesOfDrivers(
  db: Reader,
  parkId: string,
  driverIds: string[],
  exceptVehicleId: string,
): Promise<{ id: string; status: string; registrationNumber: string }[]> {
  if (driverIds.length === 0) return [];
  return db
    .selectDistinct({ id: vehicles.id, status: vehicles.status, registrationNumber: vehicles.registrationNumber })
    .from(vehicleConfigDrivers)
    .innerJoin(vehicles, eq(vehicles.id, vehicleConfigDrivers.vehicleId))
    .where(
      and(
        eq(vehicleConfigDrivers.parkId, parkId),
        inArray(vehicleConfigDrivers.driverId, driverIds),
        ne(vehicleConfigDrivers.vehicleId, exceptVehicleId),
        ne(vehicles.status, 'deactivated'),
      ),
    )
    .orderBy(asc(vehicles.registrationNumber));
}

export async function recipeOf(db: Reader, parkId: string, vehicleId: string) {
  const [row] = await db
    .select()
    .from(vehicleRecipeConfigs)
    .where(and(eq(vehicleRecipeConfigs.vehicleId, vehicleId), eq(vehicleRecipeConfigs.parkId, parkId)))
    .limit(1);
  return row ?? null;
}
