import { bigint, date, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, idColumn } from '../../platform/db/columns.ts';
import { parks, profiles } from '../access/access.tables.ts';
import { drivers } from '../drivers/drivers.tables.ts';
import { fundMovements } from '../operations/operations.tables.ts';

/** A salary paid to a driver for a period (spec 001 section 2.11): gross - penalties = net, in minor units. */
export const salaryPayments = pgTable(
  'salary_payments',
  {
    id: idColumn(),
    parkId: uuid('park_id').notNull().references(() => parks.id, { onDelete: 'cascade' }),
    driverId: uuid('driver_id').notNull().references(() => drivers.id, { onDelete: 'cascade' }),
    periodStart: date('period_start').notNull(),
    periodEnd: date('period_end').notNull(),
    gross: bigint('gross', { mode: 'number' }).notNull(),
    penalties: bigint('penalties', { mode: 'number' }).notNull(),
    net: bigint('net', { mode: 'number' }).notNull(),
    paymentType: text('payment_type').notNull(),
    reason: text('reason'),
    /** The expense operation that paid it (none when net is 0). */
    fundMovementId: uuid('fund_movement_id').references(() => fundMovements.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('salary_payments_driver_idx').on(t.driverId, t.periodStart)],
);

/** A penalty (contravention operation) deducted from a salary: each is deducted at most once. */
export const salaryPenalties = pgTable(
  'salary_penalties',
  {
    salaryPaymentId: uuid('salary_payment_id').notNull().references(() => salaryPayments.id, { onDelete: 'cascade' }),
    fundMovementId: uuid('fund_movement_id').primaryKey().references(() => fundMovements.id, { onDelete: 'cascade' }),
    amount: bigint('amount', { mode: 'number' }).notNull(),
  },
);
