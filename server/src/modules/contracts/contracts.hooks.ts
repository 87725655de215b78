import { and, eq, inArray } from 'drizzle-orm';
import { registerRecipePaymentHook } from '../recipes/recipe-payment-hooks.ts';
import { syncContractFigures } from './contract-instalments.ts';
import { contractInstalments } from './contracts.tables.ts';

/**
 * After any payment of recipes (a recipes route, a contract collection, a mobile-money pay-in
 * settling), in the same transaction: the contracts whose instalments those recipes collect follow
 * (paid amounts, statuses, total_paid, remaining_amount, next_due_date, the paid-off transition).
 * Recipes of no contract cost one index read (contract_instalments_recipe_key).
 */
registerRecipePaymentHook(async (tx, parkId, recipeIds, { actorId }) => {
  const rows = await tx
    .selectDistinct({ contractId: contractInstalments.contractId })
    .from(contractInstalments)
    .where(and(eq(contractInstalments.parkId, parkId), inArray(contractInstalments.recipeId, recipeIds)));
  if (rows.length) await syncContractFigures(tx, rows.map((r) => r.contractId), { actorId });
});
