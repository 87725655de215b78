import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database.ts';
import { anyId } from '../../platform/db/prepared.ts';
import { AppError } from '../../platform/errors.ts';
import { drivers } from '../drivers/drivers.tables.ts';
import { postOperation, type OperationFunding } from '../operations/operation-posting.ts';
import { fundMovements } from '../operations/operations.tables.ts';
import { caisseOfPark, defaultCashCaisse } from '../treasury/caisse-accounts.ts';
import { vehicles } from '../vehicles/vehicles.tables.ts';
import { pnlAccountIdByCode } from '../withdrawals/withdraw-fees-account.ts';
import { runRecipePaymentHooks } from './recipe-payment-hooks.ts';
import { recipePayments, recipes } from './recipes.tables.ts';

/**
 * Collecting recipes: the one writer of recipe money, called by the recipes routes (cash, sold)
 * and by the pay-ins module when a mobile-money payment succeeds, always inside the caller's
 * transaction. Each recipe paid is ONE operation (a confirmed 'profit' fund movement under the
 * park's 'recette' sub-account, 'contract_driver' for a hire-purchase instalment's recipe, with
 * the recipe's driver and vehicle) posted through
 * postOperation, one recipe_payments row linking it, and the recipe's collected / paid_at.
 */

export type RecipePaymentMethod = 'cash' | 'sold' | 'mobile_money' | 'yango';

export interface RecipeAllocation {
  recipeId: string;
  /** Minor units, above 0. */
  amount: number;
}

export interface ApplyRecipePaymentsInput {
  parkId: string;
  actorId: string | null;
  method: RecipePaymentMethod;
  /** Cash: the caisse receiving it; the park's default cash account when absent. */
  caisseId?: string | null;
  payinId?: string | null;
  allocations: RecipeAllocation[];
  comment?: string | null;
  at?: Date;
}

const FUNDING: Record<RecipePaymentMethod, OperationFunding> = { cash: 'caisse', sold: 'driver_balance', mobile_money: 'park_balance', yango: 'yango_balance' };
const COLLECT_METHOD: Record<RecipePaymentMethod, string | null> = { cash: 'cash', sold: null, mobile_money: 'mobile_money', yango: 'yango' };
const MEMO: Record<RecipePaymentMethod, string> = {
  cash: 'Encaissement de recette (espèces)',
  sold: 'Encaissement de recette (solde du chauffeur)',
  mobile_money: 'Encaissement de recette (mobile money)',
  yango: 'Encaissement de recette (solde Yango)',
};

type LockedRecipe = typeof recipes.$inferSelect;

/** The P&L sub-account (by code) each kind of recipe is collected under: a contract's instalments are not revenue of the day's work. */
const SUB_ACCOUNT_OF_KIND: Record<LockedRecipe['kind'], 'recette' | 'contract_driver'> = {
  expected: 'recette',
  unscheduled: 'recette',
  debt: 'recette',
  contract: 'contract_driver',
};

/** The allocations merged per recipe (a recipe named twice pays the sum), each amount checked. */
function mergeAllocations(allocations: RecipeAllocation[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const a of allocations) {
    if (!Number.isSafeInteger(a.amount) || a.amount <= 0) throw new AppError('RECIPE_INVALID_AMOUNT');
    const id = a.recipeId.toLowerCase();
    out.set(id, (out.get(id) ?? 0) + a.amount);
  }
  return out;
}

/**
 * Locks the recipes (FOR UPDATE, in id order, so two collections over the same recipes wait for
 * each other instead of deadlocking) and checks each allocation against what remains: the recipe
 * must be the park's, not deleted, not paid, the amount at most what remains, and 'sold' is not
 * for an expected recipe (spec 001 section 4). A without-objective recipe whose objective is still
 * 0 takes the amount collected as its objective. Answers the recipes with the objective to apply.
 */
export async function lockAndCheckAllocations(
  tx: Tx,
  input: Pick<ApplyRecipePaymentsInput, 'parkId' | 'method' | 'allocations'>,
): Promise<{ recipe: LockedRecipe; amount: number; objective: number }[]> {
  const merged = mergeAllocations(input.allocations);
  if (merged.size === 0) throw new AppError('RECIPE_FIELDS_REQUIRED');
  const ids = [...merged.keys()].sort();
  const locked = await tx
    .select()
    .from(recipes)
    .where(and(eq(recipes.parkId, input.parkId), anyId(recipes.id, ids)))
    .orderBy(recipes.id)
    .for('update');
  const byId = new Map(locked.map((r) => [r.id, r]));
  return ids.map((id) => {
    const recipe = byId.get(id);
    if (!recipe) throw new AppError('RECIPE_NOT_FOUND');
    if (recipe.deletedAt) throw new AppError('RECIPE_DELETED');
    if (input.method === 'sold' && recipe.kind === 'expected') throw new AppError('RECIPE_SOLD_NOT_FOR_EXPECTED');
    const amount = merged.get(id)!;
    const openObjective = recipe.objective === 0 && recipe.collectionType === 'without_recipe_objective' && !recipe.paidAt;
    const objective = openObjective ? recipe.collected + amount : recipe.objective;
    if (recipe.paidAt || objective - recipe.collected <= 0) throw new AppError('RECIPE_ALREADY_PAID');
    if (amount > objective - recipe.collected) throw new AppError('RECIPE_AMOUNT_ABOVE_REMAINING');
    return { recipe, amount, objective };
  });
}

/**
 * Applies payments to recipes, in the caller's transaction: per recipe one confirmed operation
 * posted to the ledger (cash into the caisse, sold from the driver's balance, which can't go
 * below zero: INSUFFICIENT_FUNDS; mobile money into the park balance), its recipe_payments row,
 * and the recipe's collected (paid_at once it reaches the objective).
 */
export async function applyRecipePayments(tx: Tx, input: ApplyRecipePaymentsInput): Promise<{ fundMovementIds: string[] }> {
  const checked = await lockAndCheckAllocations(tx, input);
  const at = input.at ?? new Date();
  const subAccounts = new Map<string, string>();
  for (const code of new Set(checked.map((c) => SUB_ACCOUNT_OF_KIND[c.recipe.kind]))) {
    const id = await pnlAccountIdByCode(tx, input.parkId, code);
    if (!id) throw new AppError('NOT_FOUND', { message: `Le sous-compte '${code}' du parc est introuvable` });
    subAccounts.set(code, id);
  }
  let caisseId: string | null = null;
  if (input.method === 'cash') caisseId = (input.caisseId ? await caisseOfPark(tx, input.parkId, input.caisseId) : await defaultCashCaisse(tx, input.parkId)).id;
  const funding = FUNDING[input.method];

  const fundMovementIds: string[] = [];
  for (const { recipe, amount, objective } of checked) {
    const subAccountId = subAccounts.get(SUB_ACCOUNT_OF_KIND[recipe.kind])!;
    const [movement] = await tx
      .insert(fundMovements)
      .values({
        parkId: input.parkId,
        type: 'profit',
        subAccountId,
        caisseId,
        funding,
        amount,
        operationDate: at,
        comment: input.comment || recipe.comment || null,
        collectMethod: COLLECT_METHOD[input.method],
        vehicleId: recipe.vehicleId,
        driverId: recipe.driverId,
        createdBy: input.actorId,
        confirmedAt: at,
        confirmedBy: input.actorId,
      })
      .returning({ id: fundMovements.id });
    const postingId = await postOperation(
      tx,
      { id: movement.id, parkId: input.parkId, type: 'profit', amount, caisseId, funding, driverId: recipe.driverId, subAccountId },
      // The ledger takes a null author (a provider's callback has none); postOperation's type is narrower.
      { createdBy: input.actorId as string, memo: MEMO[input.method] },
    );
    await tx.update(fundMovements).set({ postingId }).where(eq(fundMovements.id, movement.id));
    await tx.insert(recipePayments).values({
      parkId: input.parkId,
      recipeId: recipe.id,
      amount,
      method: input.method,
      fundMovementId: movement.id,
      payinId: input.payinId ?? null,
      createdBy: input.actorId,
      createdAt: at,
    });
    fundMovementIds.push(movement.id);
  }
  // The recipes' new figures in one statement, so recipe_day_totals' trigger sums them per day and
  // updates each day's row once (in day order) instead of once per recipe.
  const collected = checked.map(({ recipe, amount }) => recipe.collected + amount);
  await tx.execute(sql`
    update recipes r set collected = v.collected, objective = v.objective,
           paid_at = case when v.objective > 0 and v.collected >= v.objective then ${at.toISOString()}::timestamptz end
      from unnest(${sql.param(checked.map((c) => c.recipe.id))}::uuid[], ${sql.param(collected)}::bigint[], ${sql.param(checked.map((c) => c.objective))}::bigint[])
           as v(id, collected, objective)
     where r.id = v.id`);
  await runRecipePaymentHooks(tx, input.parkId, checked.map((c) => c.recipe.id), {
    actorId: input.actorId,
    method: input.method,
    allocations: checked.map((c) => ({ recipeId: c.recipe.id, amount: c.amount })),
  });
  return { fundMovementIds };
}

/** The driver and vehicle named are the park's (DRIVER_NOT_FOUND, VEHICLE_NOT_FOUND otherwise). */
export async function assertDriverAndVehicle(tx: Pick<Tx, 'select'>, parkId: string, driverId: string, vehicleId: string | null): Promise<void> {
  const [driver] = await tx.select({ id: drivers.id }).from(drivers).where(and(eq(drivers.parkId, parkId), eq(drivers.id, driverId)));
  if (!driver) throw new AppError('DRIVER_NOT_FOUND');
  if (vehicleId) {
    const [vehicle] = await tx.select({ id: vehicles.id }).from(vehicles).where(and(eq(vehicles.parkId, parkId), eq(vehicles.id, vehicleId)));
    if (!vehicle) throw new AppError('VEHICLE_NOT_FOUND');
  }
}

/**
 * An unscheduled recipe (an exceptional payment not tied to the planning) of `amount` minor units,
 * dated `day`, not yet collected: the caller collects it with applyRecipePayments in the same
 * transaction.
 */
export async function createUnscheduledRecipe(
  tx: Tx,
  input: { parkId: string; actorId: string | null; driverId: string; vehicleId: string | null; day: string; amount: number; comment?: string | null },
): Promise<string> {
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0) throw new AppError('RECIPE_INVALID_AMOUNT');
  if (!/^\d{4}-\d{2}-\d{2}$/.test(input.day)) throw new AppError('RECIPE_FIELDS_REQUIRED');
  await assertDriverAndVehicle(tx, input.parkId, input.driverId, input.vehicleId);
  const [row] = await tx
    .insert(recipes)
    .values({
      parkId: input.parkId,
      kind: 'unscheduled',
      driverId: input.driverId,
      vehicleId: input.vehicleId,
      day: input.day,
      periodStart: input.day,
      periodEnd: input.day,
      objective: input.amount,
      comment: input.comment || null,
      createdBy: input.actorId,
    })
    .returning({ id: recipes.id });
  return row.id;
}
