import { and, eq, inArray, sql } from 'drizzle-orm';
import type { ScheduledInstalment, ScheduleResult, ScheduleTerms } from '@flotte/contract/contract-schedule';
import type { TContractType, TPaymentFrequency } from '@flotte/contract/contracts';
import type { Db, Tx } from '../../platform/db/database.ts';
import { AppError, fieldError } from '../../platform/errors.ts';
import { UUID_PATTERN } from '../../platform/ids.ts';
import { toMinor } from '../../platform/money.ts';
import { findScoped } from '../catalog/catalog.service.ts';
import { lockContractRecipes } from '../recipes/contract-recipes.ts';
import { drivers } from '../drivers/drivers.tables.ts';
import { vehicleOwners } from '../owners/owners.tables.ts';
import { vehicles } from '../vehicles/vehicles.tables.ts';
import { contractInstalments, contracts } from './contracts.tables.ts';

/**
 * What creation, update and regenerate share: amounts in minor units, the schedule's terms and
 * its errors as 400s on the field, the parties checked in the park, the per-park lock that makes
 * numbers and the "one open contract" rules race-free, and the bulk insert of instalments.
 */

export const isUuid = (v: string | undefined | null): v is string => !!v && UUID_PATTERN.test(v);

/** An amount of the body in the park currency's minor units, or 400 on the field. */
export function minorOf(amount: number | string, currency: string, field: string, message: string): number {
  let minor: number;
  try {
    minor = toMinor(typeof amount === 'string' ? amount.replace(/\s/g, '') : amount, currency);
  } catch {
    throw fieldError(field, message);
  }
  if (minor <= 0) throw fieldError(field, message);
  return minor;
}

export interface StoredTerms {
  contractType: TContractType;
  paymentFrequency: TPaymentFrequency;
  frequencyAmount: number;
  totalAmount: number | null;
  startDate: string;
  startTime: string | null;
  endDate: string | null;
}

/** DRIVER pays until the total; PARTNER is paid each period until the end (the total, if any, caps it). */
export function scheduleTerms(t: StoredTerms): ScheduleTerms {
  return {
    mode: t.contractType === 'DRIVER' ? 'until_total' : 'until_end',
    frequency: t.paymentFrequency,
    frequencyAmount: t.frequencyAmount,
    totalAmount: t.totalAmount,
    startDate: t.startDate,
    startTime: t.paymentFrequency === 'hourly' ? t.startTime : null,
    endDate: t.endDate,
  };
}

/** A schedule's result, or its error as a 400 naming the field. */
export function scheduled(result: ScheduleResult): Extract<ScheduleResult, { ok: true }> {
  if (!result.ok) throw fieldError(result.field, result.message);
  return result;
}

/** The park's vehicle (with its owner); another park's reads as not found. */
export async function parkVehicle(db: Db | Tx, parkId: string, id: string) {
  const [v] = isUuid(id)
    ? await db.select({ id: vehicles.id, ownerId: vehicles.vehicleOwnerId }).from(vehicles).where(and(eq(vehicles.id, id), eq(vehicles.parkId, parkId))).limit(1)
    : [];
  if (!v) throw new AppError('VEHICLE_NOT_FOUND');
  return v;
}

export async function assertParkDriver(db: Db | Tx, parkId: string, id: string): Promise<void> {
  const [d] = isUuid(id) ? await db.select({ id: drivers.id }).from(drivers).where(and(eq(drivers.id, id), eq(drivers.parkId, parkId))).limit(1) : [];
  if (!d) throw new AppError('DRIVER_NOT_FOUND');
}

export async function assertParkOwner(db: Db | Tx, parkId: string, id: string): Promise<void> {
  const [o] = isUuid(id)
    ? await db.select({ id: vehicleOwners.id }).from(vehicleOwners).where(and(eq(vehicleOwners.id, id), eq(vehicleOwners.parkId, parkId))).limit(1)
    : [];
  if (!o) throw new AppError('CONTRACT_OWNER_NOT_FOUND');
}

export async function assertContractType(db: Db | Tx, parkId: string, id: number | undefined): Promise<void> {
  if (id !== undefined && !(await findScoped(db as Db, 'contractType', parkId, id))) throw new AppError('CONTRACT_TYPE_NOT_FOUND');
}

/**
 * Serialises the park's contract creations and changes of vehicle or driver: the next number and
 * "one open contract per vehicle and type, per driver" are then read and written by one at a time.
 */
export async function lockParkContracts(tx: Tx, parkId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('contracts:' || ${parkId}))`);
}

/** Refuses a vehicle with a PENDING or ACTIVE contract of the type, or a driver with one (DRIVER), other than `except`. */
export async function assertFree(tx: Tx, parkId: string, v: { contractType: TContractType; vehicleId: string; driverId: string | null; except?: string }): Promise<void> {
  const open = inArray(contracts.status, ['PENDING', 'ACTIVE']);
  const notSelf = v.except ? sql`${contracts.id} <> ${v.except}` : sql`true`;
  const [vehicleBusy] = await tx
    .select({ id: contracts.id })
    .from(contracts)
    .where(and(eq(contracts.parkId, parkId), eq(contracts.vehicleId, v.vehicleId), eq(contracts.contractType, v.contractType), open, notSelf))
    .limit(1);
  if (vehicleBusy) throw new AppError('CONTRACT_VEHICLE_BUSY');
  if (v.contractType !== 'DRIVER' || !v.driverId) return;
  const [driverBusy] = await tx
    .select({ id: contracts.id })
    .from(contracts)
    .where(and(eq(contracts.parkId, parkId), eq(contracts.driverId, v.driverId), eq(contracts.contractType, 'DRIVER'), open, notSelf))
    .limit(1);
  if (driverBusy) throw new AppError('CONTRACT_DRIVER_BUSY');
}

/** Inserts instalments in chunks (a schedule may hold 10,000; a statement takes at most 65,535 values). */
export async function insertInstalments(tx: Tx, parkId: string, contractId: string, list: readonly ScheduledInstalment[]): Promise<void> {
  for (let i = 0; i < list.length; i += 2000) {
    await tx.insert(contractInstalments).values(
      list.slice(i, i + 2000).map((s) => ({ parkId, contractId, seq: s.seq, dueDate: s.dueDate, dueTime: s.dueTime, amount: s.amount })),
    );
  }
}

/** The first unpaid instalment's due day, or null when nothing remains. */
export async function nextDueDate(tx: Tx, contractId: string): Promise<string | null> {
  const [row] = await tx
    .select({ d: contractInstalments.dueDate })
    .from(contractInstalments)
    .where(and(eq(contractInstalments.contractId, contractId), eq(contractInstalments.status, 'due')))
    .orderBy(contractInstalments.seq)
    .limit(1);
  return row?.d ?? null;
}

/** Locks the park's contract for a change (two changes at once: one waits, then sees the other's result); another park's reads as not found. */
export async function lockContract(tx: Tx, parkId: string, id: string) {
  if (!isUuid(id)) throw new AppError('CONTRACT_NOT_FOUND');
  // A payment locks its recipes, then (through the payment hook) the contract: take the same order
  // here, the open instalments' recipes first, so a cancel or an update racing a payment waits for
  // it instead of deadlocking with it.
  const open = await tx
    .select({ recipeId: contractInstalments.recipeId })
    .from(contractInstalments)
    .where(and(eq(contractInstalments.contractId, id), eq(contractInstalments.parkId, parkId), eq(contractInstalments.status, 'due')));
  await lockContractRecipes(tx, parkId, open.flatMap((r) => (r.recipeId ? [r.recipeId] : [])));
  const [c] = await tx.select().from(contracts).where(and(eq(contracts.id, id), eq(contracts.parkId, parkId))).for('update');
  if (!c) throw new AppError('CONTRACT_NOT_FOUND');
  return c;
}
export type LockedContract = Awaited<ReturnType<typeof lockContract>>;

/** Refuses a change of a contract that is over: 409 in French. */
export function assertOpen(c: Pick<LockedContract, 'status'>): void {
  if (c.status === 'CANCELLED') throw new AppError('CONTRACT_CANCELLED');
  if (c.status === 'EXPIRED') throw new AppError('CONTRACT_ENDED');
}
