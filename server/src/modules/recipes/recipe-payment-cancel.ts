import { eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { registerOperationCancelHook } from '../operations/operation-cancel-guards.ts';
import { recipePayments, recipes } from './recipes.tables.ts';

/**
 * An operation that collected (part of) a recipe, cancelled from the operations screen: its money
 * went back through the reversal, so the recipe goes back to what it was before that payment —
 * collected lowered, unpaid again below its objective (a 'without objective' recipe back to no
 * objective when nothing is left), the payment's row removed (the operation and its reversal stay
 * in the operations' history). Without this the recipe would read paid with no money behind it.
 * A recipe already counted in a paid salary is refused: the salary was paid on it. A contract's
 * instalment never gets here (its cancel guard refuses first).
 */
export async function takeBackRecipePayment(tx: Tx, op: { id: string; parkId: string }): Promise<void> {
  const payments = await tx.select().from(recipePayments).where(eq(recipePayments.fundMovementId, op.id));
  for (const payment of payments) {
    const [recipe] = await tx.select().from(recipes).where(eq(recipes.id, payment.recipeId)).for('update');
    if (!recipe) continue;
    if (recipe.salaryPaymentId) throw new AppError('RECIPE_SALARY_ALREADY_PAID');
    const collected = Math.max(0, recipe.collected - payment.amount);
    const objective = recipe.collectionType === 'without_recipe_objective' && collected === 0 ? 0 : recipe.objective;
    await tx
      .update(recipes)
      .set({ collected, objective, paidAt: objective > 0 && collected >= objective ? recipe.paidAt : null })
      .where(eq(recipes.id, recipe.id));
    await tx.delete(recipePayments).where(eq(recipePayments.id, payment.id));
  }
}

registerOperationCancelHook(takeBackRecipePayment);

