import { addDays, daysInclusive } from './subscription-days.ts';

/**
 * What subscriptions cost, in integer minor units (pure functions; issue 23 section 2).
 *
 * Rounding rule, written once: a whole period costs exactly price x vehicles x periods (integers,
 * nothing to round). A prorated amount (an upgrade, a migration, a change of plan) is the exact
 * fraction price x vehicles x days left / days of the period, computed in BigInt, then rounded DOWN
 * to the currency's payable unit (5 francs for XAF and XOF, the smallest coin and Wave's multiple;
 * 10 for CDF; 1 minor unit otherwise). Rounding down never charges a park for a part of a day, and a
 * payable unit keeps every amount one that mobile money accepts. A credit (the days left of a plan
 * being changed) is deducted exactly before that one rounding; amounts below 0 are 0 (no refund).
 */

const PAYABLE_UNIT: Record<string, number> = { XAF: 5, XOF: 5, CDF: 10 };

export function payableUnit(currency: string): number {
  return PAYABLE_UNIT[currency.toUpperCase()] ?? 1;
}

/** numerator / denominator, rounded down to a multiple of `unit`, never below 0. */
export function roundDownToUnit(numerator: bigint, denominator: bigint, unit: number): number {
  if (denominator <= 0n) throw new RangeError('denominator must be positive');
  if (numerator <= 0n) return 0;
  const u = BigInt(unit);
  const units = numerator / (denominator * u);
  const minor = units * u;
  if (minor > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError('amount too large');
  return Number(minor);
}

/** A whole period (or several): price x vehicles x periods. */
export function fullPrice(pricePerVehicle: number, vehicles: number, periods = 1): number {
  const v = BigInt(pricePerVehicle) * BigInt(vehicles) * BigInt(periods);
  if (v > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError('amount too large');
  return Number(v);
}

/** The days a subscription spans, and those left from `today` (today counted, 0 once past). */
export interface SubscriptionSpan {
  startsOn: string;
  endsOn: string;
}

export function periodDays(s: SubscriptionSpan): number {
  return daysInclusive(s.startsOn, s.endsOn);
}

export function daysLeft(s: SubscriptionSpan, today: string): number {
  const from = today < s.startsOn ? s.startsOn : today;
  return daysInclusive(from, s.endsOn);
}

export interface ProrationInput extends SubscriptionSpan {
  currency: string;
}

/** upgrade-vehicle: `added` more vehicles at the subscription's price for the days left. */
export function upgradeAmount(s: ProrationInput & { pricePerVehicle: number }, added: number, today: string): number {
  return roundDownToUnit(BigInt(s.pricePerVehicle) * BigInt(added) * BigInt(daysLeft(s, today)), BigInt(periodDays(s)), payableUnit(s.currency));
}

/** migrate-to-pro: the difference of the professional price for the vehicles and days left (0 when not dearer). */
export function migrationAmount(s: ProrationInput & { pricePerVehicle: number; vehicleNumber: number }, proPricePerVehicle: number, today: string): number {
  const diff = BigInt(proPricePerVehicle - s.pricePerVehicle);
  if (diff <= 0n) return 0;
  return roundDownToUnit(diff * BigInt(s.vehicleNumber) * BigInt(daysLeft(s, today)), BigInt(periodDays(s)), payableUnit(s.currency));
}

/**
 * change-subscription: a whole new period of the new plan from today, less the value of the days
 * left of the current one. `credit` is what was deducted, so amount + credit = the full price.
 */
export function changeAmount(
  current: ProrationInput & { pricePerVehicle: number; vehicleNumber: number; isTrial: boolean },
  next: { pricePerVehicle: number; vehicles: number },
  today: string,
): { amount: number; credit: number; full: number } {
  const full = fullPrice(next.pricePerVehicle, next.vehicles);
  if (current.isTrial) return { amount: full, credit: 0, full };
  const days = BigInt(periodDays(current));
  const remaining = BigInt(current.pricePerVehicle) * BigInt(current.vehicleNumber) * BigInt(daysLeft(current, today));
  const amount = roundDownToUnit(BigInt(full) * days - remaining, days, payableUnit(current.currency));
  return { amount, credit: full - amount, full };
}

/** Annual plans: the saving against twelve monthly payments, whole percent (rounded to nearest). */
export function annualDiscountPercent(annualPrice: number, monthlyPrice: number): number {
  if (monthlyPrice <= 0) return 0;
  const twelve = monthlyPrice * 12;
  return Math.max(0, Math.round(((twelve - annualPrice) * 100) / twelve));
}

/** The first day after a subscription (where an extension starts). */
export function dayAfter(s: SubscriptionSpan): string {
  return addDays(s.endsOn, 1);
}
