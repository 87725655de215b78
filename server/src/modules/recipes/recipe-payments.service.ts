import { and, eq } from 'drizzle-orm';
import { mobileMoneyPayerError, OPERATION_MESSAGES, type TRecipe, type TTransactionValidation } from '@flotte/contract';
import type { ActingProfile } from '../../platform/auth/auth-context.ts';
import { hasPermission } from '../../platform/auth/guard.ts';
import type { Tx } from '../../platform/db/database.ts';
import { anyId } from '../../platform/db/prepared.ts';
import { AppError, fieldError } from '../../platform/errors.ts';
import { toMinor } from '../../platform/money.ts';
import { caisseOfPark } from '../treasury/caisse-accounts.ts';
import { assertCaisseUsable } from '../treasury/caisse-access.ts';
import { applyRecipePayments, assertDriverAndVehicle, createUnscheduledRecipe, lockAndCheckAllocations, type RecipeAllocation } from './recipe-collection.ts';
import { startRecipePayin, type MobileMoneyDeps } from './recipe-mobile-money.ts';
import { parkToday, recipesByIds, type RecipesDeps } from './recipes.queries.ts';
import { recipes } from './recipes.tables.ts';

/**
 * The payment routes (spec 001 sections 2.4 to 2.7, 4, 5): check the body with the same rules as
 * the dialog, then cash and sold are applied at once (applyRecipePayments, one transaction), and
 * mobile money asks the driver through the pay-ins module, which applies the same allocations
 * when the provider says it succeeded. The allocations are checked before the provider is asked,
 * so a driver is never asked to pay what can't be applied.
 */

export type RecipePaymentDeps = RecipesDeps & MobileMoneyDeps;

interface Means {
  payment_type: 'cash' | 'sold' | 'mobile_money';
  caisse_id?: string;
  operator_id?: string;
  phone?: string;
  comment?: string;
}

/** An amount of the body in minor units ('Entrez un montant valide' when it has too many decimals). */
function minorOf(acting: ActingProfile, amount: number, field = 'amount'): number {
  try {
    const minor = toMinor(amount, acting.park.currency);
    if (minor > 0) return minor;
  } catch {
    // falls through to the field's message
  }
  throw fieldError(field, 'Entrez un montant valide');
}

/**
 * The caisse of a cash payment, checked as operations check it: none means the default cash
 * account, which needs ACCESS_CAISSE_CASH (else the spec's 'Vous devez sélectionner une caisse ...').
 */
async function cashCaisse(deps: RecipesDeps, acting: ActingProfile, caisseId: string | undefined): Promise<string | null> {
  const cashAccess = hasPermission(acting, 'ACCESS_CAISSE_CASH');
  if (!caisseId) {
    if (!cashAccess) throw fieldError('caisse_id', OPERATION_MESSAGES.caisse);
    return null;
  }
  const caisse = await caisseOfPark(deps.db, acting.parkId, caisseId);
  await assertCaisseUsable(deps.db, acting, caisse);
  return caisse.id;
}

function assertPayer(means: Means): { operatorId: string; phone: string } {
  const failed = mobileMoneyPayerError({ operator_id: means.operator_id, phone: means.phone });
  if (failed) throw fieldError(means.operator_id ? 'phone' : 'operator_id', failed);
  return { operatorId: String(means.operator_id), phone: means.phone! };
}

/**
 * Whole recipes (their remainder when locked) and parts of recipes, as allocations. Locks every
 * recipe named in one statement, by id, before reading what remains.
 */
async function allocationsOf(tx: Tx, parkId: string, whole: string[], partial: RecipeAllocation[]): Promise<RecipeAllocation[]> {
  const ids = [...new Set([...whole, ...partial.map((p) => p.recipeId)])].sort();
  const locked = await tx
    .select({ id: recipes.id, objective: recipes.objective, collected: recipes.collected, deletedAt: recipes.deletedAt, paidAt: recipes.paidAt })
    .from(recipes)
    .where(and(eq(recipes.parkId, parkId), anyId(recipes.id, ids)))
    .orderBy(recipes.id)
    .for('update');
  const byId = new Map(locked.map((r) => [r.id, r]));
  const out: RecipeAllocation[] = [...partial];
  for (const id of whole) {
    const r = byId.get(id);
    if (!r) throw new AppError('RECIPE_NOT_FOUND');
    if (r.deletedAt) throw new AppError('RECIPE_DELETED');
    if (r.paidAt) throw new AppError('RECIPE_ALREADY_PAID');
    const remaining = r.objective - r.collected;
    // A recipe without objective yet has no remainder to pay: it needs an amount.
    if (remaining <= 0) throw fieldError('recettes_partials', 'Entrez un montant valide');
    out.push({ recipeId: id, amount: remaining });
  }
  return out;
}

/** Answers the validation card once the allocations are known to apply (checked, nothing written). */
async function startMobileMoney(
  deps: RecipePaymentDeps,
  acting: ActingProfile,
  means: Means,
  allocations: RecipeAllocation[],
): Promise<{ validation: TTransactionValidation }> {
  const payer = assertPayer(means);
  const checked = await deps.db.transaction((tx) => lockAndCheckAllocations(tx, { parkId: acting.parkId, method: 'mobile_money', allocations }));
  const driverIds = new Set(checked.map((c) => c.recipe.driverId));
  if (driverIds.size !== 1) throw new AppError('RECIPE_MOBILE_MONEY_ONE_DRIVER');
  const vehicleIds = new Set(checked.map((c) => c.recipe.vehicleId));
  const validation = await startRecipePayin(deps, acting, {
    amount: checked.reduce((s, c) => s + c.amount, 0),
    ...payer,
    driverId: [...driverIds][0],
    vehicleId: vehicleIds.size === 1 ? [...vehicleIds][0] : null,
    purpose: { kind: 'recipes', allocations: checked.map((c) => ({ recipeId: c.recipe.id, amount: c.amount })), comment: means.comment ?? null },
  });
  return { validation };
}

/** POST /transaction/paid-recipe-expected-today: one recipe, what remains unless amount says less. */
export async function payExpectedRecipe(
  deps: RecipePaymentDeps,
  acting: ActingProfile,
  body: Means & { recette_id: string; amount?: number },
): Promise<{ recipe: TRecipe } | { validation: TTransactionValidation }> {
  const partial = body.amount === undefined ? [] : [{ recipeId: body.recette_id, amount: minorOf(acting, body.amount) }];
  const whole = body.amount === undefined ? [body.recette_id] : [];
  if (body.payment_type === 'mobile_money') {
    assertPayer(body);
    const allocations = await deps.db.transaction((tx) => allocationsOf(tx, acting.parkId, whole, partial));
    return startMobileMoney(deps, acting, body, allocations);
  }
  const caisseId = body.payment_type === 'cash' ? await cashCaisse(deps, acting, body.caisse_id) : null;
  await deps.db.transaction(async (tx) => {
    const allocations = await allocationsOf(tx, acting.parkId, whole, partial);
    await applyRecipePayments(tx, { parkId: acting.parkId, actorId: acting.id, method: body.payment_type, caisseId, allocations, comment: body.comment });
  });
  const [recipe] = await recipesByIds(deps, acting, [body.recette_id]);
  return { recipe };
}

/**
 * POST /transaction/accept-cash-payment and /transaction/resolve-debt: whole recipes and parts of
 * recipes, in cash, from the driver's balance (not for expected recipes) or by mobile money (one
 * driver's recipes, one request to his phone).
 */
export async function payRecipes(
  deps: RecipePaymentDeps,
  acting: ActingProfile,
  body: Means & { recettes_id?: string[]; recettes_partials?: { recette_id: string; amount: number }[] },
): Promise<{ recipes: TRecipe[] } | { validation: TTransactionValidation }> {
  const whole = [...new Set(body.recettes_id ?? [])];
  const partial = (body.recettes_partials ?? []).map((p, i) => ({ recipeId: p.recette_id, amount: minorOf(acting, p.amount, `recettes_partials.${i}.amount`) }));
  if (body.payment_type === 'mobile_money') {
    assertPayer(body);
    const allocations = await deps.db.transaction((tx) => allocationsOf(tx, acting.parkId, whole, partial));
    return startMobileMoney(deps, acting, body, allocations);
  }
  const caisseId = body.payment_type === 'cash' ? await cashCaisse(deps, acting, body.caisse_id) : null;
  const ids = await deps.db.transaction(async (tx) => {
    const allocations = await allocationsOf(tx, acting.parkId, whole, partial);
    await applyRecipePayments(tx, { parkId: acting.parkId, actorId: acting.id, method: body.payment_type, caisseId, allocations, comment: body.comment });
    return [...new Set(allocations.map((a) => a.recipeId))];
  });
  return { recipes: await recipesByIds(deps, acting, ids) };
}

/**
 * POST /transaction/exceptional-payment: an unscheduled recipe of `amount`, dated `date` (today by
 * default), collected at once (cash, sold) or when the driver's mobile-money payment succeeds.
 */
export async function exceptionalPayment(
  deps: RecipePaymentDeps,
  acting: ActingProfile,
  body: Means & { amount: number; driver_id: string; vehicle_id?: string; date?: string; description?: string },
): Promise<{ recipe: TRecipe } | { validation: TTransactionValidation }> {
  const amount = minorOf(acting, body.amount);
  const day = body.date ?? parkToday(acting);
  const comment = body.comment ?? body.description ?? null;
  const vehicleId = body.vehicle_id ?? null;
  if (body.payment_type === 'mobile_money') {
    const payer = assertPayer(body);
    await assertDriverAndVehicle(deps.db, acting.parkId, body.driver_id, vehicleId);
    const validation = await startRecipePayin(deps, acting, {
      amount,
      ...payer,
      driverId: body.driver_id,
      vehicleId,
      purpose: { kind: 'exceptional', comment, description: body.description ?? null, day },
    });
    return { validation };
  }
  const caisseId = body.payment_type === 'cash' ? await cashCaisse(deps, acting, body.caisse_id) : null;
  const id = await deps.db.transaction(async (tx) => {
    const recipeId = await createUnscheduledRecipe(tx, { parkId: acting.parkId, actorId: acting.id, driverId: body.driver_id, vehicleId, day, amount, comment });
    await applyRecipePayments(tx, { parkId: acting.parkId, actorId: acting.id, method: body.payment_type, caisseId, allocations: [{ recipeId, amount }], comment });
    return recipeId;
  });
  const [recipe] = await recipesByIds(deps, acting, [id]);
  return { recipe };
}
