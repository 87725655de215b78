import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, pgTable, primaryKey, text, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, tstz, updatedAt } from '../../platform/db/columns.ts';
import { parks, profiles } from '../access/access.tables.ts';
import { drivers } from '../drivers/drivers.tables.ts';
import { fundMovements } from '../operations/operations.tables.ts';
import { recipes } from '../recipes/recipes.tables.ts';
import { vehicles } from '../vehicles/vehicles.tables.ts';

/**
 * The Yango link (issue 21): a park's Fleet API credentials, its drivers' links to their Yango
 * profiles, our copy of their Yango transactions and orders, and the debits of their Yango balance.
 * Yango is the store of the activity; the copy lets the screens, the dashboard and the recipe job
 * read it without calling Yango on every request.
 */

/** One per park: the Fleet API credentials the owner entered. The API key is encrypted at rest (platform/secrets). */
export const yangoConnections = pgTable('yango_connections', {
  parkId: uuid('park_id')
    .primaryKey()
    .references(() => parks.id, { onDelete: 'cascade' }),
  /** X-Client-ID, usually `taxi/park/{yango park id}`. */
  clientId: text('client_id').notNull(),
  /** The park's id at Yango (query.park.id of every call). */
  yangoParkId: text('yango_park_id').notNull(),
  /** X-API-Key, sealed by platform/secrets/secret-box.ts; never answered in full. */
  apiKeySealed: text('api_key_sealed').notNull(),
  /** The key's last 4 characters, what the settings card shows. */
  apiKeyLast4: text('api_key_last4').notNull(),
  /** The park's name and city at Yango, read by the test on save. */
  yangoParkName: text('yango_park_name'),
  yangoParkCity: text('yango_park_city'),
  /** 'ok' after a successful call, 'failing' after a refused one (the sync job's last word). */
  status: text('status').$type<'ok' | 'failing'>().notNull().default('ok'),
  lastError: text('last_error'),
  checkedAt: tstz('checked_at'),
  updatedBy: uuid('updated_by').references(() => profiles.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * A driver linked to his Yango profile (imported or connected). A Yango profile links to one
 * driver per park. The sync job keeps its watermarks here: the newest event and order end it has
 * copied, and the page cursor of a pass that stopped half-way (paced, or refused).
 */
export const yangoDriverLinks = pgTable(
  'yango_driver_links',
  {
    driverId: uuid('driver_id')
      .primaryKey()
      .references(() => drivers.id, { onDelete: 'cascade' }),
    parkId: uuid('park_id').notNull().references(() => parks.id, { onDelete: 'cascade' }),
    yangoId: text('yango_id').notNull(),
    /** Daily collection of his Yango revenue at collect_time (HH:MM, park time) when use_yango_recipe. */
    useYangoRecipe: boolean('use_yango_recipe').notNull().default(false),
    collectTime: text('collect_time').notNull().default('09:00'),
    /** The park day from which the driver's own yango_recipe collections are charged (never the past by surprise). */
    recipesSince: date('recipes_since').notNull(),
    linkedBy: uuid('linked_by').references(() => profiles.id, { onDelete: 'set null' }),
    linkedAt: createdAt(),
    /** Transactions copied up to this instant (event_at); the next pass asks from here. */
    txSyncedTo: tstz('tx_synced_to'),
    txCursor: text('tx_cursor'),
    /** Orders copied up to this instant (ended_at). */
    ordersSyncedTo: tstz('orders_synced_to'),
    ordersCursor: text('orders_cursor'),
    syncedAt: tstz('synced_at'),
    syncError: text('sync_error'),
  },
  (t) => [uniqueIndex('yango_driver_links_park_yango_key').on(t.parkId, t.yangoId), index('yango_driver_links_synced_idx').on(t.syncedAt)],
);

/** The one-time code sent to the phone Yango holds for a driver before he is imported (his consent). */
export const yangoLinkChallenges = pgTable(
  'yango_link_challenges',
  {
    id: idColumn(),
    parkId: uuid('park_id').notNull().references(() => parks.id, { onDelete: 'cascade' }),
    profileId: uuid('profile_id').references(() => profiles.id, { onDelete: 'cascade' }),
    yangoId: text('yango_id').notNull(),
    /** The phone Yango holds, where the code went (E.164). */
    phone: text('phone').notNull(),
    secretHash: text('secret_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: tstz('expires_at').notNull(),
    consumedAt: tstz('consumed_at'),
    createdAt: createdAt(),
  },
  (t) => [index('yango_link_challenges_park_idx').on(t.parkId, t.yangoId, t.createdAt)],
);

/** Our copy of a linked driver's Yango transactions, amounts in minor units of their currency. */
export const yangoTransactions = pgTable(
  'yango_transactions',
  {
    parkId: uuid('park_id').notNull().references(() => parks.id, { onDelete: 'cascade' }),
    yangoTxId: text('yango_tx_id').notNull(),
    driverId: uuid('driver_id').notNull().references(() => drivers.id, { onDelete: 'cascade' }),
    eventAt: tstz('event_at').notNull(),
    categoryId: text('category_id').notNull(),
    categoryName: text('category_name'),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    description: text('description'),
    /** The park's vehicle the driver drove then (his planned vehicle of the day, else his principal one), for revenue per vehicle. */
    vehicleId: uuid('vehicle_id').references(() => vehicles.id, { onDelete: 'set null' }),
  },
  (t) => [primaryKey({ columns: [t.parkId, t.yangoTxId] }), index('yango_transactions_driver_idx').on(t.driverId, t.eventAt), index('yango_transactions_park_event_idx').on(t.parkId, t.eventAt)],
);

/**
 * Per park-local day (parks.time_zone), vehicle, driver and currency: the sums of the copied Yango
 * transactions, kept by statement triggers on yango_transactions (migration 0021) so no writer (the
 * sync, the demo generator, a seed) can forget them. The reconciliation reads whole days here and
 * only its partial first and last days from the rows. Revenue and its seven parts follow
 * balancePartOf (yango-categories.ts; the SQL function yango_balance_part repeats it). The vehicle
 * has no foreign key: a deleted vehicle's transactions go to no vehicle (yango_transactions'
 * `set null`), and the update trigger moves their sums to the null vehicle.
 */
export const yangoDayTotals = pgTable(
  'yango_day_totals',
  {
    parkId: uuid('park_id').notNull().references(() => parks.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    vehicleId: uuid('vehicle_id'),
    driverId: uuid('driver_id').notNull().references(() => drivers.id, { onDelete: 'cascade' }),
    currency: text('currency').notNull(),
    /** Every transaction of the key, and those of a revenue category. */
    txCount: integer('tx_count').notNull().default(0),
    revenueCount: integer('revenue_count').notNull().default(0),
    /** The sum of the seven parts below, minor units. */
    revenue: bigint('revenue', { mode: 'number' }).notNull().default(0),
    cashCollected: bigint('cash_collected', { mode: 'number' }).notNull().default(0),
    platformCard: bigint('platform_card', { mode: 'number' }).notNull().default(0),
    platformCorporate: bigint('platform_corporate', { mode: 'number' }).notNull().default(0),
    platformTip: bigint('platform_tip', { mode: 'number' }).notNull().default(0),
    platformPromotion: bigint('platform_promotion', { mode: 'number' }).notNull().default(0),
    platformBonus: bigint('platform_bonus', { mode: 'number' }).notNull().default(0),
    platformFees: bigint('platform_fees', { mode: 'number' }).notNull().default(0),
  },
  // One row per key, no vehicle being one key (nulls not distinct), read by park and day range.
  (t) => [unique('yango_day_totals_key').on(t.parkId, t.day, t.vehicleId, t.driverId, t.currency).nullsNotDistinct()],
);

/** Our copy of a linked driver's Yango orders (rides). */
export const yangoOrders = pgTable(
  'yango_orders',
  {
    parkId: uuid('park_id').notNull().references(() => parks.id, { onDelete: 'cascade' }),
    yangoOrderId: text('yango_order_id').notNull(),
    driverId: uuid('driver_id').notNull().references(() => drivers.id, { onDelete: 'cascade' }),
    shortId: text('short_id'),
    status: text('status').notNull(),
    bookedAt: tstz('booked_at'),
    endedAt: tstz('ended_at'),
    /** The ride's price in minor units of currency. */
    price: bigint('price', { mode: 'number' }).notNull().default(0),
    currency: text('currency').notNull(),
    /** Metres, when Yango reports it. */
    mileageM: integer('mileage_m'),
    paymentMethod: text('payment_method'),
    category: text('category'),
    carNumber: text('car_number'),
    /** The park's vehicle of that plate, if any. */
    vehicleId: uuid('vehicle_id').references(() => vehicles.id, { onDelete: 'set null' }),
  },
  (t) => [primaryKey({ columns: [t.parkId, t.yangoOrderId] }), index('yango_orders_driver_idx').on(t.driverId, t.endedAt)],
);

/**
 * A collection by debiting the driver's Yango balance (issue 21 section 4). Our id is the
 * X-Idempotency-Token of the Fleet API transaction, so a retry never debits twice. The ledger is
 * written only when Yango confirms ('paid'); 'failed' keeps the reason; 'pending' is a call whose
 * answer was lost, asked again by the same token.
 */
export const yangoDebits = pgTable(
  'yango_debits',
  {
    id: idColumn(),
    parkId: uuid('park_id').notNull().references(() => parks.id, { onDelete: 'cascade' }),
    driverId: uuid('driver_id').notNull().references(() => drivers.id, { onDelete: 'cascade' }),
    recipeId: uuid('recipe_id').notNull().references(() => recipes.id, { onDelete: 'cascade' }),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    status: text('status').$type<'pending' | 'paid' | 'failed'>().notNull().default('pending'),
    /** Why Yango refused or the call failed, in French. */
    reason: text('reason'),
    yangoTxId: text('yango_tx_id'),
    /** The 'recette' operation recorded when Yango confirmed. */
    fundMovementId: uuid('fund_movement_id').references(() => fundMovements.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    settledAt: tstz('settled_at'),
  },
  (t) => [
    index('yango_debits_recipe_idx').on(t.recipeId, t.createdAt),
    // At most one debit in flight per recipe: a second click waits for the first's answer.
    uniqueIndex('yango_debits_pending_key').on(t.recipeId).where(sql`${t.status} = 'pending'`),
  ],
);
