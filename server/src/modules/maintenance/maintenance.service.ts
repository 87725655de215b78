import { and, eq, gt, inArray, lt } from 'drizzle-orm';
import {
  DEFAULT_COMPONENT_AMOUNT,
  MAINTENANCE_MESSAGES as M,
  maintenanceScheduleError,
  maintenanceSpan,
  type TMaintenance,
  type TMaintenanceCreateParsed,
  type TMaintenanceCreated,
  type TMaintenanceLostDays,
  type TMaintenancePlanningImpactQuery,
} from '@flotte/contract';
import type { ActingProfile } from '../../platform/auth/auth-context.ts';
import type { Tx } from '../../platform/db/database.ts';
import { fromWireDate } from '../../platform/dates.ts';
import { AppError, fieldError } from '../../platform/errors.ts';
import { UUID_PATTERN } from '../../platform/ids.ts';
import { toMinor } from '../../platform/money.ts';
import { findCarComponents } from '../catalog/catalog.service.ts';
import { assertParkFiles } from '../files/park-file-refs.ts';
import { planningLostDays, releasePlanningDays } from '../planning/maintenance-impact.ts';
import { assertActiveSupplier } from '../suppliers/suppliers.service.ts';
import { syncVehicleMaintenanceStatus } from '../vehicles/vehicle-maintenance-status.ts';
import { vehicles } from '../vehicles/vehicles.tables.ts';
import { getMaintenance, type MaintenanceDeps } from './maintenance.queries.ts';
import { maintenanceItems, maintenances, repairTypes } from './maintenance.tables.ts';

export { getMaintenance, listMaintenances, listRepairTypes, type MaintenanceDeps } from './maintenance.queries.ts';

const isUuid = (v: string | null | undefined): v is string => !!v && UUID_PATTERN.test(v);
const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** An estimate in the park currency as minor units (0 or more), or the field's French message. */
function estimateOf(amount: number | string | undefined, currency: string): number {
  if (blank(amount)) return toMinor(DEFAULT_COMPONENT_AMOUNT, currency);
  let minor: number;
  try {
    minor = toMinor(typeof amount === 'string' ? amount.replace(/\s/g, '') : amount!, currency);
  } catch {
    throw fieldError('maintenances', M.amount);
  }
  if (minor < 0) throw fieldError('maintenances', M.amount);
  return minor;
}

/** The maintenance's span as instants, from a draft the scheduling checks passed. */
function spanOf(input: Pick<TMaintenanceCreateParsed, 'duration_choice' | 'start_date' | 'end_date'>, timeZone: string) {
  const span = maintenanceSpan(input);
  if (!span) throw fieldError('start_date', M.date);
  return { ...span, startAt: fromWireDate(span.start_date, timeZone, 'start_date'), endAt: fromWireDate(span.end_date, timeZone, 'end_date') };
}

interface Item {
  repairTypeId: number;
  componentId: number;
  estimatedAmount: number;
}

/** The items of the body, checked: each repair type once, each component once per type, amounts in the currency. */
async function itemsOf(deps: MaintenanceDeps, parkId: string, currency: string, input: TMaintenanceCreateParsed): Promise<Item[]> {
  const items: Item[] = [];
  const types = new Set<number>();
  for (const g of input.maintenances ?? []) {
    const typeId = Number(g.repair_type_id);
    if (!Number.isInteger(typeId) || typeId <= 0 || typeId > 2_147_483_647) throw new AppError('REPAIR_TYPE_NOT_FOUND');
    if (types.has(typeId)) throw fieldError('maintenances', M.repairTypeTwice);
    types.add(typeId);
    const seen = new Set<number>();
    for (const c of g.maintenanceCarComponent ?? []) {
      const componentId = Number(c.component_id);
      if (seen.has(componentId)) throw fieldError('maintenances', M.componentTwice);
      seen.add(componentId);
      items.push({ repairTypeId: typeId, componentId, estimatedAmount: estimateOf(c.amount, currency) });
    }
  }
  const known = await deps.db.select({ id: repairTypes.id }).from(repairTypes).where(inArray(repairTypes.id, [...types]));
  if (known.length !== types.size) throw new AppError('REPAIR_TYPE_NOT_FOUND');
  // A component is shared or the park's own; another park's reads as unknown.
  const componentIds = [...new Set(items.map((i) => i.componentId))];
  if ((await findCarComponents(deps.db, parkId, componentIds)).length !== componentIds.length) throw new AppError('CAR_COMPONENT_NOT_FOUND');
  return items;
}

/** The park's vehicle, which must not be deactivated; another park's reads as not found. */
async function schedulableVehicle(deps: MaintenanceDeps, parkId: string, vehicleId: string | undefined) {
  const [vehicle] = isUuid(vehicleId)
    ? await deps.db.select({ id: vehicles.id, status: vehicles.status }).from(vehicles).where(and(eq(vehicles.id, vehicleId), eq(vehicles.parkId, parkId))).limit(1)
    : [];
  if (!vehicle) throw new AppError('VEHICLE_NOT_FOUND');
  if (vehicle.status === 'deactivated') throw new AppError('MAINTENANCE_VEHICLE_DEACTIVATED');
  return vehicle;
}

/**
 * POST /entretien: schedules a maintenance. First the scheduling warnings of spec 002 section 5 in
 * the form's order (contract `maintenanceScheduleError`), then that every id names something of
 * the park (vehicle not deactivated, supplier active), then, in one transaction behind the vehicle
 * row's lock: no other open maintenance of the vehicle meets the span, the maintenance and its
 * items are written, the planning's entries of those days are taken from their drivers (with the
 * expected recipes nothing was collected on, planning/maintenance-impact.ts), and the vehicle goes
 * to 'maintain' if the span holds the present. Answers who lost which days.
 */
export async function createMaintenance(deps: MaintenanceDeps, actor: ActingProfile, input: TMaintenanceCreateParsed): Promise<TMaintenanceCreated> {
  const parkId = actor.parkId;
  const { currency, timeZone } = actor.park;
  const failed = maintenanceScheduleError(input);
  if (failed) throw fieldError(failed.field, failed.message);
  const span = spanOf(input, timeZone);
  const vehicle = await schedulableVehicle(deps, parkId, input.vehicle_id);
  const items = await itemsOf(deps, parkId, currency, input);
  const estimatedAmount = items.reduce((s, i) => s + i.estimatedAmount, 0);

  const { id, lost } = await deps.db.transaction(async (tx) => {
    if (input.supplier_id) await assertActiveSupplier(tx, parkId, input.supplier_id);
    const images = await assertParkFiles(tx, parkId, (input.images ?? []).map((value, i) => ({ field: `images.${i}`, value })));
    // Two schedulings of one vehicle at once: the second waits here, then sees the first. 'No key
    // update' leaves the key-share lock that inserting planning entries takes on the vehicle free
    // (a planning confirmation holding the park's planning lock would otherwise deadlock with us).
    await tx.select({ id: vehicles.id }).from(vehicles).where(and(eq(vehicles.id, vehicle.id), eq(vehicles.parkId, parkId))).for('no key update');
    const [overlap] = await tx
      .select({ id: maintenances.id })
      .from(maintenances)
      .where(
        and(
          eq(maintenances.parkId, parkId),
          eq(maintenances.vehicleId, vehicle.id),
          eq(maintenances.status, 'available'),
          lt(maintenances.startAt, span.endAt),
          gt(maintenances.endAt, span.startAt),
        ),
      )
      .limit(1);
    if (overlap) throw new AppError('MAINTENANCE_OVERLAP');
    const [row] = await tx
      .insert(maintenances)
      .values({
        parkId,
        vehicleId: vehicle.id,
        supplierId: input.supplier_id || null,
        description: input.description || null,
        durationChoice: span.duration_choice,
        startAt: span.startAt,
        endAt: span.endAt,
        estimatedAmount,
        images: images.filter((p): p is string => !!p),
        createdBy: actor.id,
      })
      .returning({ id: maintenances.id });
    await tx.insert(maintenanceItems).values(items.map((i) => ({ maintenanceId: row.id, ...i })));
    const lostDays = await releasePlanningDays(tx, parkId, timeZone, vehicle.id, span.startAt, span.endAt, { by: actor.id });
    await syncVehicleMaintenanceStatus(tx, parkId, vehicle.id, new Date());
    return { id: row.id, lost: lostDays };
  });
  return { ...(await getMaintenance(deps, actor, id)), lost_days: lost };
}

/** Locks the park's maintenance for a change; another park's reads as not found. */
export async function lockMaintenance(tx: Tx, parkId: string, id: string) {
  if (!isUuid(id)) throw new AppError('MAINTENANCE_NOT_FOUND');
  const [m] = await tx
    .select({ id: maintenances.id, status: maintenances.status, vehicleId: maintenances.vehicleId })
    .from(maintenances)
    .where(and(eq(maintenances.id, id), eq(maintenances.parkId, parkId)))
    .for('update');
  if (!m) throw new AppError('MAINTENANCE_NOT_FOUND');
  return m;
}

/**
 * PUT /entretien/{id} with status canceled: only while available (the row is locked, so a finish
 * and a cancel at once do one thing). The vehicle gets its status back if this maintenance held
 * it. The planning days taken at scheduling stay free: the owner plans them again if he wants.
 */
export async function cancelMaintenance(deps: MaintenanceDeps, actor: ActingProfile, id: string): Promise<TMaintenance> {
  await deps.db.transaction(async (tx) => {
    const m = await lockMaintenance(tx, actor.parkId, id);
    if (m.status === 'finished') throw new AppError('MAINTENANCE_ALREADY_FINISHED');
    if (m.status === 'canceled') throw new AppError('MAINTENANCE_ALREADY_CANCELED');
    const now = new Date();
    await tx.update(maintenances).set({ status: 'canceled', canceledAt: now, canceledBy: actor.id, updatedAt: now }).where(eq(maintenances.id, m.id));
    await syncVehicleMaintenanceStatus(tx, actor.parkId, m.vehicleId, now);
  });
  return getMaintenance(deps, actor, id);
}

/** GET /entretien/planning-impact: who would lose which planned days (nothing is written). */
export async function maintenancePlanningImpact(deps: MaintenanceDeps, actor: ActingProfile, q: TMaintenancePlanningImpactQuery): Promise<TMaintenanceLostDays[]> {
  const vehicle = await schedulableVehicle(deps, actor.parkId, q.vehicle_id);
  const failed = maintenanceScheduleError({ ...q, maintenances: [{ repair_type_id: 1, maintenanceCarComponent: [{ component_id: 1 }] }] });
  if (failed) throw fieldError(failed.field, failed.message);
  const span = spanOf(q, actor.park.timeZone);
  return planningLostDays(deps.db, actor.parkId, actor.park.timeZone, vehicle.id, span.startAt, span.endAt);
}
