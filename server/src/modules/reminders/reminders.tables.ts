import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, tstz, updatedAt } from '../../platform/db/columns.ts';
import { parks } from '../access/access.tables.ts';
import { repairTypes } from '../maintenance/maintenance.tables.ts';
import { vehicles } from '../vehicles/vehicles.tables.ts';

/**
 * Service reminders (issue 18 section 2): per vehicle, a repair type or a free title, due every N km,
 * every N months, or whichever comes first. The next due is counted from the last time it was done
 * (a finished maintenance of its repair type moves `last_done_*`); a one-time reminder is done once
 * `done_at` is set. An oil change reminder reads the vehicle's mileage_for_vidange.
 */
export const serviceReminders = pgTable(
  'service_reminders',
  {
    id: idColumn(),
    parkId: uuid('park_id').notNull().references(() => parks.id, { onDelete: 'cascade' }),
    vehicleId: uuid('vehicle_id').notNull().references(() => vehicles.id, { onDelete: 'cascade' }),
    repairTypeId: integer('repair_type_id').references(() => repairTypes.id),
    title: text('title'),
    everyKm: integer('every_km'),
    everyMonths: integer('every_months'),
    recurring: boolean('recurring').notNull().default(true),
    /** The last time the service was done (a day of the park), and the odometer then. */
    lastDoneAt: date('last_done_at'),
    lastDoneKm: integer('last_done_km'),
    /** A one-time reminder once done; it no longer falls due. */
    doneAt: tstz('done_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('service_reminders_vehicle_idx').on(t.vehicleId), index('service_reminders_park_idx').on(t.parkId).where(sql`${t.doneAt} is null`)],
);
