import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { TContractEventKind, TContractStatus, TContractType, TInstalmentStatus, TPaymentFrequency } from '@flotte/contract/contracts';
import { createdAt, idColumn, tstz, updatedAt } from '../../platform/db/columns.ts';
import { parks, profiles } from '../access/access.tables.ts';
import { vehicleContractTypes } from '../catalog/catalog.tables.ts';
import { drivers } from '../drivers/drivers.tables.ts';
import { files } from '../files/files.tables.ts';
import { fundMovements } from '../operations/operations.tables.ts';
import { vehicleOwners } from '../owners/owners.tables.ts';
import { recipes } from '../recipes/recipes.tables.ts';
import { vehicles } from '../vehicles/vehicles.tables.ts';

/**
 * A contract (spec 002, issue 19): PARTNER, the park pays a vehicle owner per period for his car;
 * DRIVER, hire purchase, the driver pays the vehicle in instalments and owns it when paid off.
 * PENDING until signed, then ACTIVE; EXPIRED once its end has passed with nothing due (or a driver
 * contract fully paid); CANCELLED with a reason, irreversible. Money figures are minor units and
 * always hold total_paid + remaining_amount = total_amount (a property test checks it against the
 * ledger); they are kept here, in the transaction that pays an instalment, so lists and statistics
 * read one row per contract.
 */
export const contracts = pgTable(
  'contracts',
  {
    id: idColumn(),
    parkId: uuid('park_id').notNull().references(() => parks.id, { onDelete: 'cascade' }),
    /** Per park, from 1: the number printed on the document (C-2026-0007). */
    number: integer('number').notNull(),
    contractType: text('contract_type').$type<TContractType>().notNull(),
    status: text('status').$type<TContractStatus>().notNull().default('PENDING'),
    /** The vehicle contract type (location, location-vente ...), optional. */
    vehicleContractTypeId: integer('vehicle_contract_type_id').references(() => vehicleContractTypes.id, { onDelete: 'set null' }),
    vehicleId: uuid('vehicle_id').notNull().references(() => vehicles.id, { onDelete: 'cascade' }),
    /** PARTNER: who is paid. DRIVER: the vehicle's owner when the contract was made. */
    vehicleOwnerId: uuid('vehicle_owner_id').references(() => vehicleOwners.id, { onDelete: 'set null' }),
    /** DRIVER: who pays. */
    driverId: uuid('driver_id').references(() => drivers.id, { onDelete: 'cascade' }),
    totalAmount: bigint('total_amount', { mode: 'number' }).notNull(),
    frequencyAmount: bigint('frequency_amount', { mode: 'number' }).notNull(),
    paymentFrequency: text('payment_frequency').$type<TPaymentFrequency>().notNull(),
    /** Days in the park's time zone; hourly instalments fall at start_time + n hours. */
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    /** HH:mm, for hourly contracts: the first instalment's hour. */
    startTime: text('start_time'),
    /** The first unpaid instalment's due day; null when nothing remains. */
    nextDueDate: date('next_due_date'),
    totalPaid: bigint('total_paid', { mode: 'number' }).notNull().default(0),
    remainingAmount: bigint('remaining_amount', { mode: 'number' }).notNull(),
    /** Free clauses added to the document's standard ones. */
    clauses: text('clauses'),
    description: text('description'),
    /** The current document version (0 before the first document). */
    documentVersion: integer('document_version').notNull().default(0),
    signedAt: tstz('signed_at'),
    signedBy: uuid('signed_by').references(() => profiles.id, { onDelete: 'set null' }),
    cancelledAt: tstz('cancelled_at'),
    cancelledBy: uuid('cancelled_by').references(() => profiles.id, { onDelete: 'set null' }),
    cancelReason: text('cancel_reason'),
    /** On cancel, what was due and unpaid: written off, or kept as the driver's debt. */
    cancelDebtMode: text('cancel_debt_mode').$type<'write_off' | 'keep_debt'>(),
    /** DRIVER: when the last instalment was paid. */
    paidOffAt: tstz('paid_off_at'),
    /** DRIVER paid off: the owner record made for the driver, now the vehicle's owner. */
    newOwnerId: uuid('new_owner_id').references(() => vehicleOwners.id, { onDelete: 'set null' }),
    /** DRIVER paid off: when the park's owner confirmed the vehicle leaves the active fleet. */
    handoverConfirmedAt: tstz('handover_confirmed_at'),
    handoverConfirmedBy: uuid('handover_confirmed_by').references(() => profiles.id, { onDelete: 'set null' }),
    expiredAt: tstz('expired_at'),
    createdBy: uuid('created_by').references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('contracts_park_number_key').on(t.parkId, t.number),
    // The list: a park's contracts, newest first, optionally of one status or type.
    index('contracts_park_created_idx').on(t.parkId, t.createdAt, t.id),
    index('contracts_park_status_idx').on(t.parkId, t.status, t.createdAt, t.id),
    // The list filtered by type (partner or driver), newest first.
    index('contracts_park_type_idx').on(t.parkId, t.contractType, t.createdAt, t.id),
    // The statistics: one index-only read of the park's contracts per status and type (the migration
    // adds INCLUDE (total_amount, total_paid, remaining_amount, vehicle_id, driver_id)).
    index('contracts_stats_idx').on(t.parkId, t.status, t.contractType),
    index('contracts_vehicle_idx').on(t.vehicleId),
    index('contracts_driver_idx').on(t.driverId).where(sql`${t.driverId} is not null`),
    index('contracts_owner_idx').on(t.vehicleOwnerId).where(sql`${t.vehicleOwnerId} is not null`),
  ],
);

/**
 * One dated amount of a contract's schedule (échéance). Paid instalments are frozen: regenerate
 * rebuilds only the unpaid ones. A DRIVER instalment is collected through a recipe of kind
 * 'contract' (created when it falls due, or when the driver pays ahead), so the recipes' payment
 * modes, partial payments and debts apply; a PARTNER instalment is paid by an expense from a caisse.
 */
/**
 * A park's contracts summed by status and type, kept by statement triggers on contracts (migration
 * 0018) in the transaction that changes them: the statistics and the list's total read these few
 * rows instead of every contract of the park.
 */
export const contractTotals = pgTable(
  'contract_totals',
  {
    parkId: uuid('park_id').notNull().references(() => parks.id, { onDelete: 'cascade' }),
    status: text('status').$type<TContractStatus>().notNull(),
    contractType: text('contract_type').$type<TContractType>().notNull(),
    n: integer('n').notNull().default(0),
    totalAmount: bigint('total_amount', { mode: 'number' }).notNull().default(0),
    totalPaid: bigint('total_paid', { mode: 'number' }).notNull().default(0),
    remainingAmount: bigint('remaining_amount', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.parkId, t.status, t.contractType] })],
);

/**
 * The vehicles and drivers (as buyers) under an ACTIVE contract, each with its number of such
 * contracts: a row while it has one (same triggers). The statistics count the rows.
 */
export const contractActiveParties = pgTable(
  'contract_active_parties',
  {
    parkId: uuid('park_id').notNull().references(() => parks.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'vehicle' | 'driver'>().notNull(),
    partyId: uuid('party_id').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.parkId, t.kind, t.partyId] }),
    // The rows a change left at zero, deleted by the triggers through this (nearly always empty) index.
    index('contract_active_parties_empty_idx').on(t.parkId).where(sql`${t.n} <= 0`),
  ],
);

export const contractInstalments = pgTable(
  'contract_instalments',
  {
    id: idColumn(),
    parkId: uuid('park_id').notNull().references(() => parks.id, { onDelete: 'cascade' }),
    contractId: uuid('contract_id').notNull().references(() => contracts.id, { onDelete: 'cascade' }),
    /** 1, 2, 3 ... in due order. */
    seq: integer('seq').notNull(),
    dueDate: date('due_date').notNull(),
    /** HH:mm for hourly contracts. */
    dueTime: text('due_time'),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    paidAmount: bigint('paid_amount', { mode: 'number' }).notNull().default(0),
    status: text('status').$type<TInstalmentStatus>().notNull().default('due'),
    paidAt: tstz('paid_at'),
    /** DRIVER: the recipe that collects it. */
    recipeId: uuid('recipe_id').references(() => recipes.id, { onDelete: 'set null' }),
    /** PARTNER: the expense that paid the owner. */
    fundMovementId: uuid('fund_movement_id').references(() => fundMovements.id, { onDelete: 'set null' }),
    paidBy: uuid('paid_by').references(() => profiles.id, { onDelete: 'set null' }),
    /** When the due-instalments job last told about it (once per instalment). */
    notifiedAt: tstz('notified_at'),
  },
  (t) => [
    uniqueIndex('contract_instalments_seq_key').on(t.contractId, t.seq),
    uniqueIndex('contract_instalments_recipe_key').on(t.recipeId).where(sql`${t.recipeId} is not null`),
    // The job and 'échéances ce mois': unpaid instalments of a park by due day (the migration adds
    // INCLUDE (contract_id, amount, paid_amount): this month's are read from the index alone, not
    // from a heap page per instalment).
    index('contract_instalments_open_idx').on(t.parkId, t.dueDate).where(sql`${t.status} = 'due'`),
  ],
);

/** Every change of a contract, with who and when (GET /contract/{id}/history). */
export const contractEvents = pgTable(
  'contract_events',
  {
    id: idColumn(),
    parkId: uuid('park_id').notNull().references(() => parks.id, { onDelete: 'cascade' }),
    contractId: uuid('contract_id').notNull().references(() => contracts.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<TContractEventKind>().notNull(),
    /** What changed: fields before and after, amounts, the version signed ... */
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    profileId: uuid('profile_id').references(() => profiles.id, { onDelete: 'set null' }),
    /** The person's name then, kept so the history reads the same after a profile is removed. */
    actorName: text('actor_name'),
    createdAt: createdAt(),
  },
  (t) => [index('contract_events_contract_idx').on(t.contractId, t.createdAt)],
);

/** Who signed a contract, when, from which profile, and which document version. */
export const contractSignatures = pgTable(
  'contract_signatures',
  {
    id: idColumn(),
    parkId: uuid('park_id').notNull().references(() => parks.id, { onDelete: 'cascade' }),
    contractId: uuid('contract_id').notNull().references(() => contracts.id, { onDelete: 'cascade' }),
    profileId: uuid('profile_id').references(() => profiles.id, { onDelete: 'set null' }),
    signerName: text('signer_name').notNull(),
    documentVersion: integer('document_version').notNull(),
    signedAt: createdAt(),
  },
  (t) => [index('contract_signatures_contract_idx').on(t.contractId)],
);

/** The contract's PDF, one row per version; old versions stay downloadable. */
export const contractDocuments = pgTable(
  'contract_documents',
  {
    id: idColumn(),
    parkId: uuid('park_id').notNull().references(() => parks.id, { onDelete: 'cascade' }),
    contractId: uuid('contract_id').notNull().references(() => contracts.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    fileId: uuid('file_id').notNull().references(() => files.id),
    createdBy: uuid('created_by').references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('contract_documents_version_key').on(t.contractId, t.version)],
);
