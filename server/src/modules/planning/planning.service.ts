import { and, eq, gte, lte, sql } from 'drizzle-orm';
import { PLANNING_MAX_DAYS } from '@flotte/contract';
import type {
  ErrorName,
  TAvailableDriver,
  TAvailableVehicle,
  TCalendarEntry,
  TDriverUnavailability,
  TPlanningConfirmInputParsed,
  TPlanningConfirmResult,
  TPlanningEntry,
  TPlanningGenerateInputParsed,
  TPlanningGenerateResult,
  TPlanningPeriodQuery,
  TVehicleUnavailability,
} from '@flotte/contract';
import type { ActingProfile } from '../../platform/auth/auth-context.ts';
import type { Db } from '../../platform/db/database.ts';
import { anyId } from '../../platform/db/prepared.ts';
import { fromWireDate, toWireDate } from '../../platform/dates.ts';
import { AppError } from '../../platform/errors.ts';
import { fromMinor } from '../../platform/money.ts';
import { createPastRecipes, pastRecipeRows, summarize } from '../recipes/past-recipes.ts';
import type { FilesDeps } from '../files/files.service.ts';
import { driverLinkOf, planningFieldsOf } from '../vehicles/vehicle-config.service.ts';
import { planningsOf, type StoredPlanning } from '../vehicles/vehicles.queries.ts';
import {
  addDays,
  daysOf,
  driverFacts,
  driverUnavailableOn,
  frenchDay,
  generatePlanning,
  maintenanceMeeting,
  maintenancePeriodText,
  slotTimes,
  unavailabilityMessage,
  WEEKDAY_NAMES,
  weekdayOf,
  type EngineConfig,
  type EngineVehicle,
} from './planning-engine.ts';
import {
  availableDrivers,
  availableVehicles,
  busyDays,
  configuredVehicleIds,
  driverOfPark,
  entriesWithNames,
  findRotationGroup,
  planningDrivers,
  rotationGroupVehicleIds,
  rotationOfVehicles,
  salaryAmounts,
  unavailableDriverCandidates,
  vehicleOfPark,
  vehicleRefs,
  vehiclesInStatus,
  type DriverRefRow,
  type EntryRow,
  type Reader,
  type VehicleRefRow,
} from './planning.queries.ts';
import { planningEntries } from './planning.tables.ts';
import { driverRef, entryView, storedPassation, vehicleRef } from './planning-views.ts';
import { engineMaintenance, maintenanceCalendar, maintenanceHolds } from './maintenance-holds.ts';
import { maintenanceWindows, vehiclesWithOpenMaintenance } from '../maintenance/maintenance-windows.ts';

/**
 * The planning's use cases: generate a preview with the engine, confirm it (one transaction that
 * replaces the vehicles' entries over the period), and the reads of the calendar, the work
 * programmes, availability and unavailability.
 */
export interface PlanningDeps {
  db: Db;
  files: Pick<FilesDeps, 'signingKey'>;
  /** The clock, replaceable in tests. */
  now?: () => Date;
}

function now(deps: PlanningDeps): Date {
  return deps.now?.() ?? new Date();
}

export function today(deps: PlanningDeps, timeZone: string): string {
  return toWireDate(now(deps), timeZone).slice(0, 10);
}

/** A read's period: what was asked, one end standing for both when only one is given, else the current month. */
export function readPeriod(deps: PlanningDeps, acting: ActingProfile, q: TPlanningPeriodQuery): { start: string; end: string } {
  if (q.start_date || q.end_date) {
    const start = q.start_date ?? q.end_date!;
    const end = q.end_date ?? q.start_date!;
    return { start, end };
  }
  const now = today(deps, acting.park.timeZone);
  const first = `${now.slice(0, 7)}-01`;
  const nextMonth = addDays(first, 32).slice(0, 7);
  return { start: first, end: addDays(`${nextMonth}-01`, -1) };
}

function toEngineConfig(stored: StoredPlanning): EngineConfig {
  return {
    ...planningFieldsOf(stored),
    salaryDayConfig: stored.config.salaryDayConfig,
    salaryDayId: stored.config.salaryDayId,
    drivers: stored.drivers.map(driverLinkOf),
  };
}

function isSalaryDay(c: EngineConfig, day: string): boolean {
  return c.salaryDayConfig && c.salaryDayId === weekdayOf(day);
}

/** Driver references with their signed image links, computed once per driver of an answer. */
export function driverRefs(deps: PlanningDeps) {
  const cache = new Map<string, ReturnType<typeof driverRef>>();
  return (d: DriverRefRow) => {
    let ref = cache.get(d.id);
    if (!ref) cache.set(d.id, (ref = driverRef(deps.files, d)));
    return ref;
  };
}

function vehicleRefsOf() {
  const cache = new Map<string, ReturnType<typeof vehicleRef>>();
  return (v: VehicleRefRow) => {
    let ref = cache.get(v.id);
    if (!ref) cache.set(v.id, (ref = vehicleRef(v)));
    return ref;
  };
}

/** Stored entries as the calendar reads them. */
function storedViews(deps: PlanningDeps, acting: ActingProfile, rows: EntryRow[]): TPlanningEntry[] {
  const tz = acting.park.timeZone;
  const dRef = driverRefs(deps);
  const vRef = vehicleRefsOf();
  return rows.map((r) => {
    const startsAt = toWireDate(r.startsAt, tz);
    const endsAt = toWireDate(r.endsAt, tz);
    return entryView(
      {
        id: r.id,
        day: r.day,
        slot: r.slot,
        startsAt,
        endsAt,
        passationAt: storedPassation(r.slot, startsAt, endsAt),
        isSalaryDay: r.isSalaryDay,
        role: r.role,
        rotationGroupId: r.rotationGroupId,
        salaryAmount: r.salaryAmount,
      },
      vRef(r.vehicle),
      dRef(r.driver),
      acting.park.currency,
    );
  });
}

// ---------------------------------------------------------------- generate

/**
 * The vehicles a generation covers: those named, plus a rotation group's; with neither, every
 * vehicle of the park with a configuration. Ids of another park are refused (404).
 */
async function vehiclesToPlan(db: Reader, parkId: string, input: TPlanningGenerateInputParsed): Promise<VehicleRefRow[]> {
  let ids: string[] | undefined;
  if (input.vehicle_ids?.length) ids = [...new Set(input.vehicle_ids)];
  if (input.rotation_group_id) {
    if (!(await findRotationGroup(db, parkId, input.rotation_group_id))) throw new AppError('ROTATION_GROUP_NOT_FOUND');
    ids = [...new Set([...(ids ?? []), ...(await rotationGroupVehicleIds(db, parkId, input.rotation_group_id))])];
  }
  if (!ids) ids = await configuredVehicleIds(db, parkId);
  const rows = await vehicleRefs(db, parkId, ids);
  if (input.vehicle_ids?.length) {
    const found = new Set(rows.map((r) => r.id));
    const missing = input.vehicle_ids.findIndex((id) => !found.has(id));
    if (missing >= 0) throw new AppError('VEHICLE_NOT_FOUND', { fieldErrors: [{ field: `vehicle_ids.${missing}`, message: 'Véhicule introuvable' }] });
  }
  return rows;
}

/** POST /planning/generate: the preview of a period; nothing is written. */
export async function generate(deps: PlanningDeps, acting: ActingProfile, input: TPlanningGenerateInputParsed): Promise<TPlanningGenerateResult> {
  const { db } = deps;
  const parkId = acting.parkId;
  const start = input.start_date;
  const end = input.end_date;
  const refs = await vehiclesToPlan(db, parkId, input);
  const ids = refs.map((v) => v.id);
  const [plannings, rotation, salaries] = await Promise.all([planningsOf(db, parkId, ids), rotationOfVehicles(db, parkId, ids), salaryAmounts(db, parkId, ids)]);
  const driverIds = [
    ...[...plannings.values()].flatMap((p) => p.drivers.map((d) => d.link.driverId)),
    ...[...rotation.values()].flatMap((r) => (r.interimDriverId ? [r.interimDriverId] : [])),
  ];
  const [driverRows, busy, holds] = await Promise.all([
    planningDrivers(db, parkId, driverIds),
    busyDays(db, parkId, driverIds, ids, start, end),
    maintenanceHolds(db, parkId, acting.park.timeZone, refs, start, end, now(deps)),
  ]);

  const vehicles: EngineVehicle[] = refs.map((v) => {
    const stored = plannings.get(v.id);
    return {
      id: v.id,
      registrationNumber: v.registrationNumber,
      status: v.status,
      config: stored ? toEngineConfig(stored) : null,
      rotation: rotation.get(v.id) ?? null,
      salaryAmount: salaries.get(v.id) ?? null,
      maintenances: holds.byVehicle.get(v.id),
      maintainFromRecord: holds.fromRecord.has(v.id),
    };
  });
  const result = generatePlanning({ startDate: start, endDate: end, timeZone: acting.park.timeZone, vehicles, drivers: driverRows, busy });
  // What confirming with create_past_recipes would create: the vehicles confirmed are those the
  // web sends (the generated ones, and those without planning, cleared).
  const past = summarize(
    await pastRecipeRows(
      db,
      { parkId, timeZone: acting.park.timeZone, vehicleIds: ids, start, end, today: today(deps, acting.park.timeZone) },
      result.entries.map((e) => ({ vehicleId: e.vehicleId, driverId: e.driverId, day: e.day, slot: e.slot, isSalaryDay: e.isSalaryDay })),
    ),
  );

  const vRef = vehicleRefsOf();
  const dRef = driverRefs(deps);
  const vehicleById = new Map(refs.map((v) => [v.id, v]));
  const driverById = new Map(driverRows.map((d) => [d.id, d]));
  const short = (d: DriverRefRow | undefined) => (d ? { id: d.id, first_name: d.firstName, last_name: d.lastName } : null);
  return {
    start_date: start,
    end_date: end,
    entries: result.entries.map((e) =>
      entryView(
        { id: null, ...e },
        vRef(vehicleById.get(e.vehicleId)!),
        dRef(driverById.get(e.driverId)!),
        acting.park.currency,
      ),
    ),
    conflicts: result.conflicts.map((c) => {
      const v = vehicleById.get(c.vehicleId)!;
      return {
        date: c.day,
        vehicle: { id: v.id, label: v.label, registration_number: v.registrationNumber },
        driver: c.driverId ? short(driverById.get(c.driverId)) : null,
        reason: c.reason,
        message: c.message,
        replaced_by: c.replacedById ? short(driverById.get(c.replacedById)) : null,
      };
    }),
    vehicles_without_planning: result.vehiclesWithoutPlanning.map((w) => ({ vehicle: vRef(vehicleById.get(w.vehicleId)!), message: w.message })),
    past_recipes: { count: past.count, total: fromMinor(past.total, acting.park.currency) },
  };
}

// ---------------------------------------------------------------- confirm

const INSERT_CHUNK = 2000;

/**
 * POST /planning/confirm: checks every entry again against today's data (vehicle and driver of the
 * park, the vehicle in service and configured, the slot fitting its planning, the driver available
 * that day and on no other vehicle), then, in one transaction, replaces the listed vehicles' entries
 * over the period with these. The same body confirmed twice gives the same rows. Confirmations of
 * one park queue behind a lock, so two of them can't both give one driver two vehicles on a day.
 * `is_salary_day` is decided by the vehicle's configuration, not by the body.
 */
export async function confirm(deps: PlanningDeps, acting: ActingProfile, input: TPlanningConfirmInputParsed): Promise<TPlanningConfirmResult> {
  const parkId = acting.parkId;
  const tz = acting.park.timeZone;
  const { start_date: start, end_date: end } = input;
  const vehicleIds = [...new Set(input.vehicle_ids)];
  return deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`planning:${parkId}`}))`);
    const refs = await vehicleRefs(tx, parkId, vehicleIds);
    const vehicleById = new Map(refs.map((v) => [v.id, v]));
    const missingVehicle = input.vehicle_ids.findIndex((id) => !vehicleById.has(id));
    if (missingVehicle >= 0) throw new AppError('VEHICLE_NOT_FOUND', { fieldErrors: [{ field: `vehicle_ids.${missingVehicle}`, message: 'Véhicule introuvable' }] });

    const driverIds = [...new Set(input.entries.map((e) => e.driver_id))];
    // One after the other: a transaction's queries share one connection.
    const driverRows = await planningDrivers(tx, parkId, driverIds);
    const plannings = await planningsOf(tx, parkId, vehicleIds);
    const rotation = await rotationOfVehicles(tx, parkId, vehicleIds);
    const busy = await busyDays(tx, parkId, driverIds, vehicleIds, start, end);
    const holds = await maintenanceHolds(tx, parkId, tz, refs, start, end, now(deps));
    const facts = new Map(driverRows.map((d) => [d.id, driverFacts(d, tz)]));
    const configs = new Map([...plannings].map(([id, p]) => [id, toEngineConfig(p)]));
    const held = new Map<string, string>(busy.map((b) => [`${b.driverId}|${b.day}`, b.registrationNumber]));
    const taken = new Map<string, { vehicleId: string; registrationNumber: string }>();
    const slots = new Map<string, Set<string>>();

    const rows = input.entries.map((e, i) => {
      const at = (field: string) => `entries.${i}.${field}`;
      const refuse = (name: ErrorName, field: string, message: string) =>
        new AppError(name, { message, fieldErrors: [{ field: at(field), message }], data: { index: i } });
      const vehicle = vehicleById.get(e.vehicle_id)!;
      const f = facts.get(e.driver_id);
      if (!f) throw new AppError('DRIVER_NOT_FOUND', { fieldErrors: [{ field: at('driver_id'), message: 'Chauffeur introuvable' }] });
      if ((vehicle.status === 'maintain' && !holds.fromRecord.has(vehicle.id)) || vehicle.status === 'deactivated') {
        throw refuse('PLANNING_VEHICLE_UNAVAILABLE', 'vehicle_id', `Le véhicule ${vehicle.registrationNumber} est ${vehicle.status === 'maintain' ? 'en maintenance' : 'désactivé'}`);
      }
      const config = configs.get(vehicle.id);
      if (!config) throw refuse('PLANNING_NOT_CONFIGURED', 'vehicle_id', `Le véhicule ${vehicle.registrationNumber} n'a pas de planning de travail configuré`);
      if (e.slot !== 'full' && config.workPlanning !== 'hourly') {
        throw refuse('PLANNING_SLOT_INVALID', 'slot', `Le véhicule ${vehicle.registrationNumber} n'a pas de planning horaire : une entrée couvre la journée complète`);
      }
      const vehicleDay = `${vehicle.id}|${e.date}`;
      const used = slots.get(vehicleDay) ?? new Set<string>();
      if (used.has(e.slot) || (e.slot === 'full' && used.size > 0) || used.has('full')) {
        throw refuse('PLANNING_SLOT_TAKEN', 'slot', `Deux entrées se chevauchent sur le véhicule ${vehicle.registrationNumber} le ${frenchDay(e.date)}`);
      }
      used.add(e.slot);
      slots.set(vehicleDay, used);
      const t = slotTimes(e.date, config, e.slot);
      const inGarage = maintenanceMeeting(holds.byVehicle.get(vehicle.id), t.startsAt, t.endsAt);
      if (inGarage) throw refuse('PLANNING_VEHICLE_UNAVAILABLE', 'date', `Le véhicule ${vehicle.registrationNumber} est en entretien ${maintenancePeriodText(inGarage)}`);

      const configStart = config.drivers.find((d) => d.driverId === e.driver_id)?.startWorkAt ?? null;
      const why = driverUnavailableOn(f, e.date, configStart);
      if (why) throw refuse('PLANNING_DRIVER_UNAVAILABLE', 'driver_id', unavailabilityMessage(why, f, e.date));
      const driverDay = `${e.driver_id}|${e.date}`;
      const elsewhere = held.get(driverDay) ?? (taken.get(driverDay)?.vehicleId !== vehicle.id ? taken.get(driverDay)?.registrationNumber : undefined);
      if (elsewhere) throw refuse('PLANNING_DRIVER_BUSY', 'driver_id', `${f.name} est déjà planifié sur le véhicule ${elsewhere} le ${frenchDay(e.date)}`);
      taken.set(driverDay, { vehicleId: vehicle.id, registrationNumber: vehicle.registrationNumber });

      return {
        parkId,
        vehicleId: vehicle.id,
        driverId: e.driver_id,
        day: e.date,
        slot: e.slot,
        startsAt: fromWireDate(t.startsAt, tz),
        endsAt: fromWireDate(t.endsAt, tz),
        isSalaryDay: isSalaryDay(config, e.date),
        role: e.role,
        rotationGroupId: rotation.get(vehicle.id)?.groupId ?? null,
      };
    });

    const removed = await tx
      .delete(planningEntries)
      .where(and(eq(planningEntries.parkId, parkId), anyId(planningEntries.vehicleId, vehicleIds), gte(planningEntries.day, start), lte(planningEntries.day, end)))
      .returning({ id: planningEntries.id, vehicleId: planningEntries.vehicleId, day: planningEntries.day, slot: planningEntries.slot, driverId: planningEntries.driverId, createdAt: planningEntries.createdAt });
    // An assignment confirmed again keeps its time: the recipe job reads it (recipes/README.md).
    const assignedAt = new Map(removed.map((r) => [`${r.vehicleId}|${r.day}|${r.slot}|${r.driverId}`, r.createdAt]));
    const kept = rows.map((r) => {
      const since = assignedAt.get(`${r.vehicleId}|${r.day}|${r.slot}|${r.driverId}`);
      return since ? { ...r, createdAt: since } : r;
    });
    for (let i = 0; i < kept.length; i += INSERT_CHUNK) await tx.insert(planningEntries).values(kept.slice(i, i + INSERT_CHUNK));
    const past = input.create_past_recipes
      ? await createPastRecipes(tx, { parkId, timeZone: tz, vehicleIds, start, end, today: today(deps, tz) })
      : { count: 0, total: 0 };
    const stored = await entriesWithNames(tx, parkId, { start, end, vehicleIds });
    return {
      created: rows.length,
      replaced: removed.length,
      entries: storedViews(deps, acting, stored),
      past_recipes: { count: past.count, total: fromMinor(past.total, acting.park.currency) },
    };
  });
}

// ---------------------------------------------------------------- the calendar and the work programmes

function padded(p: { start: string; end: string }) {
  return { start: addDays(p.start, -1), end: addDays(p.end, 1) };
}

/** The 'entretien' entries of the period (maintenance-holds.ts), of the park or of one vehicle. */
function maintenanceEntries(deps: PlanningDeps, acting: ActingProfile, p: { start: string; end: string }, vehicleId?: string) {
  const refs = {
    byIds: async (ids: string[]) => (await vehicleRefs(deps.db, acting.parkId, ids)).map(vehicleRef),
    inMaintain: async () => (await vehiclesInStatus(deps.db, acting.parkId, ['maintain'], vehicleId)).map(vehicleRef),
  };
  return maintenanceCalendar(deps.db, acting.parkId, acting.park.timeZone, p, now(deps), refs, vehicleId);
}

/** GET /planning/{parkId}: the park's entries over the period padded by one day each side, and its maintenances. */
export async function parkCalendar(deps: PlanningDeps, acting: ActingProfile, q: TPlanningPeriodQuery): Promise<TCalendarEntry[]> {
  const p = padded(readPeriod(deps, acting, q));
  const [rows, maintenance] = await Promise.all([entriesWithNames(deps.db, acting.parkId, p), maintenanceEntries(deps, acting, p)]);
  return [...storedViews(deps, acting, rows), ...maintenance];
}

/** GET /vehicle/work-program/{id}: one vehicle's entries (and its maintenances). */
export async function vehicleProgram(deps: PlanningDeps, acting: ActingProfile, vehicleId: string, q: TPlanningPeriodQuery): Promise<TCalendarEntry[]> {
  const vehicle = await vehicleOfPark(deps.db, acting.parkId, vehicleId);
  if (!vehicle) throw new AppError('VEHICLE_NOT_FOUND');
  const p = padded(readPeriod(deps, acting, q));
  const [rows, maintenance] = await Promise.all([entriesWithNames(deps.db, acting.parkId, { ...p, vehicleId }), maintenanceEntries(deps, acting, p, vehicleId)]);
  return [...storedViews(deps, acting, rows), ...maintenance];
}

/** GET /driver/work-program/{id}: one driver's entries. */
export async function driverProgram(deps: PlanningDeps, acting: ActingProfile, driverId: string, q: TPlanningPeriodQuery): Promise<TCalendarEntry[]> {
  if (!(await driverOfPark(deps.db, acting.parkId, driverId))) throw new AppError('DRIVER_NOT_FOUND');
  const p = padded(readPeriod(deps, acting, q));
  return storedViews(deps, acting, await entriesWithNames(deps.db, acting.parkId, { ...p, driverId }));
}

// ---------------------------------------------------------------- availability

async function assertGroup(deps: PlanningDeps, parkId: string, id: string | undefined) {
  if (id && !(await findRotationGroup(deps.db, parkId, id))) throw new AppError('ROTATION_GROUP_NOT_FOUND');
}

/** GET /planning/available-vehicle: vehicles in service with no entry in the period. */
export async function listAvailableVehicles(deps: PlanningDeps, acting: ActingProfile, q: TPlanningPeriodQuery & { rotation_group_id?: string }): Promise<TAvailableVehicle[]> {
  await assertGroup(deps, acting.parkId, q.rotation_group_id);
  const p = readPeriod(deps, acting, q);
  const rows = await availableVehicles(deps.db, acting.parkId, p.start, p.end, q.rotation_group_id);
  return rows.map((v) => ({ ...vehicleRef(v), status: v.status }));
}

/** GET /planning/available-driver: active drivers with no entry in the period. */
export async function listAvailableDrivers(deps: PlanningDeps, acting: ActingProfile, q: TPlanningPeriodQuery & { rotation_group_id?: string }): Promise<TAvailableDriver[]> {
  await assertGroup(deps, acting.parkId, q.rotation_group_id);
  const p = readPeriod(deps, acting, q);
  const rows = await availableDrivers(deps.db, acting.parkId, p.start, p.end, q.rotation_group_id);
  return rows.map((d) => ({ ...driverRef(deps.files, d), phone: d.phone }));
}

// ---------------------------------------------------------------- for seeds and jobs

/**
 * Generates a period for the park's configured vehicles (or these) and confirms it as generated,
 * outside any request: the demo park's planning, the benchmark's large parks. Periods longer than
 * the routes allow are fine here (they are confirmed in steps of PLANNING_MAX_DAYS days).
 */
export async function planPeriod(
  deps: PlanningDeps,
  park: { parkId: string; timeZone: string; currency: string },
  start: string,
  end: string,
  vehicleIds?: string[],
): Promise<{ created: number; conflicts: number }> {
  const acting: ActingProfile = { id: 'system', parkId: park.parkId, type: 'system', role: 'OWNER', isOwner: true, permissions: new Set(), park: { timeZone: park.timeZone, currency: park.currency } };
  let created = 0;
  let conflicts = 0;
  for (let from = start; from <= end; from = addDays(from, PLANNING_MAX_DAYS)) {
    const to = addDays(from, PLANNING_MAX_DAYS - 1) < end ? addDays(from, PLANNING_MAX_DAYS - 1) : end;
    const preview = await generate(deps, acting, { start_date: from, end_date: to, vehicle_ids: vehicleIds });
    conflicts += preview.conflicts.length;
    const ids = vehicleIds ?? [...new Set([...preview.entries.map((e) => e.vehicle.id), ...preview.vehicles_without_planning.map((v) => v.vehicle.id)])];
    if (ids.length === 0) continue;
    const entries = preview.entries.map((e) => ({ date: e.date, vehicle_id: e.vehicle.id, driver_id: e.driver.id, slot: e.slot, is_salary_day: e.is_salary_day, role: e.role }));
    created += (await confirm(deps, acting, { start_date: from, end_date: to, vehicle_ids: ids, entries, create_past_recipes: false })).created;
  }
  return { created, conflicts };
}
