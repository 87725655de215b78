import { and, eq } from 'drizzle-orm';
import type { TOperation } from '@flotte/contract';
import type { ActingProfile } from '../../platform/auth/auth-context.ts';
import type { Tx } from '../../platform/db/database.ts';
import { isUniqueViolation } from '../../platform/db/pg-errors.ts';
import { AppError } from '../../platform/errors.ts';
import { runOperationCancelGuards, runOperationCancelHooks } from './operation-cancel-guards.ts';
import { UUID_PATTERN, uuidv7 } from '../../platform/ids.ts';
import { reverse } from '../ledger/ledger.service.ts';
import { OPERATION_SOURCE, postOperation } from './operation-posting.ts';
import { getOperation, type OperationsDeps } from './operations.queries.ts';
import { fundMovements } from './operations.tables.ts';
import { chartOf } from './sub-accounts.ts';

/**
 * An operation's life after creation (spec 001 section 4): the owner confirms a pending one (it
 * then posts to the ledger), and anyone with CANCEL_OPERATION cancels one. Both lock the
 * operation's row first, so concurrent confirmations or cancellations run one after the other
 * and the later ones see what the first did: a second confirmation is refused, and an operation
 * gets at most one reversal (the unique index on reverses_id backs the lock up).
 */

async function lockOperation(tx: Tx, parkId: string, id: string) {
  if (!UUID_PATTERN.test(id)) throw new AppError('OPERATION_NOT_FOUND');
  const [row] = await tx
    .select()
    .from(fundMovements)
    .where(and(eq(fundMovements.id, id), eq(fundMovements.parkId, parkId)))
    .for('update');
  if (!row) throw new AppError('OPERATION_NOT_FOUND');
  return row;
}

/**
 * POST /pnl-account/validate-expense: confirms a pending operation and posts it. Only the owner
 * confirms (spec 001 sections 4 and 6: "Only owners validate operations"); VALIDATE_EXPENSE alone
 * is not enough. An expense the caisse can no longer cover is refused and stays pending.
 */
export async function confirmOperation(deps: OperationsDeps, actor: ActingProfile, id: string): Promise<TOperation> {
  if (!actor.isOwner) throw new AppError('OPERATION_OWNER_ONLY');
  // Read before the transaction: inside it, every query must go through `tx` (on the embedded
  // database another connection waits for the transaction to end).
  const chart = await chartOf(deps.db, actor.parkId);
  await deps.db.transaction(async (tx) => {
    const op = await lockOperation(tx, actor.parkId, id);
    // Cancelled first: a cancelled operation can't be confirmed, whether or not it was before.
    if (op.canceledAt) throw new AppError('OPERATION_CANCELED');
    if (op.reversesId || op.confirmedAt) throw new AppError('OPERATION_ALREADY_CONFIRMED');
    const sub = chart.get(op.subAccountId);
    const postingId = await postOperation(tx, op, { createdBy: actor.id, memo: sub?.name ?? 'Opération' });
    await tx.update(fundMovements).set({ confirmedAt: new Date(), confirmedBy: actor.id, postingId }).where(eq(fundMovements.id, op.id));
  });
  return getOperation(deps, actor, id);
}

/**
 * DELETE /accounting/pnl/operation/{id}: cancels an operation, irreversibly. A confirmed one gets
 * its reversing operation (reverses_id = it, amount negated, same date, so reports by date net to
 * zero) and the ledger reversal of its posting, in one transaction; it becomes 'Annulé'. A pending
 * one never touched the ledger: it becomes 'Refusé'. A revenue whose money has since left the
 * caisse can't be taken back from it (INSUFFICIENT_FUNDS) and stays as it was.
 */
export async function cancelOperation(deps: OperationsDeps, actor: ActingProfile, id: string, comment: string): Promise<TOperation> {
  try {
    await deps.db.transaction(async (tx) => {
      const op = await lockOperation(tx, actor.parkId, id);
      if (op.reversesId) throw new AppError('REVERSAL_NOT_REVERSIBLE');
      if (op.canceledAt) throw new AppError('ALREADY_REVERSED');
      await runOperationCancelGuards(tx, op);
      const now = new Date();
      if (op.confirmedAt && op.postingId) {
        const reversalId = uuidv7();
        const postingId = await reverse(tx, { parkId: actor.parkId, postingId: op.postingId, sourceKind: OPERATION_SOURCE, sourceId: reversalId, memo: comment, createdBy: actor.id });
        await tx.insert(fundMovements).values({
          id: reversalId,
          parkId: op.parkId,
          type: op.type,
          subAccountId: op.subAccountId,
          caisseId: op.caisseId,
          funding: op.funding,
          amount: -op.amount,
          operationDate: op.operationDate,
          comment,
          collectMethod: op.collectMethod,
          transactionId: op.transactionId,
          vehicleId: op.vehicleId,
          driverId: op.driverId,
          fuelTypeId: op.fuelTypeId,
          fuelLitres: op.fuelLitres,
          postingId,
          createdBy: actor.id,
          confirmedAt: now,
          confirmedBy: actor.id,
          reversesId: op.id,
        });
      }
      await tx.update(fundMovements).set({ canceledAt: now, canceledBy: actor.id, cancelComment: comment }).where(eq(fundMovements.id, op.id));
      await runOperationCancelHooks(tx, op);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('ALREADY_REVERSED');
    throw err;
  }
  return getOperation(deps, actor, id);
}
