import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, jsonb, pgSequence, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { TAccountType, TInvoiceKind, TPlanPeriod, TPlanType, TSubscriptionStatus } from '@flotte/contract';
import { createdAt, idColumn, tstz, updatedAt } from '../../platform/db/columns.ts';
import { parks, profiles } from '../access/access.tables.ts';

/**
 * Subscriptions (issue 23). Plans belong to the platform (no park): its operator keeps them. A
 * park's subscriptions, invoices and subscription payments belong to the park. Amounts are minor
 * units of the plan's currency.
 */

/** What the platform sells: one active plan per country, account type, type and period. */
export const subscriptionPlans = pgTable(
  'subscription_plans',
  {
    id: idColumn(),
    countryCode: text('country_code').notNull(),
    currency: text('currency').notNull(),
    accountType: text('account_type').$type<TAccountType>().notNull(),
    type: text('type').$type<TPlanType>().notNull(),
    period: text('period').$type<TPlanPeriod>().notNull(),
    /** One vehicle, one whole period. */
    pricePerVehicle: bigint('price_per_vehicle', { mode: 'number' }).notNull(),
    /** The most vehicles the plan takes; null: no limit. */
    maxVehicles: integer('max_vehicles'),
    offer: text('offer'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('subscription_plans_active_key').on(t.countryCode, t.accountType, t.type, t.period).where(sql`${t.isActive}`),
  ],
);

/**
 * A park's subscription: the days it covers (park time zone, inclusive) and the vehicles it allows.
 * At most one is 'active' per park; paid extensions wait 'scheduled'. The price per vehicle is kept
 * as bought, so a later change of the plan's price never alters what an upgrade costs.
 */
export const parkSubscriptions = pgTable(
  'park_subscriptions',
  {
    id: idColumn(),
    parkId: uuid('park_id').notNull().references(() => parks.id, { onDelete: 'cascade' }),
    planId: uuid('plan_id').references(() => subscriptionPlans.id, { onDelete: 'set null' }),
    status: text('status').$type<TSubscriptionStatus>().notNull(),
    type: text('type').$type<TPlanType>().notNull(),
    applicationType: text('application_type').$type<TAccountType>().notNull().default('particulier'),
    period: text('period').$type<TPlanPeriod>().notNull(),
    vehicleNumber: integer('vehicle_number').notNull(),
    pricePerVehicle: bigint('price_per_vehicle', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    /** What was paid for it (0 for the trial). */
    amount: bigint('amount', { mode: 'number' }).notNull().default(0),
    offer: text('offer'),
    renew: boolean('renew').notNull().default(false),
    isTrial: boolean('is_trial').notNull().default(false),
    startsOn: date('starts_on').notNull(),
    endsOn: date('ends_on').notNull(),
    /** The invoice whose payment created it (null for the trial). */
    invoiceId: uuid('invoice_id'),
    endedAt: tstz('ended_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('park_subscriptions_one_active_key').on(t.parkId).where(sql`${t.status} = 'active'`),
    index('park_subscriptions_park_idx').on(t.parkId, t.startsOn),
    index('park_subscriptions_due_idx').on(t.status, t.endsOn),
  ],
);

/** One number sequence for the platform's invoices (FLT-2026-000123). */
export const subscriptionInvoiceNumberSeq = pgSequence('subscription_invoice_number_seq', { startWith: 1 });

export interface InvoiceLineRow {
  label: string;
  quantity: number;
  /** Minor units. */
  unitPrice: number;
  amount: number;
}

/**
 * An invoice: what a park buys (subscribe, upgrade, extend, migrate, change), its amount computed on
 * its day, paid by mobile money. It turns paid only when the provider confirms (its payment row).
 */
export const subscriptionInvoices = pgTable(
  'subscription_invoices',
  {
    id: idColumn(),
    parkId: uuid('park_id').notNull().references(() => parks.id, { onDelete: 'cascade' }),
    number: text('number').notNull(),
    kind: text('kind').$type<TInvoiceKind>().notNull(),
    /** The subscription acted on (upgrade, migrate, change, extend) or, once paid, created (subscribe). */
    subscriptionId: uuid('subscription_id').references(() => parkSubscriptions.id, { onDelete: 'set null' }),
    planId: uuid('plan_id').references(() => subscriptionPlans.id, { onDelete: 'set null' }),
    type: text('type').$type<TPlanType>().notNull(),
    applicationType: text('application_type').$type<TAccountType>().notNull(),
    period: text('period').$type<TPlanPeriod>().notNull(),
    /** Vehicles covered once paid. */
    vehicleNumber: integer('vehicle_number').notNull(),
    addedVehicles: integer('added_vehicles').notNull().default(0),
    /** extend: how many periods. */
    periods: integer('periods').notNull().default(1),
    /** The price per vehicle and period the new or changed subscription keeps. */
    pricePerVehicle: bigint('price_per_vehicle', { mode: 'number' }).notNull(),
    periodStart: date('period_start').notNull(),
    periodEnd: date('period_end').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    offer: text('offer'),
    lines: jsonb('lines').$type<InvoiceLineRow[]>().notNull(),
    status: text('status').$type<'unpaid' | 'paid'>().notNull().default('unpaid'),
    /** The last day (park time zone) a payment may be started. */
    validUntil: date('valid_until').notNull(),
    /** The last pay-in asked for it. */
    payinId: uuid('payin_id'),
    paidAt: tstz('paid_at'),
    paidPayinId: uuid('paid_payin_id'),
    createdBy: uuid('created_by').references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('subscription_invoices_number_key').on(t.number),
    index('subscription_invoices_park_idx').on(t.parkId, t.createdAt),
  ],
);

/**
 * Every mobile-money payment a provider confirmed for an invoice, once (payin_id unique). `applied`
 * is false for money that arrived for an invoice already paid: the platform's operator refunds it.
 */
export const subscriptionPayments = pgTable(
  'subscription_payments',
  {
    id: idColumn(),
    parkId: uuid('park_id').notNull().references(() => parks.id, { onDelete: 'cascade' }),
    invoiceId: uuid('invoice_id').notNull().references(() => subscriptionInvoices.id, { onDelete: 'cascade' }),
    payinId: uuid('payin_id').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    applied: boolean('applied').notNull(),
    detail: text('detail'),
    refundedAt: tstz('refunded_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('subscription_payments_payin_key').on(t.payinId), index('subscription_payments_refund_idx').on(t.applied, t.createdAt)],
);

/** The near-end reminders sent (15, 7 and 1 days before the end): each once per subscription. */
export const subscriptionReminders = pgTable(
  'subscription_reminders',
  {
    subscriptionId: uuid('subscription_id').notNull().references(() => parkSubscriptions.id, { onDelete: 'cascade' }),
    daysBefore: integer('days_before').notNull(),
    sentAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.subscriptionId, t.daysBefore] })],
);
