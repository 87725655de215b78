import { and, eq } from 'drizzle-orm';
import { planLabel, type TAccountType, type TPlan, type TPlanPeriod, type TPlanType, type TSubscriptionCountry } from '@flotte/contract';
import type { Db, Tx } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { fromMinor } from '../../platform/money.ts';
import { annualDiscountPercent } from './pricing.ts';
import { subscriptionPlans } from './subscriptions.tables.ts';

/** The plans parks choose from (GET /subscription/by-country) and the lookups the quotes need. */

export type PlanRow = typeof subscriptionPlans.$inferSelect;

const TYPE_ORDER: Record<TPlanType, number> = { starter: 0, premium: 1 };

/**
 * A plan as parks see it. An annual plan's discount is measured against the monthly plan of the
 * same country, account type and type (`monthlyPrice`, minor units): without one there is nothing
 * to compare, so 0.
 */
export function planView(row: PlanRow, monthlyPrice: number | null = null): TPlan {
  const money = (minor: number) => fromMinor(minor, row.currency);
  const annual = row.period === 'annual';
  return {
    id: row.id,
    country_code: row.countryCode as TSubscriptionCountry,
    currency: row.currency,
    account_type: row.accountType,
    type: row.type,
    period: row.period,
    label: planLabel(row.type, row.period),
    price_per_vehicle: money(row.pricePerVehicle),
    monthly_price_per_vehicle: money(annual ? Math.floor(row.pricePerVehicle / 12) : row.pricePerVehicle),
    discount_percent: annual && monthlyPrice !== null ? annualDiscountPercent(row.pricePerVehicle, monthlyPrice) : 0,
    offer: row.offer,
    max_vehicles: row.maxVehicles,
  };
}

/** The active monthly prices of a country and account type, by plan type (what annual plans are compared with). */
async function monthlyPrices(db: Db | Tx, countryCode: string, accountType: TAccountType): Promise<Map<TPlanType, number>> {
  const rows = await db
    .select({ type: subscriptionPlans.type, price: subscriptionPlans.pricePerVehicle })
    .from(subscriptionPlans)
    .where(and(eq(subscriptionPlans.countryCode, countryCode), eq(subscriptionPlans.accountType, accountType), eq(subscriptionPlans.period, 'monthly'), eq(subscriptionPlans.isActive, true)));
  return new Map(rows.map((r) => [r.type, r.price]));
}

/** A plan row as parks see it, its discount looked up. */
export async function planViewOf(db: Db | Tx, row: PlanRow): Promise<TPlan> {
  if (row.period !== 'annual') return planView(row);
  const monthly = await monthlyPrices(db, row.countryCode, row.accountType);
  return planView(row, monthly.get(row.type) ?? null);
}

/** The active plans of a country, account type and period: starter, then premium. */
export async function listPlans(db: Db | Tx, q: { countryCode: string; accountType: TAccountType; period: TPlanPeriod }): Promise<TPlan[]> {
  const rows = await db
    .select()
    .from(subscriptionPlans)
    .where(
      and(
        eq(subscriptionPlans.countryCode, q.countryCode),
        eq(subscriptionPlans.accountType, q.accountType),
        eq(subscriptionPlans.period, q.period),
        eq(subscriptionPlans.isActive, true),
      ),
    );
  rows.sort((a, b) => TYPE_ORDER[a.type] - TYPE_ORDER[b.type]);
  const monthly = q.period === 'annual' ? await monthlyPrices(db, q.countryCode, q.accountType) : new Map<TPlanType, number>();
  return rows.map((r) => planView(r, monthly.get(r.type) ?? null));
}

/** A plan a park may buy now (active); another id or a withdrawn plan is not found. */
export async function activePlanById(db: Db | Tx, id: string): Promise<PlanRow> {
  const [row] = await db.select().from(subscriptionPlans).where(and(eq(subscriptionPlans.id, id), eq(subscriptionPlans.isActive, true)));
  if (!row) throw new AppError('SUBSCRIPTION_PLAN_NOT_FOUND');
  return row;
}

/** A plan by id whatever its state (a subscription's own plan, maybe withdrawn since), or null. */
export async function planById(db: Db | Tx, id: string | null): Promise<PlanRow | null> {
  if (!id) return null;
  const [row] = await db.select().from(subscriptionPlans).where(eq(subscriptionPlans.id, id));
  return row ?? null;
}

/** The active plan of a country, account type, type and period, or null. */
export async function activePlanFor(db: Db | Tx, q: { countryCode: string; accountType: TAccountType; type: TPlanType; period: TPlanPeriod }): Promise<PlanRow | null> {
  const [row] = await db
    .select()
    .from(subscriptionPlans)
    .where(
      and(
        eq(subscriptionPlans.countryCode, q.countryCode),
        eq(subscriptionPlans.accountType, q.accountType),
        eq(subscriptionPlans.type, q.type),
        eq(subscriptionPlans.period, q.period),
        eq(subscriptionPlans.isActive, true),
      ),
    );
  return row ?? null;
}

/** The professional plan a particulier subscription migrates to: same country, type and period, active. */
export async function proPlanFor(db: Db | Tx, q: { countryCode: string; type: TPlanType; period: TPlanPeriod }): Promise<PlanRow> {
  const row = await activePlanFor(db, { ...q, accountType: 'professionnel' });
  if (!row) throw new AppError('SUBSCRIPTION_PLAN_NOT_FOUND');
  return row;
}
