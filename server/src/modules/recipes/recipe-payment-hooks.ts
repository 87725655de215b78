import type { Tx } from '../../platform/db/database.ts';

/**
 * What other modules do when recipes are paid, in the payment's own transaction (the contracts
 * module keeps its instalments and figures in step with the recipes of kind 'contract'). The
 * recipes module knows none of them: each registers itself once (modules/registrations.ts), and
 * applyRecipePayments calls every hook after writing the payments, whoever called it (a recipes
 * route, a contract collection, a mobile-money settlement). A hook that throws fails the payment.
 */
export interface RecipePaymentContext {
  actorId: string | null;
  method: 'cash' | 'sold' | 'mobile_money' | 'yango';
  /** What each recipe received in this payment, minor units. */
  allocations: { recipeId: string; amount: number }[];
}

export type RecipePaymentHook = (tx: Tx, parkId: string, recipeIds: string[], context: RecipePaymentContext) => Promise<void>;

const hooks: RecipePaymentHook[] = [];

export function registerRecipePaymentHook(hook: RecipePaymentHook): void {
  if (!hooks.includes(hook)) hooks.push(hook);
}

export async function runRecipePaymentHooks(tx: Tx, parkId: string, recipeIds: string[], context: RecipePaymentContext): Promise<void> {
  if (recipeIds.length === 0) return;
  for (const hook of hooks) await hook(tx, parkId, recipeIds, context);
}
