import { bigint, date, integer, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { parks } from '../access/access.tables.ts';

/**
 * A park's recipes summed per recipe day, kept by statement triggers on `recipes` (migration
 * 0010) so no writer can forget it. The unpaid list's totals and the fleet dashboard's recipe
 * cards read these few hundred rows a year instead of every open recipe: with three years of
 * daily recipes for 1,000 vehicles a park can carry tens of thousands of open debts.
 * Amounts are minor units; "live" means not deleted, "unpaid" live and paid_at still null,
 * "remaining" is greatest(objective - collected, 0). Days are the park's calendar days.
 */
export const recipeDayTotals = pgTable(
  'recipe_day_totals',
  {
    parkId: uuid('park_id')
      .notNull()
      .references(() => parks.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    /** Live expected recipes (kind 'expected'): the dashboard's "expected today" cards. */
    expectedCount: integer('expected_count').notNull().default(0),
    expectedObjective: bigint('expected_objective', { mode: 'number' }).notNull().default(0),
    expectedCollected: bigint('expected_collected', { mode: 'number' }).notNull().default(0),
    /** What remains on the day's unpaid expected recipes. */
    expectedRemaining: bigint('expected_remaining', { mode: 'number' }).notNull().default(0),
    /** Live unpaid recipes of any kind: the unpaid list and the uncollected card. */
    unpaidCount: integer('unpaid_count').notNull().default(0),
    unpaidObjective: bigint('unpaid_objective', { mode: 'number' }).notNull().default(0),
    unpaidRemaining: bigint('unpaid_remaining', { mode: 'number' }).notNull().default(0),
    /** Deleted recipes of that recipe day. */
    deletedCount: integer('deleted_count').notNull().default(0),
    /**
     * Recipes deleted ON that day (their deleted_at in the park's time zone), whatever their recipe
     * day: the "deleted today / this month" cards count by deletion time.
     */
    deletionsCount: integer('deletions_count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.parkId, t.day] })],
);
