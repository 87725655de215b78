import { and, eq, sql } from 'drizzle-orm';
import { isConfigValid, type TRecipeConfigParsed, type TRecipeConfigView, type TVehicleConfigDriver, type TVehicleConfigParsed, type TVehicleConfigView, type TVehicleDriverSummary } from '@flotte/contract';
import type { Db, Tx } from '../../platform/db/database.ts';
import { DEFAULT_TIME_ZONE, toWireDate } from '../../platform/dates.ts';
import { AppError, fieldError } from '../../platform/errors.ts';
import { fromMinor, toMinor } from '../../platform/money.ts';
import { assignableDrivers, statusOf } from '../drivers/drivers.service.ts';
import { imageLink, type FilesDeps } from '../files/files.service.ts';
import { parkDetail } from '../park/park.service.ts';
import { readConnection } from '../yango/yango-connection.ts';
import { currentDriverId, driverWeekdays, type ParkNow, type Planning, type PlanningDriverLink, type PlanningFields } from './current-driver.ts';
import { otherVehiclesOfDrivers, planningsOf, type PlanningDriverRow, type StoredPlanning } from './vehicles.queries.ts';
import { vehicleConfigDrivers, vehicleConfigs, vehicleRecipeConfigs, vehicles } from './vehicles.tables.ts';

/**
 * A vehicle's work planning and automatic revenue: saving them (every rule the schema can't see:
 * the drivers exist in the park, may be assigned, and don't already work elsewhere those days),
 * and reading who drives today.
 */
export interface VehiclesDeps {
  db: Db;
  files: FilesDeps;
  /** The clock, replaceable in tests. */
  now?: () => Date;
}


/** What every answer about a park's vehicles needs: its zone, its currency and its wall clock now. */
export interface ParkContext {
  timeZone: string;
  currency: string;
  now: ParkNow;
}

/** The park's zone and currency as the caller's profile carries them (read with the session). */
export interface ParkSettings {
  timeZone: string;
  currency: string;
}

/** The park's context; `known` settings (the caller's) spare reading the park again. */
export async function parkContext(deps: VehiclesDeps, parkId: string, known?: ParkSettings): Promise<ParkContext> {
  const settings: ParkSettings = known ?? (await parkDetail(deps, parkId).then((p) => ({ timeZone: p.time_zone, currency: p.currency })));
  const { timeZone, currency } = settings;
  const wall = toWireDate(deps.now?.() ?? new Date(), timeZone);
  return { timeZone, currency, now: { day: wall.slice(0, 10), time: wall.slice(11, 16) } };
}

// ---------------------------------------------------------------- reading

/** A stored configuration's fields, drivers and salary day aside (what current-driver.ts and the planning engine share). */
export function planningFieldsOf(stored: StoredPlanning): PlanningFields {
  const c = stored.config;
  return {
    workPlanning: c.workPlanning,
    numberDrivers: c.numberDrivers,
    startTime: c.startTime,
    endTime: c.endTime,
    passationTime: c.passationTime,
    alternation: c.alternation,
    alternatingDays: c.alternatingDays,
    alternatingWeeks: c.alternatingWeeks,
    startAlternationAt: c.startAlternationAt,
    firstDriverAlternationId: c.firstDriverAlternationId,
  };
}

/** A stored driver's place in the configuration. */
export function driverLinkOf(d: StoredPlanning['drivers'][number]): PlanningDriverLink {
  return {
    driverId: d.link.driverId,
    position: d.link.position,
    workDays: d.link.workDays,
    hourIntervalId: d.link.hourIntervalId,
    startWorkAt: d.link.startWorkAt,
  };
}

export function toPlanning(vehicleStatus: string, stored: StoredPlanning): Planning {
  const c = stored.config;
  return {
    vehicleStatus,
    ...planningFieldsOf(stored),
    salaryDayId: c.salaryDayConfig ? c.salaryDayId : null,
    drivers: stored.drivers.map((d) => ({ ...driverLinkOf(d), active: statusOf(d.driver) === 'active' })),
  };
}

function planningOfInput(vehicleStatus: string, c: TVehicleConfigParsed): Planning {
  return {
    vehicleStatus,
    workPlanning: c.work_planning,
    numberDrivers: c.number_drivers,
    startTime: c.start_date,
    endTime: c.end_date,
    passationTime: c.passation_date,
    alternation: c.alternation,
    alternatingDays: c.alternating_days,
    alternatingWeeks: c.alternating_weeks,
    startAlternationAt: c.start_alternation_at,
    salaryDayId: c.salary_day_id,
    firstDriverAlternationId: c.first_driver_alternation_id,
    drivers: c.profiles.map((p, i) => ({
      driverId: p.driver_id,
      position: i + 1,
      workDays: p.work_day,
      hourIntervalId: p.hour_interval_id,
      startWorkAt: p.start_work_at,
      active: true,
    })),
  };
}

/** The driver at the wheel now, from the stored planning (none without one). */
export function currentDriverOf(vehicleStatus: string, stored: StoredPlanning | undefined, now: ParkNow): PlanningDriverRow | null {
  if (!stored) return null;
  const id = currentDriverId(toPlanning(vehicleStatus, stored), now);
  return stored.drivers.find((d) => d.link.driverId === id) ?? null;
}

export function driverSummary(files: Pick<FilesDeps, 'signingKey'>, d: Pick<PlanningDriverRow['driver'], 'id' | 'firstName' | 'lastName' | 'phone' | 'image'>): TVehicleDriverSummary {
  return { id: d.id, first_name: d.firstName, last_name: d.lastName, phone: d.phone, image: imageLink(files, d.image) };
}

export function configDriverViews(files: Pick<FilesDeps, 'signingKey'>, stored: StoredPlanning): TVehicleConfigDriver[] {
  return stored.drivers.map((d) => ({
    driver_id: d.link.driverId,
    position: d.link.position,
    start_work_at: d.link.startWorkAt,
    work_day: d.link.workDays,
    hour_interval_id: d.link.hourIntervalId,
    driver: { ...driverSummary(files, d.driver), status: statusOf(d.driver) },
  }));
}

export function configView(files: Pick<FilesDeps, 'signingKey'>, stored: StoredPlanning, timeZone: string): TVehicleConfigView {
  const c = stored.config;
  const profiles = configDriverViews(files, stored);
  return {
    vehicle_id: c.vehicleId,
    work_planning: c.workPlanning,
    number_drivers: c.numberDrivers,
    start_date: c.startTime,
    end_date: c.endTime,
    passation_date: c.passationTime,
    alternation: c.alternation,
    alternating_days: c.alternatingDays,
    alternating_weeks: c.alternatingWeeks,
    start_alternation_at: c.startAlternationAt,
    salary_day_config: c.salaryDayConfig,
    salary_day_id: c.salaryDayId,
    first_driver_alternation_id: c.firstDriverAlternationId,
    work_program: c.workProgram,
    is_valid: isConfigValid({ salary_day_config: c.salaryDayConfig, number_drivers: c.numberDrivers, profiles }),
    profiles,
    updated_at: toWireDate(c.updatedAt, timeZone),
  };
}

type RecipeRow = typeof vehicleRecipeConfigs.$inferSelect;

export function recipeView(r: RecipeRow, ctx: Pick<ParkContext, 'currency' | 'timeZone'>): TRecipeConfigView {
  const money = (v: number | null) => (v == null ? null : fromMinor(v, ctx.currency));
  return {
    vehicle_id: r.vehicleId,
    manage_in_vtc: r.manageInVtc,
    collection_method: r.collectionMethod,
    collection_type: r.collectionType,
    amount: money(r.amount),
    salary_amount: money(r.salaryAmount),
    freequency: r.frequency,
    monthly_day: r.monthlyDay,
    collect_day: r.collectDay,
    collect_time: r.collectTime,
    updated_at: toWireDate(r.updatedAt, ctx.timeZone),
  };
}

// ---------------------------------------------------------------- the rules a schema can't see

/**
 * Every driver of the planning is a driver of this park (else 404, as for any record of another
 * park) and active: a suspended or deactivated driver can't be assigned.
 */
async function assertAssignable(tx: Tx, parkId: string, c: TVehicleConfigParsed): Promise<void> {
  const found = await assignableDrivers(tx, parkId, c.profiles.map((p) => p.driver_id));
  for (const [i, p] of c.profiles.entries()) {
    const d = found.find((x) => x.id === p.driver_id);
    if (!d) throw new AppError('VEHICLE_DRIVER_UNKNOWN', { fieldErrors: [{ field: `config.profiles.${i}.driver_id`, message: 'Chauffeur introuvable dans ce parc' }] });
    if (d.status !== 'active') {
      const message = `Le chauffeur ${d.first_name} ${d.last_name} est ${d.status === 'suspended' ? 'suspendu' : 'désactivé'} : il ne peut pas être affecté à un véhicule`;
      throw new AppError('VEHICLE_DRIVER_NOT_ASSIGNABLE', { message, fieldErrors: [{ field: `config.profiles.${i}.driver_id`, message }] });
    }
  }
}

const DAY_NAMES = ['', 'lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi', 'dimanche'];

/**
 * One driver, one vehicle per day: a driver of this planning may not already be at the wheel of
 * another vehicle of the park (one still in service) on a weekday this planning gives them. Hours
 * don't matter: slot 1 here and slot 2 there on the same day is refused too. "At the wheel" is the
 * reading of current-driver.ts (driverWeekdays): automatic alternation takes every weekday.
 */
export async function assertNoOverlap(db: Pick<Db, 'select' | 'selectDistinct'>, parkId: string, vehicleId: string, planning: Planning): Promise<void> {
  const ids = planning.drivers.map((d) => d.driverId);
  const others = await otherVehiclesOfDrivers(db, parkId, ids, vehicleId);
  if (others.length === 0) return;
  const plannings = await planningsOf(db, parkId, others.map((o) => o.id));
  for (const [i, d] of planning.drivers.entries()) {
    const mine = new Set(driverWeekdays(planning, d.driverId));
    if (mine.size === 0) continue;
    for (const other of others) {
      const stored = plannings.get(other.id);
      if (!stored) continue;
      const theirs = driverWeekdays(toPlanning(other.status, stored), d.driverId);
      const shared = theirs.filter((wd) => mine.has(wd));
      if (shared.length === 0) continue;
      const who = stored.drivers.find((x) => x.link.driverId === d.driverId)?.driver;
      const name = who ? `Le chauffeur ${who.firstName} ${who.lastName}` : 'Ce chauffeur';
      const message = `${name} travaille déjà sur le véhicule ${other.registrationNumber} ces jours-là (${shared.map((wd) => DAY_NAMES[wd]).join(', ')})`;
      throw new AppError('VEHICLE_DRIVER_BUSY', {
        message,
        fieldErrors: [{ field: `config.profiles.${i}.driver_id`, message }],
        data: { vehicle_id: other.id, registration_number: other.registrationNumber, driver_id: d.driverId, days: shared },
      });
    }
  }
}

// ---------------------------------------------------------------- saving

/**
 * Replaces the vehicle's planning (its row and its drivers) in one transaction. Saves of one park's
 * plannings queue behind a lock, so two saves racing for the same driver can't both pass the
 * overlap check.
 */
export async function saveConfig(deps: VehiclesDeps, parkId: string, vehicleId: string, c: TVehicleConfigParsed): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`vehicle-config:${parkId}`}))`);
    const [vehicle] = await tx
      .select({ status: vehicles.status })
      .from(vehicles)
      .where(and(eq(vehicles.id, vehicleId), eq(vehicles.parkId, parkId)))
      .limit(1);
    if (!vehicle) throw new AppError('VEHICLE_NOT_FOUND');
    await assertAssignable(tx, parkId, c);
    await assertNoOverlap(tx, parkId, vehicleId, planningOfInput(vehicle.status, c));

    const row = {
      workPlanning: c.work_planning,
      numberDrivers: c.number_drivers,
      startTime: c.start_date,
      endTime: c.end_date,
      passationTime: c.passation_date,
      alternation: c.alternation,
      alternatingDays: c.alternating_days,
      alternatingWeeks: c.alternating_weeks,
      startAlternationAt: c.start_alternation_at,
      salaryDayConfig: c.salary_day_config,
      salaryDayId: c.salary_day_id,
      firstDriverAlternationId: c.first_driver_alternation_id,
      workProgram: c.work_program,
      updatedAt: new Date(),
    };
    await tx
      .insert(vehicleConfigs)
      .values({ vehicleId, parkId, ...row })
      .onConflictDoUpdate({ target: vehicleConfigs.vehicleId, set: row });
    await tx.delete(vehicleConfigDrivers).where(and(eq(vehicleConfigDrivers.vehicleId, vehicleId), eq(vehicleConfigDrivers.parkId, parkId)));
    await tx.insert(vehicleConfigDrivers).values(
      c.profiles.map((p, i) => ({
        vehicleId,
        parkId,
        driverId: p.driver_id,
        position: i + 1,
        startWorkAt: p.start_work_at,
        workDays: p.work_day,
        hourIntervalId: p.hour_interval_id,
      })),
    );
  });
}

/** An amount in the park's currency to minor units, or the field's French error. */
function minor(amount: number | null, currency: string, field: string): number | null {
  if (amount == null) return null;
  try {
    return toMinor(amount, currency);
  } catch {
    throw fieldError(field, 'Montant invalide');
  }
}

/** Replaces the vehicle's automatic revenue configuration. */
export async function saveRecipe(deps: VehiclesDeps, parkId: string, vehicleId: string, r: TRecipeConfigParsed, currency: string): Promise<void> {
  // Its objective is each driver's Yango revenue: nothing to read without the park's Yango connection.
  if (r.collection_type === 'yango_recipe' && !(await readConnection(deps, parkId, DEFAULT_TIME_ZONE)).connected) throw new AppError('YANGO_NOT_CONNECTED');
  const row = {
    manageInVtc: r.manage_in_vtc,
    collectionMethod: r.collection_method,
    collectionType: r.collection_type,
    amount: minor(r.amount, currency, 'recipes.amount'),
    salaryAmount: minor(r.salary_amount, currency, 'recipes.salary_amount'),
    frequency: r.freequency,
    monthlyDay: r.monthly_day,
    collectDay: r.collect_day,
    collectTime: r.collect_time,
    updatedAt: new Date(),
  };
  // A new schedule makes recipes from now on: the job doesn't charge the days before it.
  const c = vehicleRecipeConfigs;
  const sameSchedule = sql`${c.collectionType} = excluded.collection_type and ${c.frequency} = excluded.frequency
    and ${c.collectDay} is not distinct from excluded.collect_day and ${c.monthlyDay} is not distinct from excluded.monthly_day`;
  await deps.db
    .insert(vehicleRecipeConfigs)
    .values({ vehicleId, parkId, ...row })
    .onConflictDoUpdate({ target: c.vehicleId, set: { ...row, recipesSince: sql`case when ${sameSchedule} then ${c.recipesSince} else now() end` } });
}
