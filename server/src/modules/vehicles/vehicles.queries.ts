import { and, asc, count, desc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { TVehicleListQuery } from '@flotte/contract';
import type { Db } from '../../platform/db/database.ts';
import { pageWindow } from '../../platform/pagination.ts';
import { brands, colors, models, vehicleContractTypes, vehicleTypes } from '../catalog/catalog.tables.ts';
import { drivers } from '../drivers/drivers.tables.ts';
import { weekdayOf } from './current-driver.ts';
import { vehicleConfigDrivers, vehicleConfigs, vehicleGroups, vehicleRecipeConfigs, vehicles } from './vehicles.tables.ts';
import { anyId, prepared } from '../../platform/db/prepared.ts';
import { searchPage } from '../../platform/db/search-page.ts';
import { containsPattern, folded, foldText } from '../../platform/db/search-text.ts';

/**
 * Reading vehicles. Reference names come in the same query as the vehicle (one round trip per
 * page); plannings and their drivers in one more query for the whole page, so the cost of a page
 * does not grow with the fleet. Drivers' names and status are read here, read-only, because every
 * row of the list shows its current driver.
 */
export type Reader = Pick<Db, 'select' | 'selectDistinct'>;

/**
 * Reference names are read by scalar sub-selects rather than joins: with seven joined tables the
 * planner spent about 4 ms per page searching join orders (ten times the execution), a cost paid
 * on every request since each page is a new statement. A sub-select on a primary key plans in
 * microseconds and runs once per row of the page.
 */
const nameOf = (table: PgTable, id: PgColumn) => sql<string>`(select t.name from ${table} t where t.id = ${id})`;
const listColumns = {
  vehicle: vehicles,
  brandName: nameOf(brands, vehicles.brandId),
  modelName: nameOf(models, vehicles.modelId),
  typeName: nameOf(vehicleTypes, vehicles.vehicleTypeId),
  colorName: nameOf(colors, vehicles.colorId),
  colorHex: sql<string | null>`(select c.hex from ${colors} c where c.id = ${vehicles.colorId})`,
  groupTitle: sql<string | null>`(select g.title from ${vehicleGroups} g where g.id = ${vehicles.groupId})`,
  groupDescription: sql<string | null>`(select g.description from ${vehicleGroups} g where g.id = ${vehicles.groupId})`,
  contractTypeName: nameOf(vehicleContractTypes, vehicles.contractTypeId),
  // Scalar sub-selects (true or null), not EXISTS: the planner may turn an EXISTS into a hash of the
  // whole table, built on every request, where these read two keys per row of the page.
  hasConfig: sql<boolean>`coalesce((select true from ${vehicleConfigs} vc where vc.vehicle_id = ${vehicles.id}), false)`,
  hasRecipe: sql<boolean>`coalesce((select true from ${vehicleRecipeConfigs} vr where vr.vehicle_id = ${vehicles.id}), false)`,
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
  return db.select(listColumns).from(vehicles);
}

/**
 * Label or registration (with or without its dashes and spaces) containing what was typed, read
 * from the stored folded column (trigram index), or a brand or model name containing it. Those
 * models are looked up first, in the small reference tables, and passed as values: the planner
 * then reads the (park, model) index for them, where a sub-select it can't see into made it guess
 * a tenth of the fleet matches and scan every vehicle of every park.
 */
async function searchCondition(db: Reader, search: string): Promise<SQL | undefined> {
  const text = foldText(search.trim());
  if (!text) return undefined;
  const like = containsPattern(text);
  const plate = text.replace(/[\s-]/g, '');
  const matchingModels = await prepared(
    db,
    db
      .select({ id: models.id })
      .from(models)
      .innerJoin(brands, eq(brands.id, models.brandId))
      // "Brand Model" contains every text a model name alone contains.
      .where(sql`${folded(sql`${brands.name} || ' ' || ${models.name}`)} like ${like}`),
  );
  return or(
    sql`${vehicles.searchText} like ${like}`,
    ...(plate && plate !== text ? [sql`${vehicles.searchText} like ${containsPattern(plate)}`] : []),
    ...(matchingModels.length ? [inArray(vehicles.modelId, matchingModels.map((m) => m.id))] : []),
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

async function listCondition(db: Reader, parkId: string, q: TVehicleListQuery): Promise<SQL> {
  const conds: (SQL | undefined)[] = [eq(vehicles.parkId, parkId)];
  if (q.search) conds.push(await searchCondition(db, q.search));
  if (q.status) conds.push(eq(vehicles.status, q.status));
  if (q.group) conds.push(eq(vehicles.groupId, q.group));
  if (q.available_on_date) conds.push(eq(vehicles.status, 'active'), sql`not ${worksOn(weekdayOf(q.available_on_date))}`);
  return and(...conds)!;
}

const NEWEST_FIRST = [desc(vehicles.createdAt), desc(vehicles.id)];

/**
 * A page of the park's vehicles, newest first, and how many match. Without a search the (park,
 * creation) index gives the page directly; a search goes through searchPage (see why there).
 */
export async function listVehicleRows(db: Reader & Pick<Db, 'execute'>, parkId: string, q: TVehicleListQuery): Promise<{ rows: VehicleRow[]; total: number }> {
  const where = await listCondition(db, parkId, q);
  const { limit, offset } = pageWindow(q);
  if (q.search) {
    const { ids, total } = await searchPage(db, {
      table: vehicles,
      id: vehicles.id,
      where,
      orderBy: [{ column: vehicles.createdAt, desc: true }, { column: vehicles.id, desc: true }],
      limit,
      offset,
    });
    const rows = ids.length ? await prepared(db, selectVehicles(db).where(and(eq(vehicles.parkId, parkId), anyId(vehicles.id, ids))).orderBy(...NEWEST_FIRST)) : [];
    return { rows: rows as VehicleRow[], total };
  }
  const [rows, [{ total }]] = await Promise.all([
    prepared(db, selectVehicles(db).where(where).orderBy(...NEWEST_FIRST).limit(limit).offset(offset)),
    prepared(db, db.select({ total: count() }).from(vehicles).where(where)),
  ]);
  return { rows: rows as VehicleRow[], total };
}

export async function findVehicleRow(db: Reader, parkId: string, id: string): Promise<VehicleRow | null> {
  const [row] = await prepared(db, selectVehicles(db).where(and(eq(vehicles.id, id), eq(vehicles.parkId, parkId))).limit(1));
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
    prepared(db, db.select().from(vehicleConfigs).where(and(eq(vehicleConfigs.parkId, parkId), anyId(vehicleConfigs.vehicleId, vehicleIds)))),
    prepared(
      db,
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
        .where(and(eq(vehicleConfigDrivers.parkId, parkId), anyId(vehicleConfigDrivers.vehicleId, vehicleIds)))
        .orderBy(asc(vehicleConfigDrivers.vehicleId), asc(vehicleConfigDrivers.position)),
    ),
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
