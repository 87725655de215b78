import type { TTransactionValidation } from '@flotte/contract';
import type { ActingProfile } from '../../platform/auth/auth-context.ts';
import { startPayin, type PayinsDeps } from '../payins/payins.service.ts';
import type { PayinPurpose } from '../payins/payins.tables.ts';

/**
 * The one door from the recipes routes to the pay-ins module: asks the driver's operator for the
 * money (startPayin); the pay-in applies `purpose` (applyRecipePayments) when the provider says
 * it succeeded.
 */

export interface MobileMoneyDeps {
  payins: PayinsDeps;
}

export interface RecipePayinInput {
  amount: number;
  phone: string;
  operatorId: string;
  driverId: string | null;
  vehicleId: string | null;
  purpose: PayinPurpose;
}

export function startRecipePayin(deps: MobileMoneyDeps, acting: ActingProfile, input: RecipePayinInput): Promise<TTransactionValidation> {
  return startPayin(deps.payins, acting, input);
}
