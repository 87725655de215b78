import { bigint, date, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import type { TPnlType } from '@flotte/contract';
import { parks } from '../access/access.tables.ts';

/**
 * A park's operations summed per day (in the park's time zone), sub-account and caisse, kept by a
 * trigger on fund_movements (migration 0007) so no writer can forget it. With a million operations
 * an exact count of the operations list, or a month's accounting state, would otherwise read every
 * row of the period; here they read at most a few thousand summary rows.
 * - visible_count: operations the list shows (reversing rows are hidden);
 * - counted_amount: what the accounting counts, confirmed and not cancelled (minor units).
 * Days are cut in the park's time zone at write time.
 */
export const fundMovementDailyTotals = pgTable(
  'fund_movement_daily_totals',
  {
    parkId: uuid('park_id')
      .notNull()
      .references(() => parks.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    type: text('type').$type<TPnlType>().notNull(),
    subAccountId: uuid('sub_account_id').notNull(),
    caisseId: uuid('caisse_id').notNull(),
    visibleCount: integer('visible_count').notNull().default(0),
    countedAmount: bigint('counted_amount', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.parkId, t.day, t.subAccountId, t.caisseId] }), index('fund_movement_daily_totals_type_idx').on(t.parkId, t.type, t.day)],
);

/**
 * The same totals per park-local month (`month` is its first day), kept by the same trigger: a
 * period's whole months are read here, its edge days from the daily table, so even "all time" over
 * years of operations sums a few hundred rows.
 */
export const fundMovementMonthlyTotals = pgTable(
  'fund_movement_monthly_totals',
  {
    parkId: uuid('park_id')
      .notNull()
      .references(() => parks.id, { onDelete: 'cascade' }),
    month: date('month', { mode: 'string' }).notNull(),
    type: text('type').$type<TPnlType>().notNull(),
    subAccountId: uuid('sub_account_id').notNull(),
    caisseId: uuid('caisse_id').notNull(),
    visibleCount: integer('visible_count').notNull().default(0),
    countedAmount: bigint('counted_amount', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.parkId, t.month, t.subAccountId, t.caisseId] })],
);
