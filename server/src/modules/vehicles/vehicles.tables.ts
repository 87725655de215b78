import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from '../../platform/db/columns.ts';
import { foldedLiteral } from '../../platform/db/search-text.ts';
import { parks, profiles } from '../access/access.tables.ts';
import { brands, colors, documentTypes, models, vehicleContractTypes, vehicleTypes } from '../catalog/catalog.tables.ts';
import { drivers } from '../drivers/drivers.tables.ts';
import { vehicleOwners } from '../owners/owners.tables.ts';
import { suppliers } from '../suppliers/suppliers.tables.ts';

export type VehicleStatus = 'active' | 'assign' | 'maintain' | 'deactivated' | 'reserve';

/** A group of vehicles with its administrators; a vehicle is in at most one group. */
export const vehicleGroups = pgTable(
  'vehicle_groups',
  {
    id: idColumn(),
    parkId: uuid('park_id').notNull().references(() => parks.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description'),
    regionId: integer('region_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('vehicle_groups_park_idx').on(t.parkId)],
);

export const vehicleGroupAdmins = pgTable(
  'vehicle_group_admins',
  {
    groupId: uuid('group_id').notNull().references(() => vehicleGroups.id, { onDelete: 'cascade' }),
    profileId: uuid('profile_id').notNull().references(() => profiles.id, { onDelete: 'cascade' }),
    parkId: uuid('park_id').notNull().references(() => parks.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.profileId] })],
);

export const vehicles = pgTable(
  'vehicles',
  {
    id: idColumn(),
    parkId: uuid('park_id').notNull().references(() => parks.id, { onDelete: 'cascade' }),
    status: text('status').$type<VehicleStatus>().notNull().default('active'),
    label: text('label'),
    vehicleTypeId: integer('vehicle_type_id').notNull().references(() => vehicleTypes.id),
    brandId: integer('brand_id').notNull().references(() => brands.id),
    modelId: integer('model_id').notNull().references(() => models.id),
    colorId: integer('color_id').notNull().references(() => colors.id),
    registrationNumber: text('registration_number').notNull(),
    chassisNumber: text('chassis_number'),
    gpsNumber: text('gps_number'),
    mileage: integer('mileage'),
    /** Mileage at which the next oil change (vidange) is due. */
    mileageForVidange: integer('mileage_for_vidange'),
    entryFleetAt: date('entry_fleet_at'),
    /** Year of first circulation. */
    circulationAt: integer('circulation_at'),
    insuranceSubscriptionAt: date('insurance_subscription_at'),
    vehicleOwnerId: uuid('vehicle_owner_id').references(() => vehicleOwners.id, { onDelete: 'set null' }),
    contractTypeId: integer('contract_type_id').references(() => vehicleContractTypes.id, { onDelete: 'set null' }),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    /** Stored file paths ('/api/file/<id>'), at most 4. */
    images: text('images').array().notNull().default(sql`'{}'::text[]`),
    groupId: uuid('group_id').references(() => vehicleGroups.id, { onDelete: 'set null' }),
    /** The vehicle's property contract: name, contract_type_id, dates, amount (minor units), payment_frequency. */
    propertyContract: jsonb('property_contract'),
    /** Course tariffs: [{tarif (minor units), cadence}]. */
    tarif: jsonb('tarif'),
    yangoVehicleId: text('yango_vehicle_id'),
    isPartnerVehicle: boolean('is_partner_vehicle').notNull().default(false),
    /** Label and registration (also without its dashes), folded: what the list's search reads. */
    searchText: text('search_text').generatedAlwaysAs(
      foldedLiteral(`coalesce(label, '') || ' | ' || registration_number || ' | ' || replace(replace(registration_number, '-', ''), ' ', '')`),
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('vehicles_park_idx').on(t.parkId, t.createdAt),
    // The dashboard's vehicle counts (total, active, in maintenance, before this month) read this index alone.
    index('vehicles_park_status_idx').on(t.parkId, t.status, t.createdAt),
    index('vehicles_group_idx').on(t.groupId),
    index('vehicles_park_model_idx').on(t.parkId, t.modelId),
    index('vehicles_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    uniqueIndex('vehicles_park_registration_key').on(t.parkId, sql`upper(${t.registrationNumber})`),
  ],
);

/** How a vehicle is worked (spec 000 sections 3 to 5): one row per vehicle once configured. */
export const vehicleConfigs = pgTable('vehicle_configs', {
  vehicleId: uuid('vehicle_id').primaryKey().references(() => vehicles.id, { onDelete: 'cascade' }),
  parkId: uuid('park_id').notNull().references(() => parks.id, { onDelete: 'cascade' }),
  workPlanning: text('work_planning').$type<'hourly' | 'daily' | 'weekly'>().notNull(),
  numberDrivers: integer('number_drivers').notNull(),
  /** Service hours and handover as wall-clock 'HH:mm' in the park's time zone. */
  startTime: text('start_time').notNull(),
  endTime: text('end_time').notNull(),
  passationTime: text('passation_time'),
  alternation: boolean('alternation').notNull().default(false),
  alternatingDays: integer('alternating_days'),
  alternatingWeeks: integer('alternating_weeks'),
  startAlternationAt: date('start_alternation_at'),
  salaryDayConfig: boolean('salary_day_config').notNull().default(false),
  /** 1 = Monday ... 7 = Sunday. */
  salaryDayId: integer('salary_day_id'),
  firstDriverAlternationId: uuid('first_driver_alternation_id').references(() => drivers.id, { onDelete: 'set null' }),
  workProgram: text('work_program').notNull().default('driver_in_turn'),
  cadence: text('cadence'),
  updatedAt: updatedAt(),
});

/** The drivers of a vehicle's configuration, with their days or slot. */
export const vehicleConfigDrivers = pgTable(
  'vehicle_config_drivers',
  {
    vehicleId: uuid('vehicle_id').notNull().references(() => vehicles.id, { onDelete: 'cascade' }),
    driverId: uuid('driver_id').notNull().references(() => drivers.id, { onDelete: 'cascade' }),
    parkId: uuid('park_id').notNull().references(() => parks.id, { onDelete: 'cascade' }),
    /** 1 for the first driver of the config, 2 for the second. */
    position: integer('position').notNull(),
    startWorkAt: date('start_work_at'),
    /** Work days, 1 = Monday ... 7 = Sunday. */
    workDays: integer('work_days').array().notNull().default(sql`'{}'::integer[]`),
    /** Hourly planning: 1 = first slot (start to handover), 2 = second (handover to end). */
    hourIntervalId: integer('hour_interval_id'),
  },
  (t) => [primaryKey({ columns: [t.vehicleId, t.driverId] }), index('vehicle_config_drivers_driver_idx').on(t.driverId)],
);

/** Automatic revenue (recette) of a vehicle. Amounts in minor units of the park currency. */
export const vehicleRecipeConfigs = pgTable('vehicle_recipe_configs', {
  vehicleId: uuid('vehicle_id').primaryKey().references(() => vehicles.id, { onDelete: 'cascade' }),
  parkId: uuid('park_id').notNull().references(() => parks.id, { onDelete: 'cascade' }),
  manageInVtc: boolean('manage_in_vtc').notNull().default(true),
  collectionMethod: text('collection_method').$type<'cash' | 'mobile_money' | 'both'>().notNull().default('both'),
  collectionType: text('collection_type').$type<'recipe_objective' | 'without_recipe_objective' | 'yango_recipe'>().notNull(),
  amount: bigint('amount', { mode: 'number' }),
  salaryAmount: bigint('salary_amount', { mode: 'number' }),
  frequency: text('frequency').$type<'daily' | 'weekly' | 'monthly' | 'hourly'>().notNull().default('daily'),
  monthlyDay: integer('monthly_day'),
  collectDay: integer('collect_day'),
  /** 'HH:mm' in the park's time zone; default 20:30. */
  collectTime: text('collect_time').notNull().default('20:30'),
  /**
   * Since when this configuration makes recipes: set when it is first saved, and again when its
   * schedule changes (collection type, frequency, collect day or monthly day). The recipe job
   * never charges a collection day before this one's day (recipes/README.md).
   */
  recipesSince: timestamp('recipes_since', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: updatedAt(),
});

export const vehicleDocuments = pgTable(
  'vehicle_documents',
  {
    id: idColumn(),
    parkId: uuid('park_id').notNull().references(() => parks.id, { onDelete: 'cascade' }),
    vehicleId: uuid('vehicle_id').notNull().references(() => vehicles.id, { onDelete: 'cascade' }),
    documentTypeId: integer('document_type_id').notNull().references(() => documentTypes.id),
    /** The insurer (document type 1 only), one of the park's suppliers. */
    supplierId: uuid('supplier_id').references(() => suppliers.id, { onDelete: 'set null' }),
    name: text('name'),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    description: text('description'),
    images: text('images').array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
  },
  (t) => [index('vehicle_documents_vehicle_idx').on(t.vehicleId), index('vehicle_documents_park_end_idx').on(t.parkId, t.endDate)],
);
