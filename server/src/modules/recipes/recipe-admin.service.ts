import { and, eq } from 'drizzle-orm';
import type { TRecipe } from '@flotte/contract';
import type { ActingProfile } from '../../platform/auth/auth-context.ts';
import type { Tx } from '../../platform/db/database.ts';
import { isUniqueViolation } from '../../platform/db/pg-errors.ts';
import { AppError, fieldError } from '../../platform/errors.ts';
import { toMinor } from '../../platform/money.ts';
import { assertDriverAndVehicle } from './recipe-collection.ts';
import { getRecipe, type RecipesDeps } from './recipes.queries.ts';
import { recipes } from './recipes.tables.ts';

/**
 * Changing recipes by hand (spec 001 sections 2.4, 2.5, 5): indebting a driver, changing an
 * objective, the driver of a recipe, deleting one with its reason. Each locks the recipe first,
 * so a collection running at the same moment is seen whole (before or after).
 */

function minorOf(acting: ActingProfile, amount: number, field: string, allowZero = false): number {
  try {
    const minor = toMinor(amount, acting.park.currency);
    if (minor > 0 || (allowZero && minor === 0)) return minor;
  } catch {
    // falls through to the field's message
  }
  throw fieldError(field, 'Entrez un montant valide');
}

async function lockRecipe(tx: Tx, parkId: string, id: string) {
  const [row] = await tx.select().from(recipes).where(and(eq(recipes.parkId, parkId), eq(recipes.id, id))).for('update');
  if (!row) throw new AppError('RECIPE_NOT_FOUND');
  if (row.deletedAt) throw new AppError('RECIPE_DELETED');
  return row;
}

/** POST /park/create-driver-account-history: a debt recipe of `objective` on the driver ('Chauffeur endetté'). */
export async function createDebt(
  deps: RecipesDeps,
  acting: ActingProfile,
  body: { driver_id: string; vehicle_id: string; date?: string; objective: number; salary_amount?: number; comment?: string },
): Promise<TRecipe> {
  const objective = minorOf(acting, body.objective, 'objective');
  const salaryAmount = body.salary_amount === undefined ? 0 : minorOf(acting, body.salary_amount, 'salary_amount', true);
  if (!body.date) throw new AppError('RECIPE_FIELDS_REQUIRED');
  await assertDriverAndVehicle(deps.db, acting.parkId, body.driver_id, body.vehicle_id);
  const [row] = await deps.db
    .insert(recipes)
    .values({
      parkId: acting.parkId,
      kind: 'debt',
      driverId: body.driver_id,
      vehicleId: body.vehicle_id,
      day: body.date,
      periodStart: body.date,
      periodEnd: body.date,
      objective,
      salaryAmount,
      comment: body.comment || null,
      createdBy: acting.id,
    })
    .returning({ id: recipes.id });
  return getRecipe(deps, acting, row.id);
}

/**
 * A contract instalment's recipe follows its contract (amount, driver, existence): changing it here
 * would leave the instalment uncollectable or the contract's figures wrong. The contract's own
 * update, regenerate and cancel change it.
 */
function assertNotContractInstalment(r: { kind: string }): void {
  if (r.kind === 'contract') throw new AppError('RECIPE_IS_CONTRACT_INSTALMENT');
}

/**
 * PUT /park/manage-recipe: the new objective (amount), or with reduce how much to take off it.
 * It can't go below what was collected; reaching it marks the recipe paid, rising above a paid
 * recipe's collection opens it again. reduce_salary sets the salary amount.
 */
export async function manageRecipe(
  deps: RecipesDeps,
  acting: ActingProfile,
  body: { recette_id: string; amount: number; reduce?: boolean; reduce_salary?: number },
): Promise<TRecipe> {
  const amount = minorOf(acting, body.amount, 'amount');
  const salary = body.reduce_salary === undefined ? undefined : minorOf(acting, body.reduce_salary, 'reduce_salary', true);
  await deps.db.transaction(async (tx) => {
    const r = await lockRecipe(tx, acting.parkId, body.recette_id);
    assertNotContractInstalment(r);
    const objective = body.reduce ? r.objective - amount : amount;
    if (objective <= 0) throw fieldError('amount', 'Entrez un montant valide');
    if (objective < r.collected) throw new AppError('RECIPE_OBJECTIVE_BELOW_COLLECTED');
    if (salary !== undefined && salary !== r.salaryAmount && r.salaryPaymentId) throw new AppError('RECIPE_SALARY_PAID');
    const paid = r.collected >= objective;
    await tx
      .update(recipes)
      .set({ objective, paidAt: paid ? (r.paidAt ?? new Date()) : null, ...(salary === undefined ? {} : { salaryAmount: salary }) })
      .where(eq(recipes.id, r.id));
  });
  return getRecipe(deps, acting, body.recette_id);
}

/**
 * POST /driver/change-driver-on-recipe: another driver of the park owes it. Refused once money was
 * collected on it (the operations name the driver who paid), and when the new driver already has
 * the expected recipe of that vehicle and period.
 */
export async function changeRecipeDriver(deps: RecipesDeps, acting: ActingProfile, body: { recipe_id: string; driver_id: string }): Promise<TRecipe> {
  try {
    await deps.db.transaction(async (tx) => {
      const r = await lockRecipe(tx, acting.parkId, body.recipe_id);
      assertNotContractInstalment(r);
      if (r.driverId === body.driver_id) throw new AppError('RECIPE_SAME_DRIVER');
      await assertDriverAndVehicle(tx, acting.parkId, body.driver_id, null);
      if (r.collected > 0) throw new AppError('RECIPE_DRIVER_CHANGE_AFTER_PAYMENT');
      if (r.salaryPaymentId) throw new AppError('RECIPE_SALARY_PAID');
      await tx.update(recipes).set({ driverId: body.driver_id }).where(eq(recipes.id, r.id));
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('RECIPE_DRIVER_HAS_RECIPE');
    throw err;
  }
  return getRecipe(deps, acting, body.recipe_id);
}

/**
 * DELETE /park/delete-recipe/{id}: the recipe leaves every list but keeps its row (the reason, who
 * and when), so the job never creates it again. Refused once money was collected on it: that
 * money is in the ledger, and cancelling its operations is the operations screen's business.
 */
export async function deleteRecipe(deps: RecipesDeps, acting: ActingProfile, id: string, comment: string): Promise<TRecipe> {
  await deps.db.transaction(async (tx) => {
    const r = await lockRecipe(tx, acting.parkId, id);
    assertNotContractInstalment(r);
    if (r.collected > 0) throw new AppError('RECIPE_HAS_PAYMENTS');
    await tx.update(recipes).set({ deletedAt: new Date(), deletedBy: acting.id, deleteComment: comment }).where(eq(recipes.id, r.id));
  });
  return getRecipe(deps, acting, id);
}
