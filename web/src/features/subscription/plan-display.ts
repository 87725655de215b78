import { PLAN_PERIOD_UNITS, type TPlan } from '@flotte/contract/subscriptions';
import { formatMoney } from '../../ui/format.ts';

/** '2,500 XAF par véhicule par mois'. */
export function planPriceText(plan: Pick<TPlan, 'price_per_vehicle' | 'currency' | 'period'>): string {
  return `${formatMoney(plan.price_per_vehicle, plan.currency)} par véhicule ${PLAN_PERIOD_UNITS[plan.period]}`;
}

/** An annual plan's price per month, to compare with the monthly ones; null for a monthly plan. */
export function monthlyEquivalentText(plan: Pick<TPlan, 'monthly_price_per_vehicle' | 'currency' | 'period'>): string | null {
  return plan.period === 'annual' ? `soit ${formatMoney(plan.monthly_price_per_vehicle, plan.currency)} par mois` : null;
}

/** "Jusqu'à 10 véhicules" / 'Véhicules illimités'. */
export function planVehiclesText(plan: Pick<TPlan, 'max_vehicles'>): string {
  if (plan.max_vehicles === null) return 'Véhicules illimités';
  return `Jusqu'à ${plan.max_vehicles} véhicule${plan.max_vehicles > 1 ? 's' : ''}`;
}

/** The annual plans' saving, for the 'Annuel' badge ('-17 %'), or null when none saves. */
export function annualDiscountText(plans: readonly Pick<TPlan, 'discount_percent'>[] | undefined): string | null {
  const best = Math.max(0, ...(plans ?? []).map((p) => p.discount_percent));
  return best > 0 ? `-${best}\u00a0%` : null;
}

/**
 * The count a plan may take: at least the vehicles in use (the server refuses fewer), at most the
 * plan's own limit. The message to show, or null when the count fits.
 */
export function vehicleCountProblem(count: number | null, used: number, plan: Pick<TPlan, 'max_vehicles'> | null): string | null {
  if (count === null || !Number.isInteger(count) || count < 1) return 'Saisissez un nombre de véhicules (au moins 1)';
  if (count < used) return `Le parc utilise déjà ${used} véhicules\u00a0: choisissez-en au moins ${used}.`;
  if (plan?.max_vehicles != null && count > plan.max_vehicles) return `Ce forfait couvre au plus ${plan.max_vehicles} véhicules.`;
  return null;
}
