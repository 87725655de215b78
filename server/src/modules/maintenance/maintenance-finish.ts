import { and, eq, inArray } from 'drizzle-orm';
import { MAINTENANCE_MESSAGES as M, maintenanceFinishError, type TMaintenance, type TMaintenanceFinishInput } from '@flotte/contract';
import type { ActingProfile } from '../../platform/auth/auth-context.ts';
import { hasPermission } from '../../platform/auth/guard.ts';
import type { Tx } from '../../platform/db/database.ts';
import { toWireDate } from '../../platform/dates.ts';
import { AppError, fieldError } from '../../platform/errors.ts';
import { toMinor } from '../../platform/money.ts';
import { assertParkFile } from '../files/park-file-refs.ts';
import { maintenanceSubAccounts, postMaintenanceExpenses } from '../operations/maintenance-expense.ts';
import { markServiceDone } from '../reminders/service-done.ts';
import { caisseOfPark, defaultCashCaisse } from '../treasury/caisse-accounts.ts';
import { assertCaisseUsable } from '../treasury/caisse-access.ts';
import { syncVehicleMaintenanceStatus } from '../vehicles/vehicle-maintenance-status.ts';
import { recordVehicleMileage } from '../vehicles/vehicle-mileage.ts';
import { getMaintenance, type MaintenanceDeps } from './maintenance.queries.ts';
import { lockMaintenance } from './maintenance.service.ts';
import { maintenanceItems, maintenances, repairTypes } from './maintenance.tables.ts';

/**
 * PUT /entretien/{id} with status finished (spec 002 sections 3 to 5, issue 18 section 1): the
 * maintenance is closed with what was really paid, and the expense leaves the chosen caisse
 * through the ledger, all in one transaction:
 * - one expense operation per repair type, under the park's sub-account of the type's code, with
 *   its components, the vehicle, the supplier, the maintenance and the invoice (operations module);
 * - the items' paid amounts, the total, the caisse, the invoice, the description, the odometer;
 * - the vehicle's mileage and, for an oil change, its next oil-change mileage, when given;
 * - the vehicle's status (it leaves 'maintain' unless another maintenance holds it) and its
 *   service reminders of these repair types (counted again from today).
 *
 * Checks, in the dialog's order (contract `maintenanceFinishError`): a caisse unless the person
 * holds ACCESS_CAISSE_CASH (then none means the default cash account), every component's amount;
 * then that the amounts fit the park's currency, the caisse is the park's and usable by the person,
 * the invoice a file of the park, the entries the maintenance's own.
 *
 * Paying once: the maintenance's row is locked before anything is written and must still be
 * available, so a second finish (a double tap, a retry, a second person) waits for the first and
 * is then refused with 'Cet entretien est déjà clôturé'; it wrote nothing.
 *
 * When the park wants the owner's confirmation of operations, a finish by someone else than the
 * owner closes the maintenance at once but its operations wait for the owner, as the
 * fund-movement dialog's do (the caisse must still hold the total today; each confirmation
 * checks again). The owner's own finish posts at once.
 */
export async function finishMaintenance(deps: MaintenanceDeps, actor: ActingProfile, id: string, body: TMaintenanceFinishInput): Promise<TMaintenance> {
  const { db } = deps;
  const parkId = actor.parkId;
  const { currency, timeZone } = actor.park;

  const failed = maintenanceFinishError(body, { cashAccess: hasPermission(actor, 'ACCESS_CAISSE_CASH') });
  if (failed) throw fieldError(failed.field, failed.message);
  const paid = paidAmounts(body, currency);

  const caisse = body.caisse_id ? await caisseOfPark(db, parkId, body.caisse_id) : await defaultCashCaisse(db, parkId);
  await assertCaisseUsable(db, actor, caisse);

  // The repair types named and their sub-accounts: read before the transaction (on the embedded
  // database, a read outside it would wait for it to end).
  const typeIds = [...new Set([...paid.keys()].map((k) => Number(k.split(':')[0])))];
  const types = typeIds.length ? await db.select({ id: repairTypes.id, code: repairTypes.code }).from(repairTypes).where(inArray(repairTypes.id, typeIds)) : [];
  if (types.length !== typeIds.length) throw new AppError('REPAIR_TYPE_NOT_FOUND');
  const codeOf = new Map(types.map((t) => [t.id, t.code]));
  const subs = await maintenanceSubAccounts(db, parkId, types.map((t) => t.code));

  await db.transaction(async (tx) => {
    const m = await lockAvailable(tx, parkId, id);
    const items = await tx.select().from(maintenanceItems).where(eq(maintenanceItems.maintenanceId, m.id));
    // The dialog sends one amount per component of the maintenance: each must be there, and
    // nothing else (an element the maintenance does not concern is unknown to it).
    for (const key of paid.keys()) if (!items.some((i) => itemKey(i) === key)) throw new AppError('CAR_COMPONENT_NOT_FOUND');
    if (items.some((i) => !paid.has(itemKey(i)))) throw fieldError('maintenances', M.amounts);

    const invoice = await assertParkFile(tx, parkId, { field: 'facture_image', value: body.facture_image, kind: 'any', bareId: true, error: 'DOCUMENT_REF_INVALID' });
    const invoiceFileId = invoice ? invoice.slice('/api/file/'.length) : null;
    const now = new Date();
    const description = body.description || m.description;
    const hasVidange = types.some((t) => t.code === 'vidange');

    // The odometer first: a wrong reading is the person's to fix, before any money question.
    await recordVehicleMileage(tx, parkId, m.vehicleId, { mileage: body.mileage, mileageForVidange: hasVidange ? body.mileage_for_vidange : undefined, oilChangeDone: hasVidange });

    await postMaintenanceExpenses(tx, {
      parkId,
      maintenanceId: m.id,
      vehicleId: m.vehicleId,
      supplierId: m.supplierId,
      caisseId: caisse.id,
      fileId: invoiceFileId,
      comment: description,
      operationDate: now,
      createdBy: actor.id,
      byOwner: actor.isOwner,
      // In a fixed order (the repair types' ids), so the operations read the same every time.
      groups: typeIds
        .sort((a, b) => a - b)
        .map((typeId) => ({
          subAccount: subs.get(codeOf.get(typeId)!)!,
          components: new Map(items.filter((i) => i.repairTypeId === typeId).map((i) => [i.componentId, paid.get(itemKey(i))!])),
        })),
    });

    for (const i of items) {
      await tx
        .update(maintenanceItems)
        .set({ amount: paid.get(itemKey(i))! })
        .where(and(eq(maintenanceItems.maintenanceId, m.id), eq(maintenanceItems.repairTypeId, i.repairTypeId), eq(maintenanceItems.componentId, i.componentId)));
    }
    await tx
      .update(maintenances)
      .set({
        status: 'finished',
        amount: [...paid.values()].reduce((s, a) => s + a, 0),
        finishedAt: now,
        finishedBy: actor.id,
        caisseId: caisse.id,
        invoiceFileId,
        description,
        mileage: body.mileage ?? null,
        updatedAt: now,
      })
      .where(eq(maintenances.id, m.id));

    await syncVehicleMaintenanceStatus(tx, parkId, m.vehicleId, now);
    await markServiceDone(tx, { parkId, vehicleId: m.vehicleId, repairTypeIds: typeIds, doneOn: toWireDate(now, timeZone).slice(0, 10), mileage: body.mileage ?? null });
  });
  return getMaintenance(deps, actor, id);
}

const itemKey = (i: { repairTypeId: number; componentId: number }) => `${i.repairTypeId}:${i.componentId}`;

/**
 * The body's amounts in minor units, by 'repairTypeId:componentId'. A repair type twice, or a
 * component twice under one type, is refused (the dialog sends each once).
 */
function paidAmounts(body: TMaintenanceFinishInput, currency: string): Map<string, number> {
  const out = new Map<string, number>();
  const seenTypes = new Set<number>();
  for (const g of body.maintenances ?? []) {
    if (seenTypes.has(g.repair_type_id)) throw fieldError('maintenances', M.repairTypeTwice);
    seenTypes.add(g.repair_type_id);
    for (const c of g.components) {
      const key = `${g.repair_type_id}:${c.component_id}`;
      if (out.has(key)) throw fieldError('maintenances', M.componentTwice);
      let minor: number;
      try {
        minor = toMinor(typeof c.amount === 'string' ? c.amount.replace(/\s/g, '') : c.amount!, currency);
      } catch {
        throw fieldError('maintenances', M.amount);
      }
      if (minor < 0) throw fieldError('maintenances', M.amount);
      out.set(key, minor);
    }
  }
  // Each amount fits the ledger's integers, but fifty huge ones might not add up to one.
  if (!Number.isSafeInteger([...out.values()].reduce((s, a) => s + a, 0))) throw fieldError('maintenances', M.amount);
  return out;
}

/** The maintenance, locked for this transaction; finished or canceled already, it can't be finished. */
async function lockAvailable(tx: Tx, parkId: string, id: string) {
  const locked = await lockMaintenance(tx, parkId, id);
  if (locked.status === 'finished') throw new AppError('MAINTENANCE_ALREADY_CLOSED');
  if (locked.status === 'canceled') throw new AppError('MAINTENANCE_ALREADY_CANCELED');
  const [m] = await tx
    .select({ id: maintenances.id, vehicleId: maintenances.vehicleId, supplierId: maintenances.supplierId, description: maintenances.description })
    .from(maintenances)
    .where(eq(maintenances.id, locked.id));
  return m;
}
