import { eq } from 'drizzle-orm';
import type { TPnlType } from '@flotte/contract';
import type { Tx } from '../../platform/db/database.ts';
import { postOperation } from './operation-posting.ts';
import { fundMovementComponents, fundMovements } from './operations.tables.ts';

/**
 * Writes one operation (a fund_movements row held in a caisse, its components) and, unless it
 * waits for the owner's confirmation, its ledger posting, in the caller's transaction. The one
 * writer of a caisse operation for the fund-movement dialog and for a finished maintenance, so
 * both file, post and show their operations the same way. An expense the caisse can't cover
 * fails the posting (INSUFFICIENT_FUNDS) and the caller's transaction with it.
 */
export interface NewCaisseOperation {
  parkId: string;
  type: TPnlType;
  subAccount: { id: string; name: string };
  caisseId: string;
  /** Minor units, positive. */
  amount: number;
  operationDate: Date;
  comment?: string | null;
  fileId?: string | null;
  collectMethod?: string;
  transactionId?: string | null;
  vehicleId?: string | null;
  driverId?: string | null;
  fuelTypeId?: number | null;
  fuelLitres?: string | null;
  maintenanceId?: string | null;
  supplierId?: string | null;
  /** The course whose finishing recorded this revenue, and its client. */
  courseId?: string | null;
  clientId?: string | null;
  /** Maintenance components paid: component id -> minor units. */
  components?: ReadonlyMap<number, number>;
  createdBy: string;
  /** Waits for the owner's confirmation: nothing posts yet. */
  pending: boolean;
}

export async function recordCaisseOperation(tx: Tx, op: NewCaisseOperation): Promise<string> {
  const now = new Date();
  const [row] = await tx
    .insert(fundMovements)
    .values({
      parkId: op.parkId,
      type: op.type,
      subAccountId: op.subAccount.id,
      caisseId: op.caisseId,
      amount: op.amount,
      operationDate: op.operationDate,
      comment: op.comment || null,
      fileId: op.fileId ?? null,
      collectMethod: op.collectMethod ?? 'cash',
      transactionId: op.transactionId || null,
      vehicleId: op.vehicleId || null,
      driverId: op.driverId || null,
      fuelTypeId: op.fuelTypeId ?? null,
      fuelLitres: op.fuelLitres ?? null,
      maintenanceId: op.maintenanceId ?? null,
      supplierId: op.supplierId ?? null,
      courseId: op.courseId ?? null,
      clientId: op.clientId ?? null,
      createdBy: op.createdBy,
      confirmedAt: op.pending ? null : now,
      confirmedBy: op.pending ? null : op.createdBy,
    })
    .returning({ id: fundMovements.id });
  if (op.components?.size) {
    await tx.insert(fundMovementComponents).values([...op.components].map(([componentId, amount]) => ({ movementId: row.id, componentId, amount })));
  }
  if (!op.pending) {
    const postingId = await postOperation(
      tx,
      { id: row.id, parkId: op.parkId, type: op.type, amount: op.amount, caisseId: op.caisseId, funding: 'caisse', driverId: null, subAccountId: op.subAccount.id },
      { createdBy: op.createdBy, memo: op.subAccount.name },
    );
    await tx.update(fundMovements).set({ postingId }).where(eq(fundMovements.id, row.id));
  }
  return row.id;
}
