import { and, desc, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  SUBSCRIPTION_CURRENCY,
  type TAccountType,
  type TPlanInput,
  type TSubscriptionCountry,
  type ZOperatorPlan,
  type ZSubscriptionPayment,
} from '@flotte/contract';
import type { Db } from '../../platform/db/database.ts';
import { isUniqueViolation } from '../../platform/db/pg-errors.ts';
import { toWireDate } from '../../platform/dates.ts';
import { AppError, fieldError } from '../../platform/errors.ts';
import { currencyDecimals, fromMinor, toMinor } from '../../platform/money.ts';
import { parks } from '../access/access.tables.ts';
import { planView, type PlanRow } from './plans.service.ts';
import { subscriptionInvoices, subscriptionPayments, subscriptionPlans } from './subscriptions.tables.ts';

/**
 * The platform operator's work (issue 23): the plans every park chooses from, and the payments that
 * arrived for an invoice already paid, which he refunds by hand. Changing a plan's price never
 * touches a park's subscription: each keeps the price per vehicle it was bought at.
 */

export type TOperatorPlan = z.infer<typeof ZOperatorPlan>;
export type TSubscriptionPayment = z.infer<typeof ZSubscriptionPayment>;

/** Plans are the platform's, not a park's: their instants read in the platform's own time zone. */
const PLATFORM_TIME_ZONE = 'Africa/Douala';
/** The refunds list is short by nature; a bound keeps a mistake from answering the whole table. */
const PAYMENTS_LISTED = 500;

/**
 * A plan as the operator sees it. `monthlyPrice` is the minor price of the active monthly plan of
 * the same country, account type and type, for an annual plan's saving (null: none to compare).
 */
export function operatorPlanView(row: PlanRow, monthlyPrice: number | null): TOperatorPlan {
  return { ...planView(row, monthlyPrice), is_active: row.isActive, updated_at: toWireDate(row.updatedAt, PLATFORM_TIME_ZONE) };
}

const siblingKey = (r: Pick<PlanRow, 'countryCode' | 'accountType' | 'type'>) => `${r.countryCode}|${r.accountType}|${r.type}`;

/** Every plan, active ones first, by country, account type, type and period (monthly first). */
export async function listPlans(db: Db, filters: { country_code?: TSubscriptionCountry; account_type?: TAccountType }): Promise<TOperatorPlan[]> {
  const where: SQL[] = [];
  if (filters.country_code) where.push(eq(subscriptionPlans.countryCode, filters.country_code));
  if (filters.account_type) where.push(eq(subscriptionPlans.accountType, filters.account_type));
  const rows = await db
    .select()
    .from(subscriptionPlans)
    .where(where.length ? and(...where) : undefined)
    .orderBy(
      desc(subscriptionPlans.isActive),
      subscriptionPlans.countryCode,
      subscriptionPlans.accountType,
      subscriptionPlans.type,
      sql`case ${subscriptionPlans.period} when 'monthly' then 0 else 1 end`,
      desc(subscriptionPlans.updatedAt),
    );
  const monthly = new Map(rows.filter((r) => r.isActive && r.period === 'monthly').map((r) => [siblingKey(r), r.pricePerVehicle]));
  return rows.map((r) => operatorPlanView(r, monthly.get(siblingKey(r)) ?? null));
}

async function viewOf(db: Db, row: PlanRow): Promise<TOperatorPlan> {
  if (row.period !== 'annual') return operatorPlanView(row, null);
  const [monthly] = await db
    .select({ price: subscriptionPlans.pricePerVehicle })
    .from(subscriptionPlans)
    .where(
      and(
        eq(subscriptionPlans.countryCode, row.countryCode),
        eq(subscriptionPlans.accountType, row.accountType),
        eq(subscriptionPlans.type, row.type),
        eq(subscriptionPlans.period, 'monthly'),
        eq(subscriptionPlans.isActive, true),
      ),
    )
    .limit(1);
  return operatorPlanView(row, monthly?.price ?? null);
}

/** The input's columns: the price typed in the country's currency, stored in minor units. */
function planValues(input: TPlanInput) {
  const currency = SUBSCRIPTION_CURRENCY[input.country_code];
  let price: number;
  try {
    price = toMinor(input.price_per_vehicle, currency);
  } catch {
    const decimals = currencyDecimals(currency);
    throw fieldError('price_per_vehicle', decimals === 0 ? `Prix en ${currency} sans décimales` : `Prix en ${currency} avec ${decimals} décimales au plus`);
  }
  if (price <= 0) throw fieldError('price_per_vehicle', 'Le prix doit être supérieur à 0');
  return {
    countryCode: input.country_code,
    currency,
    accountType: input.account_type,
    type: input.type,
    period: input.period,
    pricePerVehicle: price,
    maxVehicles: input.max_vehicles ?? null,
    offer: input.offer ? input.offer : null,
    isActive: input.is_active,
  };
}

/** One active plan per country, account type, type and period: the unique index says so, we say it in French. */
async function uniqueOrExists<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('PLATFORM_PLAN_EXISTS');
    throw error;
  }
}

export async function createPlan(db: Db, input: TPlanInput): Promise<TOperatorPlan> {
  const values = planValues(input);
  const [row] = await uniqueOrExists(() => db.insert(subscriptionPlans).values(values).returning());
  return viewOf(db, row);
}

/**
 * Rewrites a plan. Parks' subscriptions and invoices already made keep their own price and plan
 * data (copied when bought), so only what is bought from now on follows the change.
 */
export async function updatePlan(db: Db, id: string, input: TPlanInput): Promise<TOperatorPlan> {
  const values = planValues(input);
  const [row] = await uniqueOrExists(() =>
    db.update(subscriptionPlans).set({ ...values, updatedAt: new Date() }).where(eq(subscriptionPlans.id, id)).returning(),
  );
  if (!row) throw new AppError('SUBSCRIPTION_PLAN_NOT_FOUND');
  return viewOf(db, row);
}

const paymentColumns = {
  id: subscriptionPayments.id,
  parkId: subscriptionPayments.parkId,
  parkName: parks.name,
  timeZone: parks.timeZone,
  invoiceId: subscriptionPayments.invoiceId,
  invoiceNumber: subscriptionInvoices.number,
  payinId: subscriptionPayments.payinId,
  amount: subscriptionPayments.amount,
  currency: subscriptionPayments.currency,
  applied: subscriptionPayments.applied,
  detail: subscriptionPayments.detail,
  createdAt: subscriptionPayments.createdAt,
};

type PaymentRow = Awaited<ReturnType<typeof paymentsQuery>>[number];

function paymentView(r: PaymentRow): TSubscriptionPayment {
  return {
    id: r.id,
    park_id: r.parkId,
    park_name: r.parkName,
    invoice_id: r.invoiceId,
    invoice_number: r.invoiceNumber,
    transaction_id: r.payinId,
    amount: fromMinor(r.amount, r.currency),
    currency: r.currency,
    applied: r.applied,
    detail: r.detail,
    created_at: toWireDate(r.createdAt, r.timeZone),
  };
}

function paymentsQuery(db: Db) {
  return db
    .select(paymentColumns)
    .from(subscriptionPayments)
    .innerJoin(parks, eq(parks.id, subscriptionPayments.parkId))
    .innerJoin(subscriptionInvoices, eq(subscriptionInvoices.id, subscriptionPayments.invoiceId));
}

/**
 * Subscription payments, newest first. `applied: false` lists the refunds still due: money that
 * arrived for an invoice already paid and not yet marked refunded.
 */
export async function listPayments(db: Db, q: { applied?: boolean }): Promise<TSubscriptionPayment[]> {
  const where: SQL[] = [];
  if (q.applied !== undefined) where.push(eq(subscriptionPayments.applied, q.applied));
  if (q.applied === false) where.push(isNull(subscriptionPayments.refundedAt));
  const rows = await paymentsQuery(db)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(subscriptionPayments.createdAt), desc(subscriptionPayments.id))
    .limit(PAYMENTS_LISTED);
  return rows.map(paymentView);
}

/**
 * The operator sent the money back: the payment leaves the refunds due. Marking it again keeps
 * the first day; a payment that was applied has nothing to refund and reads as not found.
 */
export async function markRefunded(db: Db, id: string, now: Date): Promise<TSubscriptionPayment> {
  const notDue = () => new AppError('PAYIN_NOT_FOUND', { message: 'Aucun paiement à rembourser sous cet identifiant' });
  await db
    .update(subscriptionPayments)
    .set({ refundedAt: now })
    .where(and(eq(subscriptionPayments.id, id), eq(subscriptionPayments.applied, false), isNull(subscriptionPayments.refundedAt)));
  const [row] = await paymentsQuery(db).where(and(eq(subscriptionPayments.id, id), ne(subscriptionPayments.applied, true)));
  if (!row) throw notDue();
  return paymentView(row);
}
