import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../platform/db/columns.ts';
import { parks } from '../access/access.tables.ts';

/**
 * Reference data: what vehicles and drivers are described with. Integer ids, because the spec and
 * the clients name some by number (document type 1 is the insurance, which needs an insurer).
 * Rows with park_id null are shared by every park and seeded by a migration; rows with a park_id
 * were added by that park and stay in it.
 */
const refId = () => integer('id').primaryKey().generatedByDefaultAsIdentity();
const parkScope = () => uuid('park_id').references(() => parks.id, { onDelete: 'cascade' });

/** `passengers`: the seats besides the driver's, the most people a course may carry (issue 20). */
export const vehicleTypes = pgTable('vehicle_types', { id: refId(), name: text('name').notNull(), passengers: integer('passengers') });

export const brands = pgTable('brands', { id: refId(), name: text('name').notNull() }, (t) => [uniqueIndex('brands_name_key').on(t.name)]);

export const models = pgTable(
  'models',
  { id: refId(), brandId: integer('brand_id').notNull().references(() => brands.id, { onDelete: 'cascade' }), name: text('name').notNull() },
  (t) => [uniqueIndex('models_brand_name_key').on(t.brandId, t.name)],
);

export const colors = pgTable('colors', { id: refId(), name: text('name').notNull(), hex: text('hex').notNull() });

export const currencies = pgTable('currencies', {
  id: refId(),
  /** ISO 4217 code (XAF ...). */
  code: text('code').notNull(),
  name: text('name').notNull(),
  /** ISO 3166 alpha-2 of a country using it. */
  countryCode: text('country_code').notNull(),
});

/** Contract types of a vehicle (location, leasing, mise à disposition ...). */
export const vehicleContractTypes = pgTable(
  'vehicle_contract_types',
  { id: refId(), parkId: parkScope(), name: text('name').notNull(), createdAt: createdAt() },
  (t) => [index('vehicle_contract_types_park_idx').on(t.parkId)],
);

export const documentTypes = pgTable(
  'document_types',
  { id: refId(), parkId: parkScope(), name: text('name').notNull(), createdAt: createdAt() },
  (t) => [
    index('document_types_park_idx').on(t.parkId),
    uniqueIndex('document_types_scope_name_key').on(sql`coalesce(${t.parkId}::text, '')`, sql`lower(${t.name})`),
  ],
);

export const grades = pgTable('grades', { id: refId(), parkId: parkScope(), name: text('name').notNull() }, (t) => [index('grades_park_idx').on(t.parkId)]);

export const driverTypes = pgTable('driver_types', { id: refId(), parkId: parkScope(), name: text('name').notNull() }, (t) => [
  index('driver_types_park_idx').on(t.parkId),
]);

export const driverGroups = pgTable(
  'driver_groups',
  { id: refId(), parkId: parkScope(), name: text('name').notNull(), createdAt: createdAt() },
  (t) => [index('driver_groups_park_idx').on(t.parkId)],
);

/** Hours of a day offered in pickers ('8h'); value is the hour number. */
export const hours = pgTable('hours', { id: refId(), name: text('name').notNull(), value: integer('value').notNull() });

/** Fuel types (GET /carburant), shared. */
export const fuelTypes = pgTable('fuel_types', { id: refId(), name: text('name').notNull() });

/** Car components a maintenance or an expense concerns (GET /car-component); a park may add its own. */
export const carComponents = pgTable(
  'car_components',
  { id: refId(), parkId: parkScope(), name: text('name').notNull(), createdAt: createdAt() },
  (t) => [
    index('car_components_park_idx').on(t.parkId),
    uniqueIndex('car_components_scope_name_key').on(sql`coalesce(${t.parkId}::text, '')`, sql`lower(${t.name})`),
  ],
);
