import { eq } from 'drizzle-orm';
import { AppError } from '../../platform/errors.ts';
import { registerOperationCancelGuard } from '../operations/operation-cancel-guards.ts';
import { yangoDebits } from './yango.tables.ts';

/**
 * A recipe collected from the driver's Yango balance is not cancelled from the operations screen:
 * the money was taken at Yango and sits in the park's 'yango' account, which must stay the sum of
 * the paid debits; reversing it here would give nothing back to the driver at Yango.
 */
registerOperationCancelGuard(async (tx, op) => {
  const [row] = await tx.select({ id: yangoDebits.id }).from(yangoDebits).where(eq(yangoDebits.fundMovementId, op.id)).limit(1);
  if (row) throw new AppError('OPERATION_IS_YANGO_DEBIT');
});
