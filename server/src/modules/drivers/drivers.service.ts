import { and, eq, inArray } from 'drizzle-orm';
import type { Page, TAgent, TDriver, TDriverAllData, TDriverListQuery, TDriverInputParsed, TDriverUpdateParsed, TYangoProfileLink } from '@flotte/contract';
import type { Db, Tx } from '../../platform/db/database.ts';
import { toWireDate } from '../../platform/dates.ts';
import { AppError, fieldError } from '../../platform/errors.ts';
import { fromMinor } from '../../platform/money.ts';
import { toPage } from '../../platform/pagination.ts';
import { parkTimeZone } from '../access/roles.service.ts';
import { findScoped } from '../catalog/catalog.service.ts';
import { imageLink, type FilesDeps } from '../files/files.service.ts';
import { assertParkFile } from '../files/park-file-refs.ts';
import { yangoProfilesOf } from '../yango/yango-link.ts';
import { licenceView, replaceLicences } from './driver-licences.ts';
import { drivers } from './drivers.tables.ts';
import {
  agentsOf,
  assignmentsOf,
  currentVehicles,
  driverMoneyOf,
  findDriverRow,
  licencesOf,
  listDriverPage,
  weekdayOf,
  type DriverMoney,
  type DriverRow,
  type DriverVehicleRow,
} from './drivers.queries.ts';

/** What the drivers services need, passed in so tests can build them on any database. */
export interface DriversDeps {
  db: Db;
  files: Pick<FilesDeps, 'signingKey'>;
}

export type DriverStatus = 'active' | 'suspended' | 'deactivated';

/** Status follows the two stamps (spec 000 section 4): deactivation wins over suspension. */
export function statusOf(d: { blockedAt: Date | null; desactivateAt: Date | null }): DriverStatus {
  if (d.desactivateAt) return 'deactivated';
  if (d.blockedAt) return 'suspended';
  return 'active';
}

// ---------------------------------------------------------------- for the vehicles module

export interface AssignableDriver {
  id: string;
  first_name: string;
  last_name: string;
  status: DriverStatus;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The drivers of the park among these ids, with their status, for the vehicles module to check
 * before assigning them: only 'active' ones may be assigned. Ids of another park, unknown or
 * malformed are simply absent from the answer.
 */
export async function assignableDrivers(db: Pick<Db, 'select'>, parkId: string, driverIds: string[]): Promise<AssignableDriver[]> {
  const ids = [...new Set(driverIds.filter((id) => UUID.test(id)))];
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: drivers.id, firstName: drivers.firstName, lastName: drivers.lastName, blockedAt: drivers.blockedAt, desactivateAt: drivers.desactivateAt })
    .from(drivers)
    .where(and(eq(drivers.parkId, parkId), inArray(drivers.id, ids)));
  return rows.map((r) => ({ id: r.id, first_name: r.firstName, last_name: r.lastName, status: statusOf(r) }));
}

// ---------------------------------------------------------------- answers

const NOT_FOUND = () => new AppError('DRIVER_NOT_FOUND');

function vehicleView(deps: DriversDeps, v: DriverVehicleRow) {
  return { id: v.id, label: v.label, registration_number: v.registrationNumber, brand: v.brand, model: v.model, image: imageLink(deps.files, v.images[0]) };
}

/**
 * Drivers as the API shows them: a fixed number of queries for a whole page. `timeZone` is the
 * park's when the caller already knows it (read with the session), else it is read here.
 */
async function driverViews(deps: DriversDeps, parkId: string, rows: DriverRow[], timeZone?: string): Promise<TDriver[]> {
  if (rows.length === 0) return [];
  const tz = timeZone ?? (await parkTimeZone(deps.db, parkId));
  const ids = rows.map((r) => r.driver.id);
  const today = weekdayOf(toWireDate(new Date(), tz).slice(0, 10));
  const [licences, vehicles, money, yango] = await Promise.all([
    licencesOf(deps.db, parkId, ids),
    currentVehicles(deps.db, parkId, ids, today),
    driverMoneyOf(deps.db, parkId, ids),
    yangoProfilesOf(deps.db, parkId, ids, tz),
  ]);
  return buildViews(deps, rows, tz, licences, vehicles, money, yango);
}

/** The stored fields a driver's answer shows. */
type ShownDriverRow = { driver: Omit<DriverRow['driver'], 'userId' | 'searchText' | 'updatedAt' | 'gpsConsentAt'> } & Omit<DriverRow, 'driver'>;

/** The answer for each driver, from what driverViews or listDriverPage read. */
function buildViews(
  deps: DriversDeps,
  rows: ShownDriverRow[],
  tz: string,
  licences: (Parameters<typeof licenceView>[0] & { driverId: string })[],
  vehicles: Map<string, DriverVehicleRow>,
  money: { currency: string; byDriver: Map<string, DriverMoney> },
  yango: Map<string, TYangoProfileLink>,
): TDriver[] {
  const amount = (minor: number | undefined) => fromMinor(minor ?? 0, money.currency);
  const wire = (d: Date | null) => (d ? toWireDate(d, tz) : null);
  return rows.map(({ driver: d, gradeName, driverTypeName }) => {
    const vehicle = vehicles.get(d.id);
    return {
      id: d.id,
      park_id: d.parkId,
      first_name: d.firstName,
      last_name: d.lastName,
      full_name: `${d.firstName} ${d.lastName}`,
      phone: d.phone,
      email: d.email,
      cni_number: d.cniNumber,
      birthday: d.birthday,
      sex: d.sex,
      place_birth: d.placeBirth,
      image: imageLink(deps.files, d.image),
      grade: d.gradeId != null && gradeName != null ? { id: d.gradeId, name: gradeName } : null,
      grade_id: d.gradeId,
      driver_type: d.driverTypeId != null && driverTypeName != null ? { id: d.driverTypeId, name: driverTypeName } : null,
      driver_type_id: d.driverTypeId,
      driver_group_id: d.driverGroupId,
      city_id: d.cityId,
      region_id: d.regionId,
      start_work_at: d.startWorkAt,
      days_off: d.daysOff,
      can_relay: d.canRelay,
      enable_withdraw: d.enableWithdraw,
      status: statusOf(d),
      blocked_at: wire(d.blockedAt),
      block_reason: d.blockReason,
      desactivate_at: wire(d.desactivateAt),
      tag: d.tag,
      permis: licences.filter((l) => l.driverId === d.id).map(licenceView),
      current_vehicle: vehicle ? vehicleView(deps, vehicle) : null,
      yango_profile: yango.get(d.id) ?? null,
      sold: amount(money.byDriver.get(d.id)?.sold),
      dettes: amount(money.byDriver.get(d.id)?.dettes),
      nbDettesRecipes: money.byDriver.get(d.id)?.nbDettesRecipes ?? 0,
      nb_recipes_not_collected: money.byDriver.get(d.id)?.nbDettesRecipes ?? 0,
      ca_this_month: amount(money.byDriver.get(d.id)?.caThisMonth),
      created_at: toWireDate(d.createdAt, tz),
    };
  });
}

export async function listDrivers(deps: DriversDeps, parkId: string, q: TDriverListQuery, timeZone?: string): Promise<Page<TDriver>> {
  const tz = timeZone ?? (await parkTimeZone(deps.db, parkId));
  const { rows, total } = await listDriverPage(deps.db, parkId, q, weekdayOf(toWireDate(new Date(), tz).slice(0, 10)));
  // The page's one statement read everything: the same answer as driverViews, without its three reads.
  const licences = rows.flatMap((r) =>
    r.licences.map(([id, type, number, permanent, deliveryAt, expireAt, countryDelivery]) => ({ id, driverId: r.id!, type, number, permanent, deliveryAt, expireAt, countryDelivery })),
  );
  const vehicles = new Map<string, DriverVehicleRow>();
  const byDriver = new Map<string, DriverMoney>();
  for (const r of rows) {
    const v = r.vehicle;
    if (v) vehicles.set(r.id!, { id: v[0], label: v[1], registrationNumber: v[2], status: '', brand: v[3], model: v[4], images: v[5] ? [v[5]] : [] });
    byDriver.set(r.id!, { sold: Number(r.sold), dettes: Number(r.dettes), nbDettesRecipes: Number(r.nb), caThisMonth: Number(r.ca) });
  }
  const driverRows: ShownDriverRow[] = rows.map((r) => ({
    driver: {
      id: r.id!, parkId: r.park_id, firstName: r.first_name, lastName: r.last_name, phone: r.phone, email: r.email,
      cniNumber: r.cni_number, birthday: r.birthday, sex: r.sex, placeBirth: r.place_birth, image: r.image, gradeId: r.grade_id,
      driverTypeId: r.driver_type_id, driverGroupId: r.driver_group_id, cityId: r.city_id, regionId: r.region_id, startWorkAt: r.start_work_at,
      daysOff: r.days_off, canRelay: r.can_relay, enableWithdraw: r.enable_withdraw, blockedAt: r.blocked_at, blockReason: r.block_reason,
      desactivateAt: r.desactivate_at, tag: r.tag, createdAt: r.created_at,
    },
    gradeName: r.grade_name,
    driverTypeName: r.driver_type_name,
  }));
  const money = { currency: rows[0]?.currency ?? 'XAF', byDriver };
  // The page's Yango links in one more query, by the page's ids.
  const yango = await yangoProfilesOf(deps.db, parkId, rows.map((r) => r.id!), tz);
  return toPage(buildViews(deps, driverRows, tz, licences, vehicles, money, yango), total, q);
}

export async function readDriver(deps: DriversDeps, parkId: string, id: string): Promise<TDriver> {
  const row = await findDriverRow(deps.db, parkId, id);
  if (!row) throw NOT_FOUND();
  const [view] = await driverViews(deps, parkId, [row]);
  return view;
}

/** The driver with licences, current vehicle and every vehicle planning listing them. */
export async function readDriverAllData(deps: DriversDeps, parkId: string, id: string): Promise<TDriverAllData> {
  const driver = await readDriver(deps, parkId, id);
  const rows = await assignmentsOf(deps.db, parkId, id);
  const configs = rows.map((a) => ({
    vehicle: { ...vehicleView(deps, a.vehicle), status: a.vehicle.status },
    position: a.position,
    work_day: a.workDays,
    start_work_at: a.startWorkAt,
    hour_interval_id: a.hourIntervalId,
    work_planning: a.workPlanning,
    number_drivers: a.numberDrivers,
    start_date: a.startTime,
    end_date: a.endTime,
    passation_date: a.passationTime,
    salary_day_id: a.salaryDayId,
  }));
  return { ...driver, configs };
}

// ---------------------------------------------------------------- saving

/** Grade, driver type and group must be shared ones or the park's own. */
async function assertReferences(db: Db, parkId: string, v: { grade_id?: number; driver_type_id?: number; driver_group_id?: number }) {
  const checks = [
    ['driver_type_id', 'driverType', 'Type de chauffeur introuvable'],
    ['grade_id', 'grade', 'Grade introuvable'],
    ['driver_group_id', 'driverGroup', 'Groupe de chauffeurs introuvable'],
  ] as const;
  for (const [field, kind, message] of checks) {
    const id = v[field];
    if (id !== undefined && !(await findScoped(db, kind, parkId, id))) throw fieldError(field, message);
  }
}

/** A photo named in a JSON body must be an image this park uploaded (files/park-file-refs.ts). */
async function assertOwnImage(tx: Tx, parkId: string, image: string | undefined) {
  await assertParkFile(tx, parkId, { field: 'image', value: image });
}

function isPhoneTaken(err: unknown): boolean {
  for (let e = err as { code?: string; constraint?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return e.constraint === 'drivers_park_phone_key';
  }
  return false;
}

async function saving<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw isPhoneTaken(err) ? new AppError('DRIVER_PHONE_TAKEN') : err;
  }
}

function driverValues(input: TDriverUpdateParsed): Partial<typeof drivers.$inferInsert> {
  const map: [keyof TDriverUpdateParsed, keyof typeof drivers.$inferInsert][] = [
    ['first_name', 'firstName'],
    ['last_name', 'lastName'],
    ['phone', 'phone'],
    ['email', 'email'],
    ['cni_number', 'cniNumber'],
    ['birthday', 'birthday'],
    ['sex', 'sex'],
    ['place_birth', 'placeBirth'],
    ['image', 'image'],
    ['grade_id', 'gradeId'],
    ['driver_type_id', 'driverTypeId'],
    ['driver_group_id', 'driverGroupId'],
    ['city_id', 'cityId'],
    ['region_id', 'regionId'],
    ['start_work_at', 'startWorkAt'],
    ['days_off', 'daysOff'],
    ['can_relay', 'canRelay'],
    ['enable_withdraw', 'enableWithdraw'],
    ['tag', 'tag'],
  ];
  const out: Record<string, unknown> = {};
  for (const [from, to] of map) if (input[from] !== undefined) out[to] = input[from];
  const cleared = new Set<string>(input.clear ?? []);
  for (const [from, to] of map) if (cleared.has(from)) out[to] = null;
  return out as Partial<typeof drivers.$inferInsert>;
}

/** POST /driver: a new, active driver with their licences. */
export async function createDriver(deps: DriversDeps, parkId: string, input: TDriverInputParsed): Promise<TDriver> {
  await assertReferences(deps.db, parkId, input);
  const id = await saving(() =>
    deps.db.transaction(async (tx) => {
      await assertOwnImage(tx, parkId, input.image);
      const [row] = await tx
        .insert(drivers)
        .values({ ...driverValues(input), parkId, firstName: input.first_name, lastName: input.last_name, phone: input.phone })
        .returning({ id: drivers.id });
      if (input.permis?.length) await replaceLicences(tx, parkId, row.id, input.permis);
      return row.id;
    }),
  );
  return readDriver(deps, parkId, id);
}

/**
 * PUT /driver/update/{id}: the fields sent, and those named in `clear` emptied; `permis` and
 * `days_off`, when sent, replace the lists.
 */
export async function updateDriver(deps: DriversDeps, parkId: string, id: string, input: TDriverUpdateParsed): Promise<TDriver> {
  if (!(await findDriverRow(deps.db, parkId, id))) throw NOT_FOUND();
  await assertReferences(deps.db, parkId, input);
  await saving(() =>
    deps.db.transaction(async (tx) => {
      await assertOwnImage(tx, parkId, input.image);
      const values = driverValues(input);
      if (Object.keys(values).length) await tx.update(drivers).set(values).where(and(eq(drivers.id, id), eq(drivers.parkId, parkId)));
      if (input.permis !== undefined) await replaceLicences(tx, parkId, id, input.permis);
    }),
  );
  return readDriver(deps, parkId, id);
}

// ---------------------------------------------------------------- agents

export async function listAgents(db: Db, parkId: string): Promise<TAgent[]> {
  const rows = await agentsOf(db, parkId);
  return rows.map((r) => ({ profile_id: r.profileId, first_name: r.firstName, last_name: r.lastName, phone: r.phone, email: r.email }));
}
