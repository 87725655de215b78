import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from '../../platform/db/columns.ts';
import { parks } from '../access/access.tables.ts';

/**
 * How a park takes money out of its balance (spec 001 sections 2.3, 3, 7): the withdrawal modes
 * offered per country (shared reference data seeded by a migration), the mobile-money operators,
 * and the means a park saved (a mode plus a phone number).
 */

export const WITHDRAW_MODE_TYPES = ['wave', 'mobile_money'] as const;
/** Which payment-provider client pays out through a mode. */
export const PAYMENT_PROVIDERS = ['wave', 'orange', 'mtn', 'moov'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

export const withdrawModes = pgTable(
  'withdraw_modes',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** ISO 3166 alpha-2 (CM, CI, SN, TG, CD). */
    countryIso: text('country_iso').notNull(),
    title: text('title').notNull(),
    type: text('type').$type<(typeof WITHDRAW_MODE_TYPES)[number]>().notNull(),
    provider: text('provider').$type<PaymentProvider>().notNull(),
    /** The fee in basis points of the amount (150 = 1.5 %), so fees are computed in integers. */
    feesBp: integer('fees_bp').notNull(),
    image: text('image'),
  },
  (t) => [index('withdraw_modes_country_idx').on(t.countryIso)],
);

/** GET /operator: the mobile-money operators a payment can go through. */
export const mobileMoneyOperators = pgTable(
  'mobile_money_operators',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    countryIso: text('country_iso').notNull(),
    name: text('name').notNull(),
    provider: text('provider').$type<PaymentProvider>().notNull(),
    image: text('image'),
  },
  (t) => [index('mobile_money_operators_country_idx').on(t.countryIso)],
);

/** A park's saved withdrawal means (mean-withdraw-on-park). */
export const withdrawMeans = pgTable(
  'withdraw_means',
  {
    id: idColumn(),
    parkId: uuid('park_id')
      .notNull()
      .references(() => parks.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** E.164 without '+': the country calling code then the number. */
    phoneNumber: text('phone_number').notNull(),
    withdrawModeId: integer('withdraw_mode_id')
      .notNull()
      .references(() => withdrawModes.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('withdraw_means_park_idx').on(t.parkId)],
);
