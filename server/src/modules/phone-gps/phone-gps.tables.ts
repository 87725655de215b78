import { sql } from 'drizzle-orm';
import { doublePrecision, index, pgTable, real, uuid } from 'drizzle-orm/pg-core';
import { idColumn, tstz } from '../../platform/db/columns.ts';
import { parks } from '../access/access.tables.ts';
import { drivers } from '../drivers/drivers.tables.ts';

/**
 * Phone GPS (issue 22 section 2): the positions a driver's phone reports while he is on duty, with
 * his consent (drivers.gps_consent_at). Kept for the park's retention (parks.gps_retention_days),
 * then deleted by the daily job (phone-gps.job.ts).
 */
export const driverPositions = pgTable(
  'driver_positions',
  {
    id: idColumn(),
    parkId: uuid('park_id').notNull().references(() => parks.id, { onDelete: 'cascade' }),
    driverId: uuid('driver_id').notNull().references(() => drivers.id, { onDelete: 'cascade' }),
    /** The phone's fix time. */
    recordedAt: tstz('recorded_at').notNull(),
    /** When we received it: what the 30 s spacing reads. */
    receivedAt: tstz('received_at').notNull().defaultNow(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    accuracyM: real('accuracy_m').notNull(),
    speedKmh: real('speed_kmh'),
    /** Degrees from north, 0-360. */
    heading: real('heading'),
  },
  (t) => [
    // A driver's history and last position, newest first.
    index('driver_positions_driver_idx').on(t.driverId, sql`${t.recordedAt} desc`),
    // The retention job's deletes, park by park.
    index('driver_positions_park_idx').on(t.parkId, t.recordedAt),
  ],
);
