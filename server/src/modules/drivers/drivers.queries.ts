import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { normalizePhone, type TDriverListQuery } from '@flotte/contract';
import type { Db } from '../../platform/db/database.ts';
import { pageWindow } from '../../platform/pagination.ts';
import { profiles, users } from '../access/access.tables.ts';
import { brands, driverTypes, grades, models } from '../catalog/catalog.tables.ts';
import { vehicleConfigDrivers, vehicleConfigs, vehicles } from '../vehicles/vehicles.tables.ts';
import { driverLicences, drivers } from './drivers.tables.ts';
import { anyId, prepared, statementValues, textQuery } from '../../platform/db/prepared.ts';
import { containsPattern, foldText } from '../../platform/db/search-text.ts';

/**
 * Reading drivers. Reference names (grade, driver type) and the vehicles whose planning lists a
 * driver are joined here, read-only: a page of drivers costs a fixed number of queries whatever
 * the size of the fleet, which the benchmark watches.
 */

const grade = alias(grades, 'grade');
const driverType = alias(driverTypes, 'driver_type');

const rowColumns = {
  driver: drivers,
  gradeName: grade.name,
  driverTypeName: driverType.name,
};

export type DriverRow = { driver: typeof drivers.$inferSelect; gradeName: string | null; driverTypeName: string | null };

/** 1 = Monday ... 7 = Sunday, of a `yyyy-MM-dd` day. */
export function weekdayOf(day: string): number {
  const d = new Date(`${day}T00:00:00Z`).getUTCDay();
  return d === 0 ? 7 : d;
}

function selectDriverRows(db: Pick<Db, 'select'>) {
  return db
    .select(rowColumns)
    .from(drivers)
    .leftJoin(grade, eq(grade.id, drivers.gradeId))
    .leftJoin(driverType, eq(driverType.id, drivers.driverTypeId));
}

/**
 * A vehicle planning keeps the driver busy that weekday, as the vehicles module counts it when it
 * refuses a second vehicle (vehicles/current-driver.ts, driverWeekdays): every day under automatic
 * alternation (two drivers, not hourly), else the work days, and the salary day, when whoever
 * drove the day before keeps the vehicle (counted busy here, the safe side for a pick list).
 */
const busyOn = (weekday: string) => `exists (select 1 from vehicle_config_drivers vcd
     join vehicle_configs vc on vc.vehicle_id = vcd.vehicle_id
     where vcd.driver_id = d.id
       and ((vc.alternation and vc.number_drivers = 2 and vc.work_planning <> 'hourly')
            or ${weekday}::int = any(vcd.work_days)
            or (vc.salary_day_config and vc.salary_day_id = ${weekday}::int and cardinality(vcd.work_days) > 0)))`;

/** Status follows the two stamps: deactivation wins over suspension. */
const STATUS_CONDITIONS = {
  active: 'd.blocked_at is null and d.desactivate_at is null',
  suspended: 'd.blocked_at is not null and d.desactivate_at is null',
  deactivated: 'd.desactivate_at is not null',
};

/** One row of a page of the driver list (listDriverPage), with the number of matches (also on the row of an empty page, whose id is null). */
export interface DriverListRow {
  total: number;
  id: string | null;
  park_id: string;
  first_name: string;
  last_name: string;
  phone: string;
  email: string | null;
  cni_number: string | null;
  birthday: string | null;
  sex: 'men' | 'women' | null;
  place_birth: string | null;
  image: string | null;
  grade_id: number | null;
  grade_name: string | null;
  driver_type_id: number | null;
  driver_type_name: string | null;
  driver_group_id: number | null;
  city_id: number | null;
  region_id: number | null;
  start_work_at: string | null;
  days_off: number[];
  can_relay: boolean;
  enable_withdraw: boolean;
  blocked_at: Date | null;
  block_reason: string | null;
  desactivate_at: Date | null;
  tag: string | null;
  created_at: Date;
  /** [id, type, number, permanent, delivery_at, expire_at, country_delivery] by type. */
  licences: [string, 'A' | 'B' | 'C' | 'D', string, boolean, string, string | null, string | null][];
  /** [id, label, registration_number, brand, model, first image], as currentVehicles chooses it. */
  vehicle: [string, string | null, string, string | null, string | null, string | null] | null;
  currency: string;
  /** bigint and numeric sums: read with Number(). */
  sold: number | string;
  dettes: number | string;
  nb: number;
  ca: number | string;
}

/**
 * A page of the park's drivers, by last then first name, with everything a row shows (grade and
 * type names, licences, the vehicle of each as currentVehicles chooses it, the money fields as
 * driverMoneyOf reads them) and how many match in all: one statement, where it took five.
 *
 * Names (either order), phone or national ID number containing what was typed (one character is
 * enough), read from the stored folded column, which a trigram index serves from three
 * characters. A search materialises its matches first (see listVehiclePage for why) and stays
 * unnamed, so each text gets its own plan; the other filter combinations are named prepared
 * statements. Without a search the name index gives the page directly.
 */
export async function listDriverPage(db: object, parkId: string, q: TDriverListQuery, todayWeekday: number): Promise<{ rows: DriverListRow[]; total: number }> {
  const { values, $ } = statementValues();
  const park = $(parkId);
  const conds = [`d.park_id = ${park}`];
  const text = q.search ? foldText(q.search.trim()) : '';
  if (text) {
    const digits = normalizePhone(q.search!.trim()).replace(/^\+/, '');
    conds.push(`(d.search_text like ${$(containsPattern(text))}` + (/^\d+$/.test(digits) && digits !== text ? ` or d.search_text like ${$(containsPattern(digits))}` : '') + ')');
  }
  if (q.status) conds.push(STATUS_CONDITIONS[q.status]);
  if (q.can_assign) conds.push(STATUS_CONDITIONS.active);
  if (q.grade_id) conds.push(`d.grade_id = ${$(q.grade_id)}::int`);
  if (q.driver_type_id) conds.push(`d.driver_type_id = ${$(q.driver_type_id)}::int`);
  if (q.driver_group_id) conds.push(`d.driver_group_id = ${$(q.driver_group_id)}::int`);
  if (q.available_on_date) {
    const wd = $(weekdayOf(q.available_on_date));
    conds.push(STATUS_CONDITIONS.active, `not (${wd}::int = any(d.days_off))`, `not ${busyOn(wd)}`);
  }
  const where = conds.join(' and ');
  const { limit, offset } = pageWindow(q);
  const window = `order by k0, k1, id limit ${$(limit)} offset ${$(offset)}`;
  const today = $(todayWeekday);
  const statement = `
    with ${text ? `m as materialized (select d.id, d.last_name as k0, d.first_name as k1 from drivers d where ${where}),
         page as (select id, k0, k1 from m ${window}),` : `page as (select d.id, d.last_name as k0, d.first_name as k1 from drivers d where ${where} ${window}),`}
    p as (
      select currency,
             (now() at time zone time_zone)::date as today,
             date_trunc('month', now() at time zone time_zone) at time zone time_zone as month_start,
             (date_trunc('month', now() at time zone time_zone) + interval '1 month') at time zone time_zone as month_end
        from parks where id = ${park}
    ),
    -- One pass over the page's unpaid recipes, rather than one per driver (as driverMoneyOf).
    u as (
      select r.driver_id, coalesce(sum(greatest(r.objective - r.collected, 0)), 0) as dettes, count(*)::int as nb
        from recipes r cross join p
       where r.driver_id = any(array(select id from page)) and r.park_id = ${park} and r.deleted_at is null and r.paid_at is null
         and (r.day < p.today or r.kind = 'debt')
       group by r.driver_id
    )
    select t.total, d.id, d.park_id, d.first_name, d.last_name, d.phone, d.email, d.cni_number, d.birthday::text as birthday, d.sex,
           d.place_birth, d.image, d.grade_id, (select g.name from grades g where g.id = d.grade_id) as grade_name,
           d.driver_type_id, (select dt.name from driver_types dt where dt.id = d.driver_type_id) as driver_type_name,
           d.driver_group_id, d.city_id, d.region_id, d.start_work_at::text as start_work_at, d.days_off, d.can_relay, d.enable_withdraw,
           d.blocked_at, d.block_reason, d.desactivate_at, d.tag, d.created_at,
           (select coalesce(json_agg(json_build_array(l.id, l.type, l.number, l.permanent, l.delivery_at, l.expire_at, l.country_delivery) order by l.type), '[]')
              from driver_licences l where l.park_id = ${park} and l.driver_id = d.id) as licences,
           (select json_build_array(v.id, v.label, v.registration_number, b.name, mo.name, v.images[1])
              from vehicle_config_drivers vcd
              join vehicles v on v.id = vcd.vehicle_id
              left join brands b on b.id = v.brand_id
              left join models mo on mo.id = v.model_id
             where vcd.park_id = ${park} and v.park_id = ${park} and vcd.driver_id = d.id
             order by case when cardinality(vcd.work_days) = 0 or ${today}::int = any(vcd.work_days) then 0 else 1 end,
                      case when v.status = 'deactivated' then 1 else 0 end, v.created_at
             limit 1) as vehicle,
           pp.currency,
           coalesce((select -la.balance from ledger_accounts la
                      where la.park_id = ${park} and la.kind = 'driver_balance' and la.owner_id = d.id), 0) as sold,
           coalesce(u.dettes, 0) as dettes, coalesce(u.nb, 0) as nb,
           (select coalesce(sum(fm.amount), 0) from fund_movements fm
             where fm.driver_id = d.id and fm.operation_date >= pp.month_start and fm.operation_date < pp.month_end
               and fm.park_id = ${park} and fm.reverses_id is null and fm.canceled_at is null and fm.confirmed_at is not null
               and exists (select 1 from recipe_payments rp where rp.fund_movement_id = fm.id)) as ca
      from (select count(*)::int as total from ${text ? 'm' : `drivers d where ${where}`}) t
      left join (page pg join drivers d on d.id = pg.id cross join p pp left join u on u.driver_id = pg.id) on true
     order by pg.k0, pg.k1, pg.id`;
  const { rows } = await textQuery<DriverListRow>(db, statement, values, !text);
  return { rows: rows.filter((r) => r.id !== null), total: rows[0]?.total ?? 0 };
}

/** One driver of the park, or undefined (unknown, or of another park). */
export async function findDriverRow(db: Pick<Db, 'select'>, parkId: string, id: string): Promise<DriverRow | undefined> {
  const [row] = await selectDriverRows(db)
    .where(and(eq(drivers.parkId, parkId), eq(drivers.id, id)))
    .limit(1);
  return row;
}

export async function licencesOf(db: Pick<Db, 'select'>, parkId: string, driverIds: string[]) {
  if (driverIds.length === 0) return [];
  return prepared(
    db,
    db
      .select()
      .from(driverLicences)
      .where(and(eq(driverLicences.parkId, parkId), anyId(driverLicences.driverId, driverIds)))
      .orderBy(asc(driverLicences.type)),
  );
}

// ---------------------------------------------------------------- vehicles of a driver

const vehicleColumns = {
  id: vehicles.id,
  label: vehicles.label,
  registrationNumber: vehicles.registrationNumber,
  status: vehicles.status,
  images: vehicles.images,
  brand: brands.name,
  model: models.name,
};
export type DriverVehicleRow = { id: string; label: string | null; registrationNumber: string; status: string; images: string[]; brand: string | null; model: string | null };

/**
 * The vehicle of each driver: the one whose planning lists them, and when several do (on
 * different days), the one they drive today, then a vehicle still in service, then the oldest.
 */
export async function currentVehicles(db: Pick<Db, 'selectDistinctOn'>, parkId: string, driverIds: string[], todayWeekday: number) {
  const out = new Map<string, DriverVehicleRow>();
  if (driverIds.length === 0) return out;
  const rows = await prepared(
    db,
    db
      .selectDistinctOn([vehicleConfigDrivers.driverId], { driverId: vehicleConfigDrivers.driverId, ...vehicleColumns })
      .from(vehicleConfigDrivers)
      .innerJoin(vehicles, eq(vehicles.id, vehicleConfigDrivers.vehicleId))
      .leftJoin(brands, eq(brands.id, vehicles.brandId))
      .leftJoin(models, eq(models.id, vehicles.modelId))
      .where(and(eq(vehicleConfigDrivers.parkId, parkId), eq(vehicles.parkId, parkId), anyId(vehicleConfigDrivers.driverId, driverIds)))
      .orderBy(
        vehicleConfigDrivers.driverId,
        sql`case when cardinality(${vehicleConfigDrivers.workDays}) = 0 or ${todayWeekday}::int = any(${vehicleConfigDrivers.workDays}) then 0 else 1 end`,
        sql`case when ${vehicles.status} = 'deactivated' then 1 else 0 end`,
        asc(vehicles.createdAt),
      ),
  );
  for (const { driverId, ...v } of rows) out.set(driverId, v);
  return out;
}

/** Every vehicle planning listing the driver, with the planning's hours. */
export async function assignmentsOf(db: Pick<Db, 'select'>, parkId: string, driverId: string) {
  return db
    .select({
      vehicle: vehicleColumns,
      position: vehicleConfigDrivers.position,
      workDays: vehicleConfigDrivers.workDays,
      startWorkAt: vehicleConfigDrivers.startWorkAt,
      hourIntervalId: vehicleConfigDrivers.hourIntervalId,
      workPlanning: vehicleConfigs.workPlanning,
      numberDrivers: vehicleConfigs.numberDrivers,
      startTime: vehicleConfigs.startTime,
      endTime: vehicleConfigs.endTime,
      passationTime: vehicleConfigs.passationTime,
      salaryDayId: vehicleConfigs.salaryDayId,
    })
    .from(vehicleConfigDrivers)
    .innerJoin(vehicles, eq(vehicles.id, vehicleConfigDrivers.vehicleId))
    .leftJoin(vehicleConfigs, eq(vehicleConfigs.vehicleId, vehicleConfigDrivers.vehicleId))
    .leftJoin(brands, eq(brands.id, vehicles.brandId))
    .leftJoin(models, eq(models.id, vehicles.modelId))
    .where(and(eq(vehicleConfigDrivers.parkId, parkId), eq(vehicles.parkId, parkId), eq(vehicleConfigDrivers.driverId, driverId)))
    .orderBy(asc(vehicles.createdAt));
}

// ---------------------------------------------------------------- agents

/**
 * The park's agents (profiles of type agent still in the park), for the pickers that name who
 * collects or checks. The access module has no list by type yet, hence this read-only query.
 */
export async function agentsOf(db: Pick<Db, 'select'>, parkId: string) {
  return db
    .select({ profileId: profiles.id, firstName: users.firstName, lastName: users.lastName, phone: users.phone, email: users.email })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(and(eq(profiles.parkId, parkId), eq(profiles.type, 'agent'), isNull(profiles.removedAt), isNull(users.disabledAt)))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(profiles.createdAt));
}

// ---------------------------------------------------------------- money fields (issue 6)

/** A driver's money fields, in minor units (spec 001 section 3 'Driver money fields'). */
export interface DriverMoney {
  /** What the park owes him: -balance of his driver_balance ledger account. */
  sold: number;
  /** What remains on his unpaid recipes dated before today, and on his debts whatever their day. */
  dettes: number;
  /** How many recipes make up dettes. */
  nbDettesRecipes: number;
  /** What his recipe collections brought this calendar month (park time), cancelled ones left out. */
  caThisMonth: number;
}

/**
 * The money fields of a page of drivers in one statement (his ledger account by (park, kind,
 * owner), the page's unpaid recipes in one grouped pass, his month's operations by
 * fund_movements_driver_idx), with the park's currency to show them in. Today and the month are
 * the park's.
 */
export async function driverMoneyOf(db: Db, parkId: string, driverIds: string[]): Promise<{ currency: string; byDriver: Map<string, DriverMoney> }> {
  const byDriver = new Map<string, DriverMoney>();
  if (driverIds.length === 0) return { currency: 'XAF', byDriver };
  const { rows } = await db.execute<{ id: string; currency: string; sold: string; dettes: string; nb: number; ca: string }>(sql`
    with p as (
      select currency,
             (now() at time zone time_zone)::date as today,
             date_trunc('month', now() at time zone time_zone) at time zone time_zone as month_start,
             (date_trunc('month', now() at time zone time_zone) + interval '1 month') at time zone time_zone as month_end
        from parks where id = ${parkId}
    ),
    -- One pass over the page's unpaid recipes (recipes_driver_day_idx and recipes_unpaid_idx
    -- combined once), rather than one per driver.
    u as (
      select r.driver_id, coalesce(sum(greatest(r.objective - r.collected, 0)), 0) as dettes, count(*)::int as nb
        from recipes r cross join p
       where r.driver_id = any(${sql.param(driverIds)}::uuid[]) and r.park_id = ${parkId} and r.deleted_at is null and r.paid_at is null
         and (r.day < p.today or r.kind = 'debt')
       group by r.driver_id
    )
    select d.id, p.currency,
      coalesce((select -la.balance from ledger_accounts la
                 where la.park_id = ${parkId} and la.kind = 'driver_balance' and la.owner_id = d.id), 0) as sold,
      coalesce(u.dettes, 0) as dettes, coalesce(u.nb, 0) as nb,
      (select coalesce(sum(fm.amount), 0) from fund_movements fm
        where fm.driver_id = d.id and fm.operation_date >= p.month_start and fm.operation_date < p.month_end
          and fm.park_id = ${parkId} and fm.reverses_id is null and fm.canceled_at is null and fm.confirmed_at is not null
          and exists (select 1 from recipe_payments rp where rp.fund_movement_id = fm.id)) as ca
      from unnest(${sql.param(driverIds)}::uuid[]) as d(id)
      cross join p
      left join u on u.driver_id = d.id`);
  for (const r of rows) byDriver.set(r.id, { sold: Number(r.sold), dettes: Number(r.dettes), nbDettesRecipes: Number(r.nb), caThisMonth: Number(r.ca) });
  return { currency: rows[0]?.currency ?? 'XAF', byDriver };
}
