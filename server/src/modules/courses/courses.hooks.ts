import { eq } from 'drizzle-orm';
import { AppError } from '../../platform/errors.ts';
import { registerOperationCancelGuard } from '../operations/operation-cancel-guards.ts';
import { fundMovements } from '../operations/operations.tables.ts';

/**
 * A course's revenue is not cancelled from the operations screen: the finished course points at it
 * (and a receivable's settlement at what it recorded), so reversing it alone would leave a finished
 * course whose money vanished, or a client's receivable paid below zero. The operation's row is
 * already locked by the cancel; its course_id says whether a course recorded it.
 */
registerOperationCancelGuard(async (tx, op) => {
  const [row] = await tx.select({ courseId: fundMovements.courseId }).from(fundMovements).where(eq(fundMovements.id, op.id));
  if (row?.courseId) throw new AppError('OPERATION_IS_COURSE_REVENUE');
});
