import { sql } from 'drizzle-orm';
import { bigint, index, integer, numeric, pgTable, primaryKey, text, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { TPnlType } from '@flotte/contract';
import { createdAt, idColumn, tstz } from '../../platform/db/columns.ts';
import { parks, profiles } from '../access/access.tables.ts';
import { carComponents, fuelTypes } from '../catalog/catalog.tables.ts';
import { drivers } from '../drivers/drivers.tables.ts';
import { files } from '../files/files.tables.ts';
import { maintenances } from '../maintenance/maintenance.tables.ts';
import { pnlAccounts } from '../pnl/pnl.tables.ts';
import { suppliers } from '../suppliers/suppliers.tables.ts';
import { caisses, parkTransactions } from '../treasury/treasury.tables.ts';
import { vehicles } from '../vehicles/vehicles.tables.ts';

/**
 * Operations (fund movements, spec 001 sections 2.1, 3, 4): every revenue or expense of a park,
 * filed under a P&L sub-account and held in a caisse. The money itself moves in the ledger: an
 * operation posts when it is confirmed (at once when the park needs no confirmation). Cancelling a
 * confirmed operation adds a reversing operation (reverses_id = the original, amount negated) with
 * its reversing ledger posting; the original only gains canceled_at and the comment. A pending
 * operation cancelled before confirmation is 'Refusé' and never touched the ledger.
 *
 * Status, derived: reverses_id set -> a reversing row (hidden from lists); canceled_at set ->
 * 'Annulé' if confirmed_at is set, else 'Refusé'; confirmed_at set -> 'Accepté'; else 'En attente'.
 */
export const fundMovements = pgTable(
  'fund_movements',
  {
    id: idColumn(),
    parkId: uuid('park_id')
      .notNull()
      .references(() => parks.id, { onDelete: 'cascade' }),
    type: text('type').$type<TPnlType>().notNull(),
    subAccountId: uuid('sub_account_id')
      .notNull()
      .references(() => pnlAccounts.id),
    /** The caisse that holds the money; null when the money sits in the park balance or a driver's balance (funding). */
    caisseId: uuid('caisse_id').references(() => caisses.id),
    /** Where the money is held: a caisse, the park's mobile-money balance, or the driver's balance (sold). */
    funding: text('funding').$type<'caisse' | 'park_balance' | 'driver_balance' | 'client_receivable' | 'yango_balance'>().notNull().default('caisse'),
    /** Integer minor units; positive, negated on a reversing row. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    operationDate: tstz('operation_date').notNull(),
    comment: text('comment'),
    fileId: uuid('file_id').references(() => files.id, { onDelete: 'set null' }),
    /** cash or mobile_money: how the money came or went. */
    collectMethod: text('collect_method'),
    transactionId: uuid('transaction_id').references(() => parkTransactions.id, { onDelete: 'set null' }),
    vehicleId: uuid('vehicle_id').references(() => vehicles.id, { onDelete: 'set null' }),
    driverId: uuid('driver_id').references(() => drivers.id, { onDelete: 'set null' }),
    fuelTypeId: integer('fuel_type_id').references(() => fuelTypes.id),
    fuelLitres: numeric('fuel_litres', { precision: 10, scale: 2 }),
    /** The maintenance whose finishing paid this expense (one operation per repair type), and its supplier. */
    maintenanceId: uuid('maintenance_id').references(() => maintenances.id, { onDelete: 'set null' }),
    supplierId: uuid('supplier_id').references(() => suppliers.id, { onDelete: 'set null' }),
    /** The course whose finishing recorded this revenue, and its client (who owes it when funding is client_receivable). */
    courseId: uuid('course_id'),
    clientId: uuid('client_id'),
    /** The ledger posting this operation made (null while pending, or if refused). */
    postingId: uuid('posting_id'),
    createdBy: uuid('created_by').references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    confirmedAt: tstz('confirmed_at'),
    confirmedBy: uuid('confirmed_by').references(() => profiles.id, { onDelete: 'set null' }),
    canceledAt: tstz('canceled_at'),
    canceledBy: uuid('canceled_by').references(() => profiles.id, { onDelete: 'set null' }),
    cancelComment: text('cancel_comment'),
    /** On a reversing row: the operation it cancels (at most one per original). */
    reversesId: uuid('reverses_id').references((): AnyPgColumn => fundMovements.id, { onDelete: 'cascade' }),
  },
  (t) => [
    uniqueIndex('fund_movements_reverses_uq').on(t.reversesId),
    // The operations list: a park's visible rows, newest first.
    index('fund_movements_list_idx').on(t.parkId, t.operationDate, t.id).where(sql`${t.reversesId} is null`),
    index('fund_movements_sub_account_idx').on(t.parkId, t.subAccountId, t.operationDate),
    index('fund_movements_driver_idx').on(t.driverId, t.operationDate).where(sql`${t.driverId} is not null`),
    index('fund_movements_vehicle_idx').on(t.vehicleId, t.operationDate).where(sql`${t.vehicleId} is not null`),
    index('fund_movements_caisse_idx').on(t.caisseId, t.operationDate),
    index('fund_movements_maintenance_idx').on(t.maintenanceId).where(sql`${t.maintenanceId} is not null`),
    index('fund_movements_course_idx').on(t.courseId).where(sql`${t.courseId} is not null`),
    // A supplier's page: what was paid to it in a year.
    index('fund_movements_supplier_idx').on(t.supplierId, t.operationDate).where(sql`${t.supplierId} is not null`),
  ],
);

/** The maintenance components an operation paid for (car_component: id and amount). */
export const fundMovementComponents = pgTable(
  'fund_movement_components',
  {
    movementId: uuid('movement_id')
      .notNull()
      .references(() => fundMovements.id, { onDelete: 'cascade' }),
    componentId: integer('component_id')
      .notNull()
      .references(() => carComponents.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.movementId, t.componentId] })],
);
