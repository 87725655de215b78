import { sql } from 'drizzle-orm';
import { bigint, doublePrecision, index, integer, jsonb, pgTable, primaryKey, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { TCoursePaymentMode, TCourseStatus } from '@flotte/contract/courses';
import type { TRouteSource } from '@flotte/contract/geo';
import { createdAt, idColumn, tstz, updatedAt } from '../../platform/db/columns.ts';
import { parks, profiles } from '../access/access.tables.ts';
import { clientContacts, clients } from '../clients/clients.tables.ts';
import { drivers } from '../drivers/drivers.tables.ts';
import { maintenances } from '../maintenance/maintenance.tables.ts';
import { fundMovements } from '../operations/operations.tables.ts';
import { caisses, parkTransactions } from '../treasury/treasury.tables.ts';
import { vehicles } from '../vehicles/vehicles.tables.ts';

/**
 * A course (issue 20 section 2): a ride booked for a business client, from one address to another
 * over a span of the park's time, with a vehicle and a driver free then. awaiting -> inProgres
 * (at its start, by the job, once vehicle and driver are set; or by hand) -> finished; awaiting or
 * running -> canceled (irreversible); awaiting past its end -> missed. Addresses are copied in
 * (a client's address book may change; the course keeps where it went). Finishing records the
 * revenue (amount, minor units) as one operation under the 'course' sub-account: into a caisse, or
 * as the client's receivable, settled later by a park transaction into a caisse.
 */
export const courses = pgTable(
  'courses',
  {
    id: idColumn(),
    parkId: uuid('park_id').notNull().references(() => parks.id, { onDelete: 'cascade' }),
    /** Per park, from 1: the purchase order's number (BC-2026-0007). */
    number: integer('number').notNull(),
    /** 1 replacement, 2 maintenance (spec 000 section 3). */
    kind: smallint('kind').notNull().default(1),
    maintenanceId: uuid('maintenance_id').references(() => maintenances.id, { onDelete: 'set null' }),
    clientId: uuid('client_id').notNull().references(() => clients.id, { onDelete: 'restrict' }),
    contactId: uuid('contact_id').references(() => clientContacts.id, { onDelete: 'set null' }),
    status: text('status').$type<TCourseStatus>().notNull().default('awaiting'),
    startDate: tstz('start_date').notNull(),
    endDate: tstz('end_date').notNull(),
    startName: text('start_name').notNull(),
    startDescription: text('start_description'),
    startLat: doublePrecision('start_lat').notNull(),
    startLng: doublePrecision('start_lng').notNull(),
    endName: text('end_name').notNull(),
    endDescription: text('end_description'),
    endLat: doublePrecision('end_lat').notNull(),
    endLng: doublePrecision('end_lng').notNull(),
    /** Metres and seconds by road, or the great-circle metres when routing failed (duration null). */
    distanceM: integer('distance_m'),
    durationS: integer('duration_s'),
    distanceSource: text('distance_source').$type<TRouteSource>(),
    /** The route, [lat, lng] pairs (simplified), for the map and the purchase order. */
    geometry: jsonb('geometry').$type<[number, number][]>(),
    vehicleId: uuid('vehicle_id').references(() => vehicles.id, { onDelete: 'set null' }),
    driverId: uuid('driver_id').references(() => drivers.id, { onDelete: 'set null' }),
    numberOfPeople: integer('number_of_people').notNull().default(1),
    /** Integer minor units of the park currency. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    description: text('description'),
    startedAt: tstz('started_at'),
    finishedAt: tstz('finished_at'),
    finishedBy: uuid('finished_by').references(() => profiles.id, { onDelete: 'set null' }),
    canceledAt: tstz('canceled_at'),
    canceledBy: uuid('canceled_by').references(() => profiles.id, { onDelete: 'set null' }),
    cancelReason: text('cancel_reason'),
    missedAt: tstz('missed_at'),
    /** Set when finished with an amount: where the revenue went, and its operation. */
    paymentMode: text('payment_mode').$type<TCoursePaymentMode>(),
    caisseId: uuid('caisse_id').references(() => caisses.id, { onDelete: 'set null' }),
    fundMovementId: uuid('fund_movement_id').references(() => fundMovements.id, { onDelete: 'set null' }),
    /** A receivable paid: when, by which park transaction (into which caisse). */
    settledAt: tstz('settled_at'),
    settledTransactionId: uuid('settled_transaction_id').references(() => parkTransactions.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('courses_park_number_key').on(t.parkId, t.number),
    // The list, each group and period newest or soonest first, keyset-friendly.
    index('courses_park_start_idx').on(t.parkId, t.startDate, t.id),
    index('courses_park_status_start_idx').on(t.parkId, t.status, t.startDate, t.id),
    index('courses_client_idx').on(t.clientId, t.startDate),
    // Availability: a vehicle's or driver's courses overlapping a span.
    index('courses_vehicle_idx').on(t.vehicleId, t.startDate).where(sql`${t.vehicleId} is not null`),
    index('courses_driver_idx').on(t.driverId, t.startDate).where(sql`${t.driverId} is not null`),
    // The status job: awaiting and running courses by their start and end.
    index('courses_open_idx').on(t.status, t.startDate).where(sql`${t.status} in ('awaiting', 'inProgres')`),
  ],
);

/**
 * A park's courses counted by status, kept by statement triggers on courses (migration 0019) in the
 * transaction that changes them: the list's exact total, by group or status alone, reads a few
 * rows instead of counting a history of a hundred thousand rides.
 */
export const courseStatusTotals = pgTable(
  'course_status_totals',
  {
    parkId: uuid('park_id').notNull().references(() => parks.id, { onDelete: 'cascade' }),
    status: text('status').$type<TCourseStatus>().notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.parkId, t.status] })],
);

/** The park's price of a course: a base fee plus a price per km (minor units), used to suggest amounts. */
export const courseTariffs = pgTable('course_tariffs', {
  parkId: uuid('park_id')
    .primaryKey()
    .references(() => parks.id, { onDelete: 'cascade' }),
  baseFee: bigint('base_fee', { mode: 'number' }).notNull().default(0),
  pricePerKm: bigint('price_per_km', { mode: 'number' }).notNull().default(0),
  updatedBy: uuid('updated_by').references(() => profiles.id, { onDelete: 'set null' }),
  updatedAt: updatedAt(),
});
