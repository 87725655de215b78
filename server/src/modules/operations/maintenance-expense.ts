import { eq } from 'drizzle-orm';
import type { TPnlCode } from '@flotte/contract';
import type { Db, Tx } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { parks } from '../access/access.tables.ts';
import { balanceOf } from '../ledger/ledger.service.ts';
import { caisseLedgerAccount } from '../treasury/caisse-accounts.ts';
import { recordCaisseOperation } from './operation-record.ts';
import { chartOf } from './sub-accounts.ts';

/**
 * The money side of a finished maintenance (issue 18 section 1, spec 001's maintenance codes): one
 * expense operation per repair type, filed under the park's P&L sub-account of the repair type's
 * code, paid from one caisse, carrying the vehicle, the supplier, the maintenance, the invoice and
 * the components with their amounts. The maintenance module calls it inside its finishing
 * transaction, so the operations land with the maintenance's new state or not at all.
 */

export interface MaintenanceSubAccount {
  id: string;
  name: string;
}

/**
 * The park's sub-accounts of these codes. Read before the finishing transaction (through the P&L
 * chart, whole). Every park's chart holds the maintenance codes from its creation and a coded
 * account can't be deleted, so a missing one is a broken chart: 'Sous-compte introuvable'.
 */
export async function maintenanceSubAccounts(db: Db, parkId: string, codes: readonly TPnlCode[]): Promise<Map<TPnlCode, MaintenanceSubAccount>> {
  const byCode = new Map<TPnlCode, MaintenanceSubAccount>();
  for (const node of (await chartOf(db, parkId)).values()) if (node.code && node.type === 'perte' && node.depth >= 2) byCode.set(node.code, { id: node.id, name: node.name });
  for (const code of codes) if (!byCode.has(code)) throw new AppError('OPERATION_SUB_ACCOUNT_NOT_FOUND');
  return byCode;
}

export interface MaintenanceExpense {
  parkId: string;
  maintenanceId: string;
  vehicleId: string;
  supplierId: string | null;
  caisseId: string;
  /** The invoice (files.id), or null. */
  fileId: string | null;
  comment: string | null;
  operationDate: Date;
  /** The person finishing: the park's owner, or someone whose operations may wait for him. */
  createdBy: string;
  byOwner: boolean;
  /** One per repair type: its sub-account and the components paid (component id -> minor units). */
  groups: { subAccount: MaintenanceSubAccount; components: ReadonlyMap<number, number> }[];
}

/**
 * Writes the operations, in the caller's transaction, and answers their ids. A repair type that
 * cost nothing (every component at 0, a repair under warranty) moves no money and writes no
 * operation. As in the fund-movement dialog, the operations wait for the owner's confirmation when
 * the park wants it and someone else finished; otherwise each posts to the ledger at once and the
 * caisse must hold the whole (INSUFFICIENT_FUNDS fails the transaction: nothing is left behind).
 * Pending, nothing moves yet, but a caisse that can't pay the total today is refused now; the
 * owner's confirmation of each operation checks again.
 */
export async function postMaintenanceExpenses(tx: Tx, e: MaintenanceExpense): Promise<string[]> {
  const [park] = await tx.select({ needsConfirmation: parks.operationsNeedConfirmation }).from(parks).where(eq(parks.id, e.parkId));
  const pending = park.needsConfirmation && !e.byOwner;
  const ids: string[] = [];
  let total = 0;
  for (const g of e.groups) {
    const amount = [...g.components.values()].reduce((s, a) => s + a, 0);
    if (amount <= 0) continue;
    total += amount;
    ids.push(
      await recordCaisseOperation(tx, {
        parkId: e.parkId,
        type: 'perte',
        subAccount: g.subAccount,
        caisseId: e.caisseId,
        amount,
        operationDate: e.operationDate,
        comment: e.comment,
        fileId: e.fileId,
        vehicleId: e.vehicleId,
        maintenanceId: e.maintenanceId,
        supplierId: e.supplierId,
        components: g.components,
        createdBy: e.createdBy,
        pending,
      }),
    );
  }
  if (pending && total > 0 && (await balanceOf(tx, await caisseLedgerAccount(tx, e.parkId, e.caisseId))) < total) throw new AppError('INSUFFICIENT_FUNDS');
  return ids;
}
