import { and, eq } from 'drizzle-orm';
import { fundMovementError, isMaintenanceCode, OPERATION_MESSAGES as M, subAccountIdOf, type TFundMovementInput, type TOperation } from '@flotte/contract';
import type { ActingProfile } from '../../platform/auth/auth-context.ts';
import { hasPermission } from '../../platform/auth/guard.ts';
import type { Db } from '../../platform/db/database.ts';
import { fromWireDate, toWireDate } from '../../platform/dates.ts';
import { AppError, fieldError } from '../../platform/errors.ts';
import { UUID_PATTERN } from '../../platform/ids.ts';
import { toMinor } from '../../platform/money.ts';
import { parks } from '../access/access.tables.ts';
import { findCarComponents, findFuelType } from '../catalog/catalog.service.ts';
import { findDriverRow } from '../drivers/drivers.queries.ts';
import { assertParkFile } from '../files/park-file-refs.ts';
import { balanceOf } from '../ledger/ledger.service.ts';
import { caisseLedgerAccount, caisseOfPark, defaultCashCaisse } from '../treasury/caisse-accounts.ts';
import { assertCaisseUsable } from '../treasury/caisse-access.ts';
import { parkTransactions } from '../treasury/treasury.tables.ts';
import { findVehicleRow } from '../vehicles/vehicles.queries.ts';
import { recordCaisseOperation } from './operation-record.ts';
import { getOperation, type OperationsDeps } from './operations.queries.ts';
import { findSubAccount } from './sub-accounts.ts';

type Input = Omit<TFundMovementInput, 'amount' | 'litre_carburant' | 'type_carburant_id' | 'car_component'> & {
  amount?: number | string;
  litre_carburant?: number | string;
  type_carburant_id?: string;
  car_component?: { id: string; amount?: number | string }[];
};

const isUuid = (v: string | undefined): v is string => !!v && UUID_PATTERN.test(v);
const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** An amount in the park currency as minor units, or the field's French message. */
function minorOf(amount: number | string, currency: string, field: string): number {
  let minor: number;
  try {
    minor = toMinor(typeof amount === 'string' ? amount.replace(/\s/g, '') : amount, currency);
  } catch {
    throw fieldError(field, Number.isFinite(Number(amount)) ? M.amountDecimals : M.amountPositive);
  }
  if (minor <= 0) throw fieldError(field, M.amountPositive);
  return minor;
}

/** Litres: a positive number with at most 2 decimals (numeric(10, 2)). */
function litresOf(v: number | string): string {
  const text = typeof v === 'number' ? String(v) : v.trim().replace(',', '.');
  if (!/^\d{1,8}(\.\d{1,2})?$/.test(text) || Number(text) <= 0) throw fieldError('litre_carburant', M.litresPositive);
  return text;
}

/**
 * The wire date, or a day alone: then the current time of day is taken, as the dialog does (spec
 * 001 section 5: the time of day of the operation date is the current hour, minute and second).
 */
function operationDate(wire: string, timeZone: string): Date {
  const full = /^\d{4}-\d{2}-\d{2}$/.test(wire) ? `${wire}${toWireDate(new Date(), timeZone).slice(10)}` : wire;
  return fromWireDate(full, timeZone, 'date');
}

/**
 * POST /pnl-account/fund-movement (and /accounting/create-entry-or-depense): records a revenue or
 * an expense. First the spec's 8 checks in order (contract `fundMovementError`), then that every
 * id names something of the park, then, in one transaction, the row, its components and, unless
 * the park wants the owner's confirmation first, its ledger posting. An expense the caisse can't
 * cover is refused (INSUFFICIENT_FUNDS) and leaves nothing behind.
 */
export async function createFundMovement(deps: OperationsDeps, actor: ActingProfile, input: Input): Promise<TOperation> {
  const { db } = deps;
  const parkId = actor.parkId;
  const { currency, timeZone } = actor.park;
  const cashAccess = hasPermission(actor, 'ACCESS_CAISSE_CASH');

  // The sub-account's code drives checks 3 and 5 to 8. An id that names nothing of the park still
  // counts as "given" for check 4 (it is refused, with a 404, once the 8 checks pass); a category
  // (level 1) is not a sub-account.
  const subId = subAccountIdOf(input.sub_account_id);
  const sub = isUuid(subId) ? await findSubAccount(db, parkId, subId) : null;
  const draftSub = sub ? (sub.depth >= 2 ? { code: sub.code } : null) : subId ? { code: null } : null;
  const failed = fundMovementError({ ...input, sub_account: draftSub }, { cashAccess });
  if (failed) throw fieldError(failed.field, failed.message);
  if (!sub) throw new AppError('OPERATION_SUB_ACCOUNT_NOT_FOUND');

  // The amount: the components' sum for maintenance, the transaction's when only it is given.
  const maintenance = isMaintenanceCode(sub.code);
  const components = new Map<number, number>();
  if (maintenance) {
    for (const c of input.car_component ?? []) {
      const id = Number(c.id);
      if (!Number.isInteger(id) || id <= 0) throw new AppError('CAR_COMPONENT_NOT_FOUND');
      if (blank(c.amount)) throw fieldError('car_component', M.componentAmounts);
      components.set(id, (components.get(id) ?? 0) + minorOf(c.amount!, currency, 'car_component'));
    }
    const known = await findCarComponents(db, parkId, [...components.keys()]);
    if (known.length !== components.size) throw new AppError('CAR_COMPONENT_NOT_FOUND');
  }
  let transactionAmount: number | null = null;
  if (!blank(input.transaction_id)) {
    const [t] = isUuid(input.transaction_id)
      ? await db
          .select({ amount: parkTransactions.amount })
          .from(parkTransactions)
          .where(and(eq(parkTransactions.id, input.transaction_id), eq(parkTransactions.parkId, parkId)))
      : [];
    if (!t) throw new AppError('PARK_TRANSACTION_NOT_FOUND');
    transactionAmount = t.amount;
  }
  const amount = maintenance
    ? [...components.values()].reduce((s, a) => s + a, 0)
    : !blank(input.amount) && Number(input.amount) !== 0
      ? minorOf(input.amount!, currency, 'amount')
      : transactionAmount!;
  if (!(amount > 0)) throw fieldError('amount', M.amountPositive);

  const date = operationDate(input.date!, timeZone);

  // Every id must name something of this park; another park's reads as unknown.
  const caisse = input.caisse_id ? (isUuid(input.caisse_id) ? await caisseOfPark(db, parkId, input.caisse_id) : null) : await defaultCashCaisse(db, parkId);
  if (!caisse) throw new AppError('CAISSE_NOT_FOUND');
  await assertCaisseUsable(db, actor, caisse);
  if (input.driver_id && !(isUuid(input.driver_id) && (await findDriverRow(db, parkId, input.driver_id)))) throw new AppError('DRIVER_NOT_FOUND');
  if (input.vehicle_id && !(isUuid(input.vehicle_id) && (await findVehicleRow(db, parkId, input.vehicle_id)))) throw new AppError('VEHICLE_NOT_FOUND');
  let fuelTypeId: number | null = null;
  if (!blank(input.type_carburant_id)) {
    fuelTypeId = Number(input.type_carburant_id);
    if (!Number.isInteger(fuelTypeId) || !(await findFuelType(db, fuelTypeId))) throw new AppError('FUEL_TYPE_NOT_FOUND');
  }
  const litres = blank(input.litre_carburant) ? null : litresOf(input.litre_carburant!);
  // The proof (an image or a document) must be a file this park uploaded (files/park-file-refs.ts).
  const proof = { field: 'file_link', value: input.file_link, kind: 'any', bareId: true, error: 'DOCUMENT_REF_INVALID' } as const;

  const id = await db.transaction(async (tx) => {
    const fileId = (await assertParkFile(tx, parkId, proof))?.slice('/api/file/'.length) ?? null;
    const [park] = await tx.select({ needsConfirmation: parks.operationsNeedConfirmation }).from(parks).where(eq(parks.id, parkId));
    // The owner's own operations need no one's confirmation.
    const pending = park.needsConfirmation && !actor.isOwner;
    const rowId = await recordCaisseOperation(tx, {
      parkId,
      type: sub.type,
      subAccount: sub,
      caisseId: caisse.id,
      amount,
      operationDate: date,
      comment: input.comment,
      fileId,
      collectMethod: input.collect,
      transactionId: input.transaction_id,
      vehicleId: input.vehicle_id,
      driverId: input.driver_id,
      fuelTypeId,
      fuelLitres: litres,
      components,
      createdBy: actor.id,
      pending,
    });
    // Nothing moves yet while pending, but an expense the caisse can't cover today is refused now
    // rather than at confirmation (the confirmation checks again: the balance may have moved meanwhile).
    if (pending && sub.type === 'perte' && (await balanceOf(tx, await caisseLedgerAccount(tx, parkId, caisse.id))) < amount) throw new AppError('INSUFFICIENT_FUNDS');
    return rowId;
  });
  return getOperation(deps, actor, id);
}
