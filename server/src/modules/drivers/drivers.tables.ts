import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, tstz, updatedAt } from '../../platform/db/columns.ts';
import { foldedLiteral } from '../../platform/db/search-text.ts';
import { parks, users } from '../access/access.tables.ts';
import { driverGroups, driverTypes, grades } from '../catalog/catalog.tables.ts';

/**
 * A driver of the park. Status follows two stamps (spec 000 section 4): suspended while blocked_at
 * is set, deactivated while desactivate_at is set, active otherwise.
 */
export const drivers = pgTable(
  'drivers',
  {
    id: idColumn(),
    parkId: uuid('park_id').notNull().references(() => parks.id, { onDelete: 'cascade' }),
    /** The account the driver signs in with (driver login type), once they have one. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone').notNull(),
    email: text('email'),
    cniNumber: text('cni_number'),
    birthday: date('birthday'),
    sex: text('sex').$type<'men' | 'women'>(),
    placeBirth: text('place_birth'),
    image: text('image'),
    gradeId: integer('grade_id').references(() => grades.id, { onDelete: 'set null' }),
    driverTypeId: integer('driver_type_id').references(() => driverTypes.id, { onDelete: 'set null' }),
    driverGroupId: integer('driver_group_id').references(() => driverGroups.id, { onDelete: 'set null' }),
    cityId: integer('city_id'),
    regionId: integer('region_id'),
    startWorkAt: date('start_work_at'),
    /** Weekly days off, 1 = Monday ... 7 = Sunday. */
    daysOff: integer('days_off').array().notNull().default(sql`'{}'::integer[]`),
    canRelay: boolean('can_relay').notNull().default(false),
    enableWithdraw: boolean('enable_withdraw').notNull().default(false),
    blockedAt: tstz('blocked_at'),
    blockReason: text('block_reason'),
    desactivateAt: tstz('desactivate_at'),
    /** When he agreed, in his space, that his phone reports its position while on duty (issue 22); null: not shared. */
    gpsConsentAt: tstz('gps_consent_at'),
    tag: text('tag'),
    /** Names both ways, CNI and phone, folded: what the list's search reads, through a trigram index. */
    searchText: text('search_text').generatedAlwaysAs(
      foldedLiteral(`first_name || ' ' || last_name || ' | ' || last_name || ' ' || first_name || ' | ' || coalesce(cni_number, '') || ' | ' || phone`),
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('drivers_park_idx').on(t.parkId, t.lastName, t.firstName),
    // The dashboard's driver counts (total, active, before this month) read this index alone.
    index('drivers_park_standing_idx').on(t.parkId, t.createdAt, t.blockedAt, t.desactivateAt),
    uniqueIndex('drivers_park_phone_key').on(t.parkId, t.phone),
    // A driver's sign-in finds his drivers by phone in every park, and his space (issue 22) finds
    // him by his account on every request.
    index('drivers_phone_idx').on(t.phone),
    index('drivers_user_idx').on(t.userId).where(sql`${t.userId} is not null`),
    index('drivers_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
  ],
);

/** A driving licence: one per type (A to D) per driver; expiry only when not permanent. */
export const driverLicences = pgTable(
  'driver_licences',
  {
    id: idColumn(),
    driverId: uuid('driver_id').notNull().references(() => drivers.id, { onDelete: 'cascade' }),
    parkId: uuid('park_id').notNull().references(() => parks.id, { onDelete: 'cascade' }),
    type: text('type').$type<'A' | 'B' | 'C' | 'D'>().notNull(),
    number: text('number').notNull(),
    permanent: boolean('permanent').notNull().default(false),
    deliveryAt: date('delivery_at').notNull(),
    expireAt: date('expire_at'),
    countryDelivery: text('country_delivery'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('driver_licences_driver_type_key').on(t.driverId, t.type), index('driver_licences_park_idx').on(t.parkId)],
);
