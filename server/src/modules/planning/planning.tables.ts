import { boolean, date, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, tstz, updatedAt } from '../../platform/db/columns.ts';
import { parks } from '../access/access.tables.ts';
import { drivers } from '../drivers/drivers.tables.ts';
import { vehicleGroups, vehicles } from '../vehicles/vehicles.tables.ts';

/**
 * A rotation group (spec 000 section 3): vehicles worked together, each with its principal driver
 * and an interim (interimaire) who takes the vehicle when the principal can't drive.
 */
export const rotationGroups = pgTable(
  'rotation_groups',
  {
    id: idColumn(),
    parkId: uuid('park_id').notNull().references(() => parks.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The vehicle group it was made from, if any. */
    vehicleGroupId: uuid('vehicle_group_id').references(() => vehicleGroups.id, { onDelete: 'set null' }),
    passationType: text('passation_type'),
    regionId: integer('region_id'),
    /** Options: checking, collection, and the planning cadence (daily, weekly, monthly). */
    checking: boolean('checking').notNull().default(false),
    collection: boolean('collection').notNull().default(false),
    planning: text('planning').$type<'daily' | 'weekly' | 'monthly'>().notNull().default('daily'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('rotation_groups_park_idx').on(t.parkId)],
);

/** A vehicle of a rotation group (at most one group per vehicle) with its principal and interim drivers. */
export const rotationGroupVehicles = pgTable(
  'rotation_group_vehicles',
  {
    rotationGroupId: uuid('rotation_group_id').notNull().references(() => rotationGroups.id, { onDelete: 'cascade' }),
    vehicleId: uuid('vehicle_id').notNull().references(() => vehicles.id, { onDelete: 'cascade' }),
    parkId: uuid('park_id').notNull().references(() => parks.id, { onDelete: 'cascade' }),
    principalDriverId: uuid('principal_driver_id').references(() => drivers.id, { onDelete: 'set null' }),
    interimDriverId: uuid('interim_driver_id').references(() => drivers.id, { onDelete: 'set null' }),
  },
  (t) => [primaryKey({ columns: [t.rotationGroupId, t.vehicleId] }), uniqueIndex('rotation_group_vehicles_vehicle_key').on(t.vehicleId)],
);

export type PlanningSlot = 'full' | 'first' | 'second';

/**
 * A confirmed planning entry: who drives which vehicle on which day, for the whole service day
 * ('full') or one side of the handover ('first', 'second'). Confirming a period replaces that
 * period's entries of the vehicles confirmed, so (vehicle, day, slot) is unique.
 */
export const planningEntries = pgTable(
  'planning_entries',
  {
    id: idColumn(),
    parkId: uuid('park_id').notNull().references(() => parks.id, { onDelete: 'cascade' }),
    vehicleId: uuid('vehicle_id').notNull().references(() => vehicles.id, { onDelete: 'cascade' }),
    driverId: uuid('driver_id').notNull().references(() => drivers.id, { onDelete: 'cascade' }),
    /** The service day, in the park's time zone. */
    day: date('day').notNull(),
    slot: text('slot').$type<PlanningSlot>().notNull(),
    startsAt: tstz('starts_at').notNull(),
    endsAt: tstz('ends_at').notNull(),
    /** The driver keeps this day's revenue as salary: no recipe is expected for it. */
    isSalaryDay: boolean('is_salary_day').notNull().default(false),
    /** 'interim' when the rotation group's interim drives in place of the principal. */
    role: text('role').$type<'principal' | 'interim'>().notNull().default('principal'),
    rotationGroupId: uuid('rotation_group_id').references(() => rotationGroups.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('planning_entries_vehicle_day_slot_key').on(t.vehicleId, t.day, t.slot),
    // With vehicle_id, the dashboard's "planned today?" reads the index alone.
    index('planning_entries_park_day_idx').on(t.parkId, t.day, t.vehicleId),
    index('planning_entries_driver_day_idx').on(t.driverId, t.day),
  ],
);

