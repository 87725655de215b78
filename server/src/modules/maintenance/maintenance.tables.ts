import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, primaryKey, smallint, text, uuid } from 'drizzle-orm/pg-core';
import type { TPnlCode } from '@flotte/contract';
import { createdAt, idColumn, tstz, updatedAt } from '../../platform/db/columns.ts';
import { parks, profiles } from '../access/access.tables.ts';
import { carComponents } from '../catalog/catalog.tables.ts';
import { files } from '../files/files.tables.ts';
import { suppliers } from '../suppliers/suppliers.tables.ts';
import { caisses } from '../treasury/treasury.tables.ts';
import { vehicles, type VehicleStatus } from '../vehicles/vehicles.tables.ts';

/**
 * Kinds of maintenance (GET /repair-type), shared by every park and seeded by a migration. Each
 * files its expense under the P&L sub-account of its code (spec 001: maintain, vidange, reparation,
 * change, repair_maintain); the oil change (vidange) also moves the vehicle's next oil-change mileage.
 */
export const repairTypes = pgTable('repair_types', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  name: text('name').notNull(),
  code: text('code').$type<TPnlCode>().notNull(),
});

export type MaintenanceStatus = 'available' | 'finished' | 'canceled';

/**
 * A vehicle's maintenance (entretien, spec 002 sections 2 to 5). Stored status is available
 * (scheduled, or in progress while its dates run), finished or canceled; finish and cancel only
 * while available. The estimate is the sum of the items' estimated amounts; `amount` is what was
 * really paid, set when finished (its operations are in fund_movements.maintenance_id).
 */
export const maintenances = pgTable(
  'maintenances',
  {
    id: idColumn(),
    parkId: uuid('park_id').notNull().references(() => parks.id, { onDelete: 'cascade' }),
    vehicleId: uuid('vehicle_id').notNull().references(() => vehicles.id, { onDelete: 'cascade' }),
    supplierId: uuid('supplier_id').references(() => suppliers.id, { onDelete: 'set null' }),
    description: text('description'),
    /** 1 a few hours, 2 one day, 3 several days (spec 002 section 4). */
    durationChoice: smallint('duration_choice').notNull(),
    startAt: tstz('start_at').notNull(),
    endAt: tstz('end_at').notNull(),
    status: text('status').$type<MaintenanceStatus>().notNull().default('available'),
    /** Minor units: the sum of the items' estimates. */
    estimatedAmount: bigint('estimated_amount', { mode: 'number' }).notNull(),
    /** Minor units: what was paid, set when finished. */
    amount: bigint('amount', { mode: 'number' }),
    /** Stored file paths ('/api/file/<id>'), at most 4. */
    images: text('images').array().notNull().default(sql`'{}'::text[]`),
    invoiceFileId: uuid('invoice_file_id').references(() => files.id, { onDelete: 'set null' }),
    caisseId: uuid('caisse_id').references(() => caisses.id),
    /** The odometer read when it was finished, when given. */
    mileage: integer('mileage'),
    /** The vehicle's status before this maintenance put it in 'maintain', restored when it ends. */
    vehicleStatusBefore: text('vehicle_status_before').$type<VehicleStatus>(),
    createdBy: uuid('created_by').references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    finishedAt: tstz('finished_at'),
    finishedBy: uuid('finished_by').references(() => profiles.id, { onDelete: 'set null' }),
    canceledAt: tstz('canceled_at'),
    canceledBy: uuid('canceled_by').references(() => profiles.id, { onDelete: 'set null' }),
  },
  (t) => [
    // The list: a park's maintenances, latest start first, optionally of one status.
    index('maintenances_park_start_idx').on(t.parkId, t.startAt, t.id),
    index('maintenances_park_status_start_idx').on(t.parkId, t.status, t.startAt, t.id),
    index('maintenances_vehicle_start_idx').on(t.vehicleId, t.startAt),
    index('maintenances_supplier_start_idx').on(t.supplierId, t.startAt).where(sql`${t.supplierId} is not null`),
    // What is running or due to run: the status job and the planning read only these.
    index('maintenances_open_idx').on(t.parkId, t.endAt).where(sql`${t.status} = 'available'`),
  ],
);

/** What a maintenance concerns: per repair type, the components with their estimated and paid amounts. */
export const maintenanceItems = pgTable(
  'maintenance_items',
  {
    maintenanceId: uuid('maintenance_id').notNull().references(() => maintenances.id, { onDelete: 'cascade' }),
    repairTypeId: integer('repair_type_id').notNull().references(() => repairTypes.id),
    componentId: integer('component_id').notNull().references(() => carComponents.id),
    /** Minor units. */
    estimatedAmount: bigint('estimated_amount', { mode: 'number' }).notNull(),
    /** Minor units, set when finished. */
    amount: bigint('amount', { mode: 'number' }),
  },
  (t) => [primaryKey({ columns: [t.maintenanceId, t.repairTypeId, t.componentId] })],
);
