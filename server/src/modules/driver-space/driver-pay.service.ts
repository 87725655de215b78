import type { TDriverPayInput, TOperator, TTransactionValidation } from '@flotte/contract';
import { AppError } from '../../platform/errors.ts';
import type { PayinsDeps } from '../payins/payins.deps.ts';
import { cancelPayin, payinOfPark, validatedPayin } from '../payins/payins.service.ts';
import { payExpectedRecipe } from '../recipes/recipe-payments.service.ts';
import { recipesByIds } from '../recipes/recipes.queries.ts';
import { listOperators, parkPlace } from '../withdrawals/withdraw-means.service.ts';
import type { DriverSpaceDeps, Me } from './driver-space.service.ts';

/**
 * The driver pays what he owes by mobile money from his space (issue 22), through the same
 * validation card as the cashier: the recipes module checks and starts the pay-in, which applies
 * the recipe when the provider confirms. He names only his own recipes and pay-ins: another's
 * reads as not found.
 */

export type DriverPayDeps = DriverSpaceDeps & { payins: PayinsDeps };

export async function operatorsFor(deps: DriverPayDeps, m: Me): Promise<TOperator[]> {
  return listOperators(deps.db, (await parkPlace(deps.db, m.acting.parkId)).countryIso);
}

export async function payOwnRecipe(deps: DriverPayDeps, m: Me, body: TDriverPayInput & { amount?: number }): Promise<{ validation: TTransactionValidation }> {
  const [recipe] = await recipesByIds(deps, m.acting, [body.recette_id]);
  if (!recipe || recipe.driver.id !== m.driver.id) throw new AppError('RECIPE_NOT_FOUND');
  const answer = await payExpectedRecipe(deps, m.acting, {
    recette_id: body.recette_id,
    amount: body.amount,
    payment_type: 'mobile_money',
    operator_id: body.operator_id === undefined ? undefined : String(body.operator_id),
    phone: body.phone ?? m.driver.phone,
  });
  if (!('validation' in answer)) throw new AppError('BUSINESS_RULE');
  return answer;
}

async function ownPayin(deps: DriverPayDeps, m: Me, id: string): Promise<void> {
  const row = await payinOfPark(deps.db, m.acting.parkId, id.toLowerCase());
  if (!row || row.driverId !== m.driver.id) throw new AppError('PAYIN_NOT_FOUND');
}

/** 'J'ai validé' on his card: the provider is asked now. */
export async function validatedOwnPayin(deps: DriverPayDeps, m: Me, id: string): Promise<TTransactionValidation> {
  await ownPayin(deps, m, id);
  return validatedPayin(deps.payins, m.acting, id.toLowerCase());
}

/** 'Annuler' on his card. */
export async function cancelOwnPayin(deps: DriverPayDeps, m: Me, id: string): Promise<TTransactionValidation> {
  await ownPayin(deps, m, id);
  return cancelPayin(deps.payins, m.acting, id.toLowerCase());
}
