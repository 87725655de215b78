import { sql } from 'drizzle-orm';
import { bigint, date, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, tstz } from '../../platform/db/columns.ts';
import { parks, profiles } from '../access/access.tables.ts';
import { drivers } from '../drivers/drivers.tables.ts';
import { fundMovements } from '../operations/operations.tables.ts';
import { vehicles } from '../vehicles/vehicles.tables.ts';

/**
 * What a driver owes the park (spec 001 sections 3 and 4), in minor units:
 * - 'expected': created by the recipe job for a vehicle, driver and collection period the
 *   confirmed planning says he drove; unique per (vehicle, driver, period_start);
 * - 'unscheduled': an exceptional payment not tied to the planning (collected when created);
 * - 'debt': a debt put on a driver by hand (create-driver-account-history);
 * - 'contract': an instalment of a driver's hire-purchase contract (contracts module), dated its due
 *   day and collected under the 'contract_driver' sub-account.
 * collected grows with each payment (recipe_payments) and never exceeds objective once the
 * objective is set. Deleted recipes keep their row (deleted_at, reason) for the history.
 */
export const recipes = pgTable(
  'recipes',
  {
    id: idColumn(),
    parkId: uuid('park_id').notNull().references(() => parks.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'expected' | 'unscheduled' | 'debt' | 'contract'>().notNull(),
    driverId: uuid('driver_id').notNull().references(() => drivers.id, { onDelete: 'cascade' }),
    vehicleId: uuid('vehicle_id').references(() => vehicles.id, { onDelete: 'set null' }),
    /** The recipe's date (the collection day), in the park's time zone. */
    day: date('day').notNull(),
    /** The driving period it pays for (a day, a week, a month). */
    periodStart: date('period_start').notNull(),
    periodEnd: date('period_end').notNull(),
    frequency: text('frequency').$type<'daily' | 'weekly' | 'monthly' | 'hourly'>(),
    collectionType: text('collection_type').$type<'recipe_objective' | 'without_recipe_objective' | 'yango_recipe'>(),
    /** What is expected; 0 until set for without_recipe_objective. */
    objective: bigint('objective', { mode: 'number' }).notNull().default(0),
    /** What has been collected so far (actual_recipe). */
    collected: bigint('collected', { mode: 'number' }).notNull().default(0),
    /** The driver's salary share attached to this recipe. */
    salaryAmount: bigint('salary_amount', { mode: 'number' }).notNull().default(0),
    comment: text('comment'),
    createdBy: uuid('created_by').references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /** Set when collected reached a non-zero objective. */
    paidAt: tstz('paid_at'),
    /** The salary payment that counted this recipe (salary_is_paid). */
    salaryPaymentId: uuid('salary_payment_id'),
    deletedAt: tstz('deleted_at'),
    deletedBy: uuid('deleted_by').references(() => profiles.id, { onDelete: 'set null' }),
    deleteComment: text('delete_comment'),
  },
  (t) => [
    uniqueIndex('recipes_expected_key').on(t.vehicleId, t.driverId, t.periodStart).where(sql`${t.kind} = 'expected'`),
    // A driver owes his Yango revenue of a period once, whichever configuration (his own link's, or
    // his vehicle's) made it, and even without a vehicle (the key above can't dedupe a null vehicle).
    uniqueIndex('recipes_yango_key').on(t.driverId, t.periodStart).where(sql`${t.kind} = 'expected' and ${t.collectionType} = 'yango_recipe'`),
    // Pages read newest day first, then by id: with id in the key a page is an index range of its
    // 20 rows, not a sort of the newest day's thousand.
    index('recipes_park_day_idx').on(t.parkId, t.day, t.id).where(sql`${t.deletedAt} is null`),
    // The migration adds INCLUDE (objective, collected): a driver's unpaid totals read the index alone.
    index('recipes_unpaid_idx').on(t.parkId, t.day, t.id).where(sql`${t.deletedAt} is null and ${t.paidAt} is null`),
    index('recipes_driver_day_idx').on(t.driverId, t.day),
    // The driver list's debts of a page of drivers: their unpaid recipes only, not the park's. The
    // migration adds INCLUDE (park_id, kind, objective, collected): read from the index alone.
    index('recipes_driver_unpaid_idx').on(t.driverId, t.day).where(sql`${t.deletedAt} is null and ${t.paidAt} is null`),
    index('recipes_deleted_idx').on(t.parkId, t.deletedAt).where(sql`${t.deletedAt} is not null`),
  ],
);

/** One collection of (part of) a recipe; the money itself is the linked operation's ledger posting. */
export const recipePayments = pgTable(
  'recipe_payments',
  {
    id: idColumn(),
    parkId: uuid('park_id').notNull().references(() => parks.id, { onDelete: 'cascade' }),
    recipeId: uuid('recipe_id').notNull().references(() => recipes.id, { onDelete: 'cascade' }),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    method: text('method').$type<'cash' | 'sold' | 'mobile_money' | 'yango'>().notNull(),
    fundMovementId: uuid('fund_movement_id').references(() => fundMovements.id, { onDelete: 'set null' }),
    /** The mobile-money pay-in it came from. */
    payinId: uuid('payin_id'),
    createdBy: uuid('created_by').references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('recipe_payments_recipe_idx').on(t.recipeId), index('recipe_payments_movement_idx').on(t.fundMovementId)],
);
