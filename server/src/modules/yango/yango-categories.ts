import type { TYangoBalancePart } from '@flotte/contract/yango';

/**
 * Which Yango transaction categories make which part of a driver's revenue (spec 001's balance
 * breakdown). The Fleet API names categories by `category_id`; its documentation lists no fixed
 * set, so the ids below are those Yango parks' exports show ([I] in integrations.md terms), matched
 * exactly first, then by prefix. A category that matches none (a transfer, a payout, a manual
 * charge by the park, our own debits) is not revenue: it moves money already earned.
 *
 * Revenue (the yango_recipe objective, the activity's `total`) = the sum of the seven parts,
 * fees negative as Yango signs them. ARCHITECTURE.md ("The Yango link") repeats this.
 */
const EXACT: Record<string, TYangoBalancePart> = {
  cash_collected: 'cash_collected',
  partner_ride_cash_collection: 'cash_collected',
  card: 'platform_card',
  platform_ride_card: 'platform_card',
  partner_ride_card: 'platform_card',
  corporate: 'platform_corporate',
  platform_ride_corp: 'platform_corporate',
  tip: 'platform_tip',
  platform_ride_tips: 'platform_tip',
  bonus: 'platform_bonus',
  platform_bonus: 'platform_bonus',
  platform_ride_fee: 'platform_fees',
  partner_ride_fee: 'platform_fees',
  platform_ride_vat: 'platform_fees',
  platform_service_fee: 'platform_fees',
};

const PREFIXES: [string, TYangoBalancePart][] = [
  ['promotion', 'platform_promotion'],
  ['platform_promotion', 'platform_promotion'],
  ['platform_bonus', 'platform_bonus'],
  ['platform_ride_fee', 'platform_fees'],
  ['platform_fee', 'platform_fees'],
  ['partner_ride_fee', 'platform_fees'],
];

/** The breakdown part a transaction category counts in, or null when it is not revenue. */
export function balancePartOf(categoryId: string): TYangoBalancePart | null {
  const id = categoryId.trim().toLowerCase();
  if (EXACT[id]) return EXACT[id];
  for (const [prefix, part] of PREFIXES) if (id.startsWith(prefix)) return part;
  return null;
}

/** Every category id above, for SQL filters (`category_id = any(...)`) and the simulator. */
export const REVENUE_CATEGORY_IDS: readonly string[] = Object.keys(EXACT);
export const REVENUE_CATEGORY_PREFIXES: readonly string[] = PREFIXES.map(([p]) => p);
