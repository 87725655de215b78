import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { TVehicleListQuery } from '@flotte/contract';
import type { Db } from '../../platform/db/database.ts';
import { pageWindow } from '../../platform/pagination.ts';
import { brands, colors, models, vehicleContractTypes, vehicleTypes } from '../catalog/catalog.tables.ts';
import { drivers } from '../drivers/drivers.tables.ts';
import { weekdayOf, type Planning } from './current-driver.ts';
import { vehicleConfigDrivers, vehicleConfigs, vehicleGroups, vehicleRecipeConfigs, vehicles, type VehicleStatus } from './vehicles.tables.ts';
import { anyId, prepared, statementValues, textQuery } from '../../platform/db/prepared.ts';
import { containsPattern, FOLD_FROM, FOLD_TO, foldText } from '../../platform/db/search-text.ts';
import { serviceUrgencyRankSql } from '../reminders/reminder-urgency.sql.ts';

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
  // The reminders module's rule (0 ok .. 3 overdue), over the vehicle's open reminders.
  serviceRank: sql<number>`${sql.raw(serviceUrgencyRankSql({ id: '"vehicles"."id"', mileage: '"vehicles"."mileage"', mileageForVidange: '"vehicles"."mileage_for_vidange"' }))}`,
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
  serviceRank: number;
};

/** The vehicles with their reference names, group and contract type: one round trip. */
function selectVehicles(db: Reader) {
  return db.select(listColumns).from(vehicles);
}

/** A vehicle's work planning as the list reads it, in one JSON array (see PLANNING_JSON). */
type PlanningJson = [
  workPlanning: 'hourly' | 'daily' | 'weekly',
  numberDrivers: number,
  startTime: string,
  endTime: string,
  passationTime: string | null,
  alternation: boolean,
  alternatingDays: number | null,
  alternatingWeeks: number | null,
  startAlternationAt: string | null,
  salaryDayConfig: boolean,
  salaryDayId: number | null,
  firstDriverAlternationId: string | null,
  drivers: [driverId: string, position: number, workDays: number[], hourIntervalId: number | null, startWorkAt: string | null, firstName: string, lastName: string, phone: string, image: string | null, active: boolean][],
];

/** One row of a page of the list, with the number of matches (also on the row of an empty page, whose id is null). */
export interface VehicleListRow {
  total: number;
  id: string | null;
  label: string | null;
  registration_number: string;
  status: VehicleStatus;
  brand_id: number;
  model_id: number;
  vehicle_type_id: number;
  color_id: number;
  group_id: string | null;
  image: string | null;
  created_at: Date;
  brand_name: string;
  model_name: string;
  type_name: string;
  color_name: string;
  color_hex: string;
  group_title: string | null;
  has_recipe: boolean;
  /** 0 ok, 1 soon, 2 due, 3 overdue (reminder-urgency.sql.ts). */
  service_rank: number;
  planning: PlanningJson | null;
}

/** The planning of a list row, as current-driver.ts reads it (the same fields as toPlanning). */
export function planningOfListRow(r: VehicleListRow): { planning: Planning; drivers: PlanningJson[12] } | null {
  const c = r.planning;
  if (!c) return null;
  return {
    planning: {
      vehicleStatus: r.status,
      workPlanning: c[0],
      numberDrivers: c[1],
      startTime: c[2],
      endTime: c[3],
      passationTime: c[4],
      alternation: c[5],
      alternatingDays: c[6],
      alternatingWeeks: c[7],
      startAlternationAt: c[8],
      salaryDayId: c[9] ? c[10] : null,
      firstDriverAlternationId: c[11],
      drivers: c[12].map((d) => ({ driverId: d[0], position: d[1], workDays: d[2], hourIntervalId: d[3], startWorkAt: d[4], active: d[9] })),
    },
    drivers: c[12],
  };
}

/**
 * The planning and its drivers in position order, one JSON array per row of the page: the
 * current driver is computed from it (current-driver.ts), as for a single vehicle.
 */
const PLANNING_JSON = `(select json_build_array(c.work_planning, c.number_drivers, c.start_time, c.end_time, c.passation_time, c.alternation,
            c.alternating_days, c.alternating_weeks, c.start_alternation_at, c.salary_day_config, c.salary_day_id, c.first_driver_alternation_id,
            (select coalesce(json_agg(json_build_array(d.driver_id, d.position, d.work_days, d.hour_interval_id, d.start_work_at, dr.first_name,
                                                       dr.last_name, dr.phone, dr.image, dr.blocked_at is null and dr.desactivate_at is null)
                                      order by d.position), '[]')
               from vehicle_config_drivers d join drivers dr on dr.id = d.driver_id
              where d.vehicle_id = v.id and d.park_id = v.park_id))
     from vehicle_configs c where c.vehicle_id = v.id)`;

/**
 * A vehicle works on a weekday when its planning puts someone at the wheel that day (the reading of
 * current-driver.ts): any day under automatic alternation; a driver's work day; any day for an
 * hourly driver without work days; the salary day as soon as someone works at all.
 */
const worksOn = (weekday: string) => `exists (select 1 from vehicle_configs c
    where c.vehicle_id = v.id
      and exists (select 1 from vehicle_config_drivers d where d.vehicle_id = c.vehicle_id and (
        (c.alternation and c.number_drivers = 2 and c.work_planning <> 'hourly')
        or ${weekday}::int = any(d.work_days)
        or (c.work_planning = 'hourly' and cardinality(d.work_days) = 0)
        or (c.salary_day_id = ${weekday}::int and (cardinality(d.work_days) > 0 or c.work_planning = 'hourly')))))`;

/** The vehicle's service urgency, by the reminders module's rule (reminder-urgency.sql.ts). */
const SERVICE_RANK = serviceUrgencyRankSql({ id: 'v.id', mileage: 'v.mileage', mileageForVidange: 'v.mileage_for_vidange' });

/** "Brand Model", folded: a model matches a search its brand and name together contain. */
const MODEL_NAME_TEXT = `translate(lower(b.name || ' ' || mo.name), '${FOLD_FROM}', '${FOLD_TO}')`;

/**
 * A page of the park's vehicles, newest first, with everything a row shows and how many match in
 * all: one statement. Reference names are scalar sub-selects (a join of seven tables cost the
 * planner more than running them), the planning comes as JSON.
 *
 * With a search, the matches are materialised once (through the trigram index: cost in proportion
 * to the matches, not to the fleet), then sorted and counted from that set. A plain `order by …
 * limit` would let the planner walk the sort index and filter row by row until the page is full,
 * which reads half the park when the matches sort late. A vehicle matches by its label or
 * registration (with or without its dashes and spaces), read from the stored folded column, or by
 * a brand or model name containing the text, whose model ids are looked up first in the small
 * reference tables (an array the planner reads the (park, model) index with). Searches stay
 * unnamed, so each text gets its own plan; the other filter combinations are named prepared
 * statements.
 */
export async function listVehiclePage(db: object, parkId: string, q: TVehicleListQuery): Promise<{ rows: VehicleListRow[]; total: number }> {
  const { values, $ } = statementValues();
  const conds = [`v.park_id = ${$(parkId)}`];
  const text = q.search ? foldText(q.search.trim()) : '';
  if (text) {
    const like = $(containsPattern(text));
    const plate = text.replace(/[\s-]/g, '');
    conds.push(`(v.search_text like ${like}` +
      (plate && plate !== text ? ` or v.search_text like ${$(containsPattern(plate))}` : '') +
      ` or v.model_id = any(array(select mo.id from models mo join brands b on b.id = mo.brand_id where ${MODEL_NAME_TEXT} like ${like})))`);
  }
  if (q.status) conds.push(`v.status = ${$(q.status)}`);
  if (q.group) conds.push(`v.group_id = ${$(q.group)}::uuid`);
  if (q.available_on_date) conds.push(`v.status = 'active'`, `not ${worksOn($(weekdayOf(q.available_on_date)))}`);
  const where = conds.join(' and ');
  const { limit, offset } = pageWindow(q);
  const window = `order by created_at desc, id desc limit ${$(limit)} offset ${$(offset)}`;
  const head = text
    ? `with m as materialized (select v.id, v.created_at from vehicles v where ${where}),
       page as (select id, created_at from m ${window})
       select t.total,`
    : `with page as (select v.id, v.created_at from vehicles v where ${where} ${window})
       select t.total,`;
  const total = text ? `select count(*)::int as total from m` : `select count(*)::int as total from vehicles v where ${where}`;
  const statement = `${head}
         v.id, v.label, v.registration_number, v.status, v.brand_id, v.model_id, v.vehicle_type_id, v.color_id, v.group_id,
         v.images[1] as image, v.created_at,
         (select x.name from brands x where x.id = v.brand_id) as brand_name,
         (select x.name from models x where x.id = v.model_id) as model_name,
         (select x.name from vehicle_types x where x.id = v.vehicle_type_id) as type_name,
         (select x.name from colors x where x.id = v.color_id) as color_name,
         (select x.hex from colors x where x.id = v.color_id) as color_hex,
         (select g.title from vehicle_groups g where g.id = v.group_id) as group_title,
         coalesce((select true from vehicle_recipe_configs vr where vr.vehicle_id = v.id), false) as has_recipe,
         ${SERVICE_RANK} as service_rank,
         ${PLANNING_JSON} as planning
    from (${total}) t
    left join (page p join vehicles v on v.id = p.id) on true
   order by p.created_at desc, p.id desc`;
  const { rows } = await textQuery<VehicleListRow>(db, statement, values, !text);
  return { rows: rows.filter((r) => r.id !== null), total: rows[0]?.total ?? 0 };
}

export async function findVehicleRow(db: Reader, parkId: string, id: string): Promise<VehicleRow | null> {
  const [row] = await prepared(db, selectVehicles(db).where(and(eq(vehicles.id, id), eq(vehicles.parkId, parkId))).limit(1));
  return (row as VehicleRow | undefined) ?? null;
}

export interface VehicleReading {
  id: string;
  label: string | null;
  registrationNumber: string;
  status: VehicleStatus;
  mileage: number | null;
  mileageForVidange: number | null;
}

/** The odometer readings (and names) of some of the park's vehicles: what service reminders count from. */
export async function vehicleReadings(db: Reader, parkId: string, ids: string[]): Promise<Map<string, VehicleReading>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: vehicles.id,
      label: vehicles.label,
      registrationNumber: vehicles.registrationNumber,
      status: vehicles.status,
      mileage: vehicles.mileage,
      mileageForVidange: vehicles.mileageForVidange,
    })
    .from(vehicles)
    .where(and(eq(vehicles.parkId, parkId), inArray(vehicles.id, ids)));
  return new Map(rows.map((r) => [r.id, r]));
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
