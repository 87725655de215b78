import { and, eq, inArray, sql } from 'drizzle-orm';
import { fromMinor } from '../../platform/money.ts';
import { AppError } from '../../platform/errors.ts';
import { registerOperationCancelGuard } from '../operations/operation-cancel-guards.ts';
import { paysContractRecipe } from '../recipes/contract-recipes.ts';
import { registerRecipePaymentHook } from '../recipes/recipe-payment-hooks.ts';
import { recordContractEvent } from './contract-history.ts';
import { syncContractFigures } from './contract-instalments.ts';
import { contractInstalments } from './contracts.tables.ts';

/**
 * After any payment of recipes (a recipes route, a contract collection, a mobile-money pay-in
 * settling), in the same transaction: the contracts whose instalments those recipes collect follow
 * (paid amounts, statuses, total_paid, remaining_amount, next_due_date, the paid-off transition),
 * and each such contract's history gets one 'payment' event. Recipes of no contract cost one index
 * read (contract_instalments_recipe_key).
 */
registerRecipePaymentHook(async (tx, parkId, recipeIds, { actorId, method, allocations }) => {
  const rows = await tx
    .select({ contractId: contractInstalments.contractId, seq: contractInstalments.seq, recipeId: contractInstalments.recipeId })
    .from(contractInstalments)
    .where(and(eq(contractInstalments.parkId, parkId), inArray(contractInstalments.recipeId, recipeIds)));
  if (rows.length === 0) return;
  const paidOf = new Map(allocations.map((a) => [a.recipeId.toLowerCase(), a.amount]));
  const byContract = new Map<string, { seq: number; amount: number }[]>();
  for (const r of rows.sort((a, b) => a.seq - b.seq)) {
    byContract.set(r.contractId, [...(byContract.get(r.contractId) ?? []), { seq: r.seq, amount: paidOf.get(r.recipeId!) ?? 0 }]);
  }
  // Amounts in the park's currency, as the rest of the history writes them.
  const { rows: [park] } = await tx.execute<{ currency: string }>(sql`select currency from parks where id = ${parkId}`);
  const money = (minor: number) => fromMinor(minor, park.currency);
  // The event first: a payment that pays the contract off reads before its 'paid_off' event.
  for (const [contractId, instalments] of byContract) {
    const amount = instalments.reduce((s, i) => s + i.amount, 0);
    const detail = { amount: money(amount), method, instalments: instalments.map((i) => ({ seq: i.seq, amount: money(i.amount) })) };
    await recordContractEvent(tx, { parkId, contractId, kind: 'payment', detail, profileId: actorId });
  }
  await syncContractFigures(tx, [...byContract.keys()], { actorId });
});

/**
 * A contract's payment is not cancelled from the operations screen: reversing its posting would
 * leave the instalment paid and total_paid above what the ledger holds (the property the contracts
 * keep). The contract's cancel, with its write-off choice, is where a contract's money changes.
 */
registerOperationCancelGuard(async (tx, op) => {
  const [partner] = await tx.select({ id: contractInstalments.id }).from(contractInstalments).where(eq(contractInstalments.fundMovementId, op.id)).limit(1);
  if (partner || (await paysContractRecipe(tx, op.id))) throw new AppError('OPERATION_IS_CONTRACT_PAYMENT');
});
